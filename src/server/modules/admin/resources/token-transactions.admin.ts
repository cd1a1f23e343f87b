import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import type { AdminItem, AdminListQuery } from '../../../../shared/admin/resource.ts';
import type { SpendType } from '../../../../shared/contracts/tokens.ts';
import { isUuid } from '../../catalogue/query.ts';
import { searchAllTokenTransactions, type SpendForAdmin } from '../../token-transactions/token-transactions.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import { memberListSearch } from './member-lists.ts';
import { spendExportBatches } from '../../token-transactions/token-transactions-export.repository.ts';

/** What a spend bought, in words: the item's title, or a checkout's lines. */
const whatOf = (t: SpendForAdmin) =>
  t.type === 'product'
    ? t.products.map((l) => `${l.quantity} × ${l.name}`).join(', ')
    : String((t.targetInfo as { title?: unknown }).title ?? t.targetId ?? '');

const toItem = (t: SpendForAdmin): AdminItem => ({
  _id: t.id,
  title: `${whatOf(t)} · ${t.username}`,
  userId: t.userId,
  member: t.username,
  memberEmail: t.email,
  type: t.type,
  what: whatOf(t),
  targetId: t.targetId,
  products: t.products,
  totalPrice: t.totalPrice,
  couponCode: t.couponCode ?? '',
  discount: t.discount,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
});

const searchOf = (query: AdminListQuery) => ({
  ...memberListSearch(query),
  type: query.type as SpendType | undefined,
  status: query.status as 'success' | 'refunded' | undefined,
});

/** Every member's unlocks and checkouts (read-only: the ledger is corrected by new entries, never edited). */
export function tokenTransactionsAdmin(db: Db): AdminAdapter {
  const readOnly = () => Promise.reject(notFound('Token transactions are not written here.'));
  return {
    async list(query) {
      const { rows, ...total } = await searchAllTokenTransactions(db, searchOf(query));
      return { data: rows.map(toItem), ...total };
    },
    async *listAllInBatches(query) {
      for await (const rows of spendExportBatches(db, searchOf(query))) yield rows.map(toItem);
    },
    async get(id) {
      const { rows } = isUuid(id) ? await searchAllTokenTransactions(db, { limit: 1, offset: 0, id }) : { rows: [] };
      if (!rows[0]) throw notFound('No such token transaction.');
      return toItem(rows[0]);
    },
    create: readOnly,
    update: readOnly,
    remove: readOnly,
  };
}
