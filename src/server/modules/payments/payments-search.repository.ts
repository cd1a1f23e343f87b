import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { paymentTransactions, tokenLedger, tokenPackages, users } from '../../db/schema.ts';
import { dateRange } from '../../lib/dates.ts';
import type { GatewayName, PaymentStatus } from '../../../shared/contracts/tokens.ts';
import type { PackageRow, PaymentRow } from './payments.repository.ts';

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

const paymentsOfPackage = sql<number>`(select count(*)::int from ${paymentTransactions} p where p.package_id = ${tokenPackages.id})`;

/** Every token package (on sale or not) with how many payments refer to it, for the back office. */
export async function searchPackages(db: Tx, query: PackageSearch): Promise<{ rows: PackageWithPayments[]; total: number }> {
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
  const [rows, total] = await Promise.all([
    db
      .select({ pkg: tokenPackages, payments: paymentsOfPackage })
      .from(tokenPackages)
      .where(where)
      .orderBy(...order, asc(tokenPackages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.$count(tokenPackages, where),
  ]);
  return { rows: rows.map((r) => ({ ...r.pkg, payments: Number(r.payments) })), total };
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

/** The reason of a refund: the ledger entry that took the payment's tokens back. */
const refundReason = sql<string | null>`(select l.reason from ${tokenLedger} l
  where l.ref_type = 'payment' and l.ref_id = ${paymentTransactions.id}::text and l.delta < 0 order by l.created_at desc limit 1)`;

/** Every member's payments: status, gateway, member and day filters; search by member, e-mail, provider's reference or id. */
export async function searchAllPayments(db: Tx, query: PaymentSearch): Promise<{ rows: PaymentForAdmin[]; total: number }> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim();
  const conditions: (SQL | undefined)[] = [
    query.id ? eq(paymentTransactions.id, query.id) : undefined,
    query.status ? eq(paymentTransactions.status, query.status) : undefined,
    query.gateway ? eq(paymentTransactions.gateway, query.gateway) : undefined,
    query.userId ? eq(paymentTransactions.userId, query.userId) : undefined,
    from ? gte(paymentTransactions.createdAt, from) : undefined,
    to ? lte(paymentTransactions.createdAt, to) : undefined,
    q
      ? sql`(${users.username} ilike ${likeOf(q)} or ${users.email} ilike ${likeOf(q)} or ${users.name} ilike ${likeOf(q)}
            or ${paymentTransactions.providerRef} = ${q} or ${paymentTransactions.id}::text = ${q.toLowerCase()})`
      : undefined,
  ];
  const where = and(...conditions);
  const newestFirst = query.sortBy !== 'oldest';
  const dir = query.sort ? (query.sort === 'asc' ? asc : desc) : null;
  const order =
    query.sortBy === 'amount'
      ? [(dir ?? desc)(paymentTransactions.amountMinor), desc(paymentTransactions.createdAt)]
      : [(dir ?? (newestFirst ? desc : asc))(paymentTransactions.createdAt)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ payment: paymentTransactions, packageName: tokenPackages.name, username: users.username, email: users.email, refundReason })
      .from(paymentTransactions)
      .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .where(where)
      .orderBy(...order, asc(paymentTransactions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(paymentTransactions).innerJoin(users, eq(users.id, paymentTransactions.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.payment, packageName: r.packageName, username: r.username, email: r.email, refundReason: r.refundReason })), total };
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
