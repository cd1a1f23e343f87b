import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, paymentTransactions, tokenTransactions, users, videos, violationReports } from '../../db/schema.ts';

/** One day of money in: settled token-package payments, by currency. */
export interface SalesDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  currency: string;
  payments: number;
  tokens: number;
  amountMinor: number;
}

/**
 * The figures of the back office's dashboard, read-only and aggregated in the database (a few index-friendly counts
 * and one grouped query), so that the page costs the same with ten members or a million.
 */
export async function dashboardFigures(db: Tx, now: Date, days: number) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const settled = sql`coalesce(${paymentTransactions.settledAt}, ${paymentTransactions.createdAt})`;
  const day = sql<string>`to_char(${settled} at time zone 'UTC', 'YYYY-MM-DD')`;
  const unlockTypes = ['video', 'gallery', 'story'] as const;
  const [[members], [newMembers], sales, [unlocksWeek], [unlocksAll], [toShip], [openReports], media] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gte(users.createdAt, weekAgo)),
    db
      .select({
        date: day,
        currency: paymentTransactions.currency,
        payments: count(),
        tokens: sql<number>`sum(${paymentTransactions.tokens})::int`,
        amountMinor: sql<number>`sum(${paymentTransactions.amountMinor})::int`,
      })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.status, 'success'), gte(settled, firstDay)))
      .groupBy(day, paymentTransactions.currency)
      .orderBy(day),
    db
      .select({ n: count() })
      .from(tokenTransactions)
      .where(and(inArray(tokenTransactions.type, unlockTypes), eq(tokenTransactions.status, 'success'), gte(tokenTransactions.createdAt, weekAgo))),
    db
      .select({ n: count() })
      .from(tokenTransactions)
      .where(and(inArray(tokenTransactions.type, unlockTypes), eq(tokenTransactions.status, 'success'))),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryStatus, 'processing'), eq(orders.productType, 'physical'))),
    db.select({ n: count() }).from(violationReports).where(eq(violationReports.status, 'open')),
    db
      .select({ state: videos.mediaState, n: count() })
      .from(videos)
      .where(and(ne(videos.status, 'deleted'), ne(videos.mediaState, 'ready')))
      .groupBy(videos.mediaState),
  ]);
  return {
    firstDay,
    members: { total: members!.n, newThisWeek: newMembers!.n },
    sales: sales as SalesDay[],
    unlocks: { thisWeek: unlocksWeek!.n, total: unlocksAll!.n },
    ordersToShip: toShip!.n,
    openReports: openReports!.n,
    media: { processing: media.find((m) => m.state === 'processing')?.n ?? 0, failed: media.find((m) => m.state === 'failed')?.n ?? 0 },
  };
}
