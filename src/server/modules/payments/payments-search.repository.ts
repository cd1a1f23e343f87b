import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { orderOf, type SortKey } from '../../db/keyset.ts';
import { aheadOf, listTotalOf, numberedMatches, numberedTotal, type ListTotal } from '../../db/lists.ts';
import { paymentTransactions, tokenLedger, tokenPackages, users } from '../../db/schema.ts';
import { dateRange } from '../../lib/text/dates.ts';
import { GATEWAYS, type GatewayName, type PaymentStatus } from '../../../shared/contracts/tokens.ts';
import type { PackageRow, PaymentRow } from './payments.repository.ts';
import { isUuid, qualified } from '../catalogue/query.ts';
import { memberMatches } from '../users/users.repository.ts';

/** `ilike` pattern of a search text (its wildcards taken literally). */
export const likeOf = (q: string) => containing(q.trim().slice(0, 200));

export interface PackageSearch {
  q?: string;
  isActive?: boolean;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}
export type PackageWithPayments = PackageRow & { payments: number };

/** How many payments refer to a package, counted up to PAYMENTS_SHOWN (the list says "100+" beyond). */
export const PAYMENTS_SHOWN = 100;
// The package's id qualified: drizzle writes a one-table query's columns bare, and a bare "id" here would be the payment's.
const paymentsOfPackage = sql<number>`(select count(*)::int from (select 1 from ${paymentTransactions} p where p.package_id = ${qualified(tokenPackages.id)} limit ${PAYMENTS_SHOWN}) c)`;

/** Every token package (on sale or not) with how many payments refer to it, for the back office. */
export async function searchPackages(db: Tx, query: PackageSearch): Promise<{ rows: PackageWithPayments[] } & ListTotal> {
  const where = and(
    query.q?.trim() ? sql`${tokenPackages.name} ilike ${likeOf(query.q)}` : undefined,
    query.isActive !== undefined ? eq(tokenPackages.isActive, query.isActive) : undefined,
  );
  const dir = query.sort === 'asc' ? asc : query.sort === 'desc' ? desc : null;
  const order =
    query.sortBy === 'name'
      ? [(dir ?? asc)(tokenPackages.name)]
      : query.sortBy === 'newest'
        ? [(dir ?? desc)(tokenPackages.createdAt)]
        : [(dir ?? asc)(tokenPackages.ordering), asc(tokenPackages.tokens)];
  const rows = await db
    .select({ pkg: tokenPackages, payments: paymentsOfPackage })
    .from(tokenPackages)
    .where(where)
    .orderBy(...order, asc(tokenPackages.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await listTotalOf(db, tokenPackages, where, { ...query, rows: rows.length });
  return { rows: rows.map((r) => ({ ...r.pkg, payments: Number(r.payments) })), ...total };
}

export interface PaymentSearch {
  /** One payment (its page). */
  id?: string;
  q?: string;
  status?: PaymentStatus;
  gateway?: GatewayName;
  userId?: string;
  fromDate?: string;
  toDate?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A payment with its member and package, as the back office lists it. */
export type PaymentForAdmin = PaymentRow & { packageName: string; username: string; email: string; refundReason: string | null };

/**
 * The WHERE of the back office's payments (the list and its export): status, gateway, member, day range; `q` on the
 * member's username, e-mail and name, the provider's reference or the payment id, each through its own index, so that
 * PostgreSQL can OR them.
 */
export function paymentSearchWhere(query: Omit<PaymentSearch, 'limit' | 'offset'>): SQL | undefined {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim();
  return and(
    query.id ? eq(paymentTransactions.id, query.id) : undefined,
    query.status ? eq(paymentTransactions.status, query.status) : undefined,
    query.gateway ? eq(paymentTransactions.gateway, query.gateway) : undefined,
    query.userId ? eq(paymentTransactions.userId, query.userId) : undefined,
    from ? gte(paymentTransactions.createdAt, from) : undefined,
    to ? lte(paymentTransactions.createdAt, to) : undefined,
    q
      ? sql`(${memberMatches(paymentTransactions.userId, likeOf(q))}
            or (${paymentTransactions.gateway}, ${paymentTransactions.providerRef}) in (${sql.join(
              GATEWAYS.map((g) => sql`(${g}, ${q})`),
              sql`, `,
            )})${isUuid(q) ? sql` or ${paymentTransactions.id} = ${q.toLowerCase()}` : sql``})`
      : undefined,
  );
}

/**
 * The payments' order as sort keys: newest first (`sortBy=oldest`: oldest first),
 * or the largest amount first then newest (`sortBy=amount`); `sort` turns the whole order around. Ties are broken by
 * the id in the same direction, so the keyset is one row comparison that one index per order answers as a range.
 */
export function paymentSearchOrder(query: Pick<PaymentSearch, 'sortBy' | 'sort'>): SortKey[] {
  const dir = query.sort ?? (query.sortBy === 'oldest' ? 'asc' : 'desc');
  const p = paymentTransactions;
  const columns = query.sortBy === 'amount' ? [p.amountMinor, p.createdAt, p.id] : [p.createdAt, p.id];
  return columns.map((column) => ({ column, dir }));
}

/**
 * The reason of a refund: the ledger entry that took the payment's tokens back (as the list reads it). Looked up for
 * refunded payments only: a refund writes that entry and sets `refunded` in one transaction, and nothing else writes a
 * debit referring to a payment (`ledger check` holds it), so the others have none, and an export of every payment
 * makes one lookup per refund, not one per payment.
 */
export const refundReason = sql<string | null>`case when ${paymentTransactions.status} = 'refunded' then (select l.reason from ${tokenLedger} l
  where l.ref_type = 'payment' and l.ref_id = ${paymentTransactions.id}::text and l.delta < 0 order by l.created_at desc limit 1) end`;

/** What the back office reads of a payment (joined to its package and member), for its list and its export. */
export const paymentForAdmin = {
  payment: paymentTransactions,
  packageName: tokenPackages.name,
  username: users.username,
  email: users.email,
  refundReason,
};
export const toPaymentForAdmin = (r: {
  payment: PaymentRow;
  packageName: string;
  username: string;
  email: string;
  refundReason: string | null;
}): PaymentForAdmin => ({
  ...r.payment,
  packageName: r.packageName,
  username: r.username,
  email: r.email,
  refundReason: r.refundReason,
});

/** Every member's payments: status, gateway, member and day filters; search by member, e-mail, provider's reference or id. */
export async function searchAllPayments(db: Tx, query: PaymentSearch): Promise<{ rows: PaymentForAdmin[] } & ListTotal> {
  const where = paymentSearchWhere(query);
  const order = orderOf(paymentSearchOrder(query));
  const page = { offset: query.offset, limit: query.limit, ahead: aheadOf(query.q) };
  const { matches, page: ids, matched } = numberedMatches(db, paymentTransactions.id, where, order, page);
  const rows = await db
    .with(matches)
    .select({ ...paymentForAdmin, matched })
    .from(paymentTransactions)
    .innerJoin(ids, eq(paymentTransactions.id, ids.id))
    .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .orderBy(ids.n);
  const total = await numberedTotal(page, rows[0]?.matched, () => listTotalOf(db, paymentTransactions, where, { ...page, rows: 0 }));
  return {
    rows: rows.map(toPaymentForAdmin),
    ...total,
  };
}

/**
 * Marks a settled payment refunded, once: only from `success` (two refunds at once: one moves it). Null when it was
 * not settled (or is gone).
 */
export async function markRefunded(db: Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.status, 'success')))
    .returning();
  return row ?? null;
}

/** A member's username and balance now (a refund's refusal names them). */
export async function memberBalance(db: Tx, userId: string): Promise<{ username: string; balance: number } | null> {
  const [row] = await db.select({ username: users.username, balance: users.balance }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
