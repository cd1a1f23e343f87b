import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { aheadOf, listTotalOf, type ListTotal } from '../../db/lists.ts';
import { paymentTransactions, tokenLedger, tokenPackages, tokenTransactions, users } from '../../db/schema.ts';
import { dateRange } from '../../lib/text/dates.ts';
import type { BalanceChangeKind } from '../../../shared/contracts/ledger.ts';
import { likeOf } from '../payments/payments-search.repository.ts';
import { memberMatches } from '../users/users.repository.ts';

export type LedgerRow = typeof tokenLedger.$inferSelect;
type SpendRow = typeof tokenTransactions.$inferSelect;

const l = tokenLedger;

/** The entries of each kind: a payment's credit or its refund, a spend, or anything else (an operator's adjustments, the opening balance). */
const KIND_WHERE: Record<BalanceChangeKind, SQL> = {
  bought: and(eq(l.refType, 'payment'), gt(l.delta, 0))!,
  refunded: and(eq(l.refType, 'payment'), lt(l.delta, 0))!,
  spent: eq(l.refType, 'token_transaction'),
  adjusted: or(isNull(l.refType), eq(l.refType, 'adjustment'))!,
};

export const kindOf = (row: Pick<LedgerRow, 'refType' | 'delta'>): BalanceChangeKind =>
  row.refType === 'payment' ? (row.delta > 0 ? 'bought' : 'refunded') : row.refType === 'token_transaction' ? 'spent' : 'adjusted';

export interface BalanceChangeSearch {
  /** One member's entries (theirs, or the back office's member filter). */
  userId?: string;
  /** The back office: the member's username, e-mail or name. */
  q?: string;
  kind?: BalanceChangeKind;
  fromDate?: string;
  toDate?: string;
  /** One entry (its back-office page). */
  id?: string;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** What a page of entries refers to: the spends and payments (with their package's name), read once per page. */
export interface LedgerRefs {
  spends: Map<string, SpendRow>;
  packages: Map<string, string>;
}

/** A page of ledger entries, newest first, with their member and what they refer to (three queries, whatever the page). */
export async function searchBalanceChanges(
  db: Tx,
  query: BalanceChangeSearch,
): Promise<{ rows: (LedgerRow & { username: string; email: string })[]; refs: LedgerRefs } & ListTotal> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim();
  const where = and(
    query.id ? eq(l.id, query.id) : undefined,
    query.userId ? eq(l.userId, query.userId) : undefined,
    q ? memberMatches(l.userId, likeOf(q)) : undefined,
    query.kind ? KIND_WHERE[query.kind] : undefined,
    from ? gte(l.createdAt, from) : undefined,
    to ? lte(l.createdAt, to) : undefined,
  );
  const dir = query.sort === 'asc' ? asc : desc;
  const found = await db
    .select({ entry: l, username: users.username, email: users.email })
    .from(l)
    .innerJoin(users, eq(users.id, l.userId))
    .where(where)
    .orderBy(dir(l.createdAt), dir(l.id))
    .limit(query.limit)
    .offset(query.offset);
  const rows = found.map((r) => ({ ...r.entry, username: r.username, email: r.email }));
  const [refs, total] = await Promise.all([refsOf(db, rows), listTotalOf(db, l, where, { ...query, rows: rows.length, ahead: aheadOf(q) })]);
  return { rows, refs, ...total };
}

async function refsOf(db: Tx, rows: LedgerRow[]): Promise<LedgerRefs> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.refType === type && r.refId).map((r) => r.refId!))];
  const [spendIds, paymentIds] = [ids('token_transaction'), ids('payment')];
  const [spends, payments] = await Promise.all([
    spendIds.length ? db.select().from(tokenTransactions).where(inArray(tokenTransactions.id, spendIds)) : [],
    paymentIds.length
      ? db
          .select({ id: paymentTransactions.id, name: tokenPackages.name })
          .from(paymentTransactions)
          .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
          .where(inArray(paymentTransactions.id, paymentIds))
      : [],
  ]);
  return { spends: new Map(spends.map((s) => [s.id, s])), packages: new Map(payments.map((p) => [p.id, p.name])) };
}
