import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { listTotalOf, type ListTotal } from '../../db/lists.ts';
import { paymentEvents, paymentTransactions, tokenPackages, users } from '../../db/schema.ts';
import type { PaymentSearchQuery } from '../../../shared/contracts/tokens.ts';
import { minorDigits } from '../../../shared/money.ts';
import { dateRange } from '../../lib/text/dates.ts';

export type PackageRow = typeof tokenPackages.$inferSelect;
export type PaymentRow = typeof paymentTransactions.$inferSelect;
export type PaymentWithPackage = PaymentRow & { packageName: string };

export async function listActivePackages(db: Tx, limit: number, offset: number): Promise<{ rows: PackageRow[] } & ListTotal> {
  const where = eq(tokenPackages.isActive, true);
  const rows = await db.select().from(tokenPackages).where(where).orderBy(asc(tokenPackages.ordering), asc(tokenPackages.tokens)).limit(limit).offset(offset);
  const total = await listTotalOf(db, tokenPackages, where, { offset, limit, rows: rows.length });
  return { rows, ...total };
}

export async function findPackage(db: Tx, id: string): Promise<PackageRow | null> {
  const [row] = await db.select().from(tokenPackages).where(eq(tokenPackages.id, id));
  return row ?? null;
}

export async function insertPackages(db: Tx, rows: (typeof tokenPackages.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(tokenPackages).values(rows);
}

export async function listAllPackages(db: Tx): Promise<PackageRow[]> {
  return db.select().from(tokenPackages).orderBy(asc(tokenPackages.ordering), asc(tokenPackages.tokens));
}

export async function setPackageActive(db: Tx, id: string, isActive: boolean): Promise<boolean> {
  const rows = await db.update(tokenPackages).set({ isActive, updatedAt: new Date() }).where(eq(tokenPackages.id, id)).returning({ id: tokenPackages.id });
  return rows.length > 0;
}

export async function countPaymentsOfPackage(db: Tx, packageId: string): Promise<number> {
  return db.$count(paymentTransactions, eq(paymentTransactions.packageId, packageId));
}

export async function insertPackage(db: Tx, row: typeof tokenPackages.$inferInsert): Promise<PackageRow> {
  const [created] = await db.insert(tokenPackages).values(row).returning();
  return created!;
}

export async function updatePackage(db: Tx, id: string, change: Partial<typeof tokenPackages.$inferInsert>): Promise<PackageRow | null> {
  const [row] = await db
    .update(tokenPackages)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(tokenPackages.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a package no payment refers to; false when a payment does (also one made meanwhile: the foreign key says so). */
export async function deletePackage(db: Tx, id: string): Promise<boolean> {
  try {
    const rows = await db
      .delete(tokenPackages)
      .where(and(eq(tokenPackages.id, id), sql`not exists (select 1 from ${paymentTransactions} p where p.package_id = ${tokenPackages.id})`))
      .returning({ id: tokenPackages.id });
    return rows.length > 0;
  } catch (err) {
    if (foreignKeyViolation(err)) return false;
    throw err;
  }
}

/** Whether an error is a foreign key violation (SQLSTATE 23503), however the driver wrapped it. */
function foreignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++)
    if (e.code === '23503') return true;
  return false;
}

export async function insertPayment(db: Tx, row: typeof paymentTransactions.$inferInsert): Promise<PaymentRow> {
  const [payment] = await db.insert(paymentTransactions).values(row).returning();
  return payment!;
}

export async function setProviderRef(db: Tx, id: string, providerRef: string): Promise<void> {
  await db.update(paymentTransactions).set({ providerRef, updatedAt: new Date() }).where(eq(paymentTransactions.id, id));
}

export async function findPayment(db: Tx, id: string): Promise<PaymentWithPackage | null> {
  const [row] = await db
    .select({ payment: paymentTransactions, packageName: tokenPackages.name })
    .from(paymentTransactions)
    .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
    .where(eq(paymentTransactions.id, id));
  return row ? { ...row.payment, packageName: row.packageName } : null;
}

export async function listPayments(db: Tx, userId: string, query: PaymentSearchQuery): Promise<{ rows: PaymentWithPackage[] } & ListTotal> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const conditions: (SQL | undefined)[] = [
    eq(paymentTransactions.userId, userId),
    query.status ? eq(paymentTransactions.status, query.status) : undefined,
    from ? gte(paymentTransactions.createdAt, from) : undefined,
    to ? lte(paymentTransactions.createdAt, to) : undefined,
  ];
  const where = and(...conditions);
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 12 };
  const dir = query.sort === 'asc' ? asc : desc;
  const rows = await db
    .select({ payment: paymentTransactions, packageName: tokenPackages.name })
    .from(paymentTransactions)
    .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
    .where(where)
    .orderBy(dir(paymentTransactions.createdAt), dir(paymentTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await listTotalOf(db, paymentTransactions, where, { ...page, rows: rows.length });
  return { rows: rows.map((r) => ({ ...r.payment, packageName: r.packageName })), ...total };
}

/** Records a provider event once; false when it was delivered before (a replay). */
export async function recordEvent(db: Tx, event: { gateway: string; eventId: string; type: string; paymentId: string | null }): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/**
 * Moves one payment of this gateway to its outcome, once: `paid` from pending (or from failed: the provider says the
 * money arrived after all), `failed` only from pending; a paid amount must match ours. Null when nothing moved.
 */
export async function settlePayment(
  db: Tx,
  id: string,
  gateway: string,
  outcome: 'paid' | 'failed',
  providerRef: string | null,
  amountMinor: number | null = null,
): Promise<PaymentRow | null> {
  const from = outcome === 'paid' ? (['pending', 'failed'] as const) : (['pending'] as const);
  const [row] = await db
    .update(paymentTransactions)
    .set({ status: outcome === 'paid' ? 'success' : 'failed', settledAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.gateway, gateway as 'test'),
        inArray(paymentTransactions.status, [...from]),
        providerRef ? eq(paymentTransactions.providerRef, providerRef) : undefined,
        outcome === 'paid' && amountMinor !== null ? eq(paymentTransactions.amountMinor, amountMinor) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Who paid a payment and for which package: the words of its receipt and refund mails. */
export async function findPayer(db: Tx, payment: Pick<PaymentRow, 'userId' | 'packageId'>) {
  const [row] = await db
    .select({ email: users.email, name: users.name, packageName: tokenPackages.name })
    .from(users)
    .innerJoin(tokenPackages, eq(tokenPackages.id, payment.packageId))
    .where(eq(users.id, payment.userId))
    .limit(1);
  return row ?? null;
}

/**
 * The site's currency changed from `from` to `to`: the packages priced in `from` follow it, keeping their amount (4.99
 * stays 4.99, rounded to the new currency's decimals, never below one minor unit); a package set in another currency
 * stays as it is. The packages moved, as they were and are.
 */
export async function followSiteCurrency(db: Tx, from: string, to: string) {
  const scale = 10 ** (minorDigits(to) - minorDigits(from));
  const before = await db.select().from(tokenPackages).where(eq(tokenPackages.currency, from)).for('update');
  const moved: { before: PackageRow; after: PackageRow }[] = [];
  for (const row of before) {
    const [after] = await db
      .update(tokenPackages)
      .set({ currency: to, priceMinor: Math.max(1, Math.round(row.priceMinor * scale)), updatedAt: new Date() })
      .where(eq(tokenPackages.id, row.id))
      .returning();
    moved.push({ before: row, after: after! });
  }
  return moved;
}
