import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import type { AdminItem, AdminListQuery } from '../../../../shared/admin/resource.ts';
import type { BalanceChangeKind } from '../../../../shared/contracts/ledger.ts';
import { isUuid } from '../../catalogue/query.ts';
import { toBalanceChange } from '../../ledger/balance-changes.ts';
import { searchBalanceChanges, type BalanceChangeSearch } from '../../ledger/balance-changes.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import { memberListSearch } from './member-lists.ts';

const searchOf = (query: AdminListQuery): BalanceChangeSearch => {
  const { q, userId, fromDate, toDate, sortBy, sort, limit, offset } = memberListSearch(query);
  return {
    q,
    userId,
    fromDate,
    toDate,
    limit,
    offset,
    kind: query.kind as BalanceChangeKind | undefined,
    sort: sort ?? (sortBy === 'oldest' ? 'asc' : 'desc'),
  };
};

async function itemsOf(db: Db, search: BalanceChangeSearch): Promise<{ data: AdminItem[]; total: number }> {
  const { rows, refs, ...total } = await searchBalanceChanges(db, search);
  const data = rows.map((row) => {
    const change = toBalanceChange(row, refs);
    return {
      ...change,
      title: `${change.description} · ${row.username}`,
      userId: row.userId,
      member: row.username,
      memberEmail: row.email,
      reason: row.reason,
    };
  });
  return { data, ...total };
}

/** Every member's balance changes from the ledger (read-only: the ledger is corrected by new entries, never edited). */
export function balanceChangesAdmin(db: Db): AdminAdapter {
  const readOnly = () => Promise.reject(notFound('Balance changes are not written here: adjust a member’s tokens from their page.'));
  return {
    list: (query) => itemsOf(db, searchOf(query)),
    async get(id) {
      const [item] = isUuid(id) ? (await itemsOf(db, { id, limit: 1, offset: 0 })).data : [];
      if (!item) throw notFound('No such balance change.');
      return item;
    },
    create: readOnly,
    update: readOnly,
    remove: readOnly,
  };
}
