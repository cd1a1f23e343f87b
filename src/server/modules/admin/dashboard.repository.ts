import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cappedCount, estimatedCount } from '../../db/estimates.ts';
import { couponRedemptions, orders, paymentTransactions, tokenTransactions, users, videos, violationReports } from '../../db/schema.ts';

/** One day of money in: settled token-package payments, by currency. */
export interface SalesDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  currency: string;
  payments: number;
  tokens: number;
  amountMinor: number;
  /** What coupons took off those payments, and how many used one. */
  discountMinor: number;
  discounted: number;
}

/**
 * How far a count goes before it stops ("10,000+"; a whole table's then shows PostgreSQL's estimate): what bounds the
 * cost of a figure at any size. A count of an index's entries alone (index-only scan) reads 10,000 in about 2 ms; a
 * count that must also read each row from the table (a column its index lacks) stops at 1,000.
 */
const COUNTED = 10_000;
const COUNTED_WITH_ROWS = 1_000;
const UNLOCKS = ['video', 'gallery', 'story'] as const;

/**
 * The figures of the back office's dashboard, read-only, each one query on an index that reads only what it needs, so
 * that the page costs the same with ten members or a million (< 50 ms on 200k members and 1.75M spends):
 * - money in by day: the period's settled payments only, summed exactly (money is never estimated);
 * - whole tables (all members, all unlocks): exact up to COUNTED, beyond that PostgreSQL's estimate ("about");
 * - this week's members and unlocks, the orders to ship, open reports and videos in the media pipeline: counted up to
 *   a cap, beyond it "N+" (these are queues and recent rows: exact in the usual case).
 */
export async function dashboardFigures(db: Tx, now: Date, days: number) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  // A settled payment has its settled_at (set with its status, payments.repository settlePayment): the period's
  // payments are read by it, the day a payment counts on is the day its money came in.
  const day = sql<string>`to_char(${paymentTransactions.settledAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const one = { one: sql`1` };
  const unlocks = and(inArray(tokenTransactions.type, UNLOCKS), eq(tokenTransactions.status, 'success'));
  // The media pipeline: the literal predicate of the partial index videos_media_idx (the few videos not ready), so that
  // PostgreSQL reads that index; status and state are then read from each of those rows.
  const mediaIn = (state: 'processing' | 'failed') =>
    db
      .select(one)
      .from(videos)
      .where(and(sql`media_state <> 'ready'`, eq(videos.mediaState, state), ne(videos.status, 'deleted')))
      .$dynamic();
  const [tokenDiscounts, members, newMembers, sales, unlocksWeek, unlocksAll, toShip, openReports, processing, failed] = await Promise.all([
    // The period's coupon uses by spends (coupon_redemptions_created_idx): the tokens coupons took off checkouts.
    db
      .select({ tokens: sql<number>`coalesce(sum(${couponRedemptions.discount}), 0)::int`, checkouts: count() })
      .from(couponRedemptions)
      .where(and(gte(couponRedemptions.createdAt, firstDay), sql`${couponRedemptions.tokenTransactionId} is not null`)),
    // Any index of users answers (index-only); beyond COUNTED, the estimate of the table's rows.
    estimatedCount(db, () => db.select(one).from(users).$dynamic(), COUNTED),
    // users_created_idx (created_at, id): the week's entries only.
    cappedCount(db, db.select(one).from(users).where(gte(users.createdAt, weekAgo)).$dynamic(), COUNTED),
    // Exact sums of the period's settled payments. Reading only the period's rows needs an index on (status,
    // settled_at) (asked for, not in the schema yet): until then PostgreSQL scans the payments, one row each.
    db
      .select({
        date: day,
        currency: paymentTransactions.currency,
        payments: count(),
        tokens: sql<number>`sum(${paymentTransactions.tokens})::int`,
        amountMinor: sql<number>`sum(${paymentTransactions.amountMinor})::int`,
        discountMinor: sql<number>`sum(${paymentTransactions.discountMinor})::int`,
        discounted: sql<number>`count(*) filter (where ${paymentTransactions.discountMinor} > 0)::int`,
      })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.status, 'success'), gte(paymentTransactions.settledAt, firstDay)))
      .groupBy(day, paymentTransactions.currency)
      .orderBy(day),
    // token_transactions_type_idx (type, status, created_at, id): one range per kind, index-only.
    cappedCount(
      db,
      db
        .select(one)
        .from(tokenTransactions)
        .where(and(unlocks, gte(tokenTransactions.createdAt, weekAgo)))
        .$dynamic(),
      COUNTED,
    ),
    estimatedCount(db, () => db.select(one).from(tokenTransactions).where(unlocks).$dynamic(), COUNTED),
    // orders_delivery_idx (delivery_status, created_at, id), newest first, the kind read from each row. The order
    // keeps PostgreSQL on that index: without it, a scan of the table that stops at the cap looks cheaper, and reads
    // most of the table when the orders still processing are the newest, at its end.
    cappedCount(
      db,
      db
        .select(one)
        .from(orders)
        .where(and(eq(orders.deliveryStatus, 'processing'), eq(orders.productType, 'physical')))
        .orderBy(desc(orders.createdAt))
        .$dynamic(),
      COUNTED_WITH_ROWS,
    ),
    // violation_reports_status_idx (status, created_at): index-only. `open` as its link shows them (reports?status=open).
    cappedCount(db, db.select(one).from(violationReports).where(eq(violationReports.status, 'open')).$dynamic(), COUNTED),
    cappedCount(db, mediaIn('processing'), COUNTED_WITH_ROWS),
    cappedCount(db, mediaIn('failed'), COUNTED_WITH_ROWS),
  ]);
  return {
    firstDay,
    sales: sales as SalesDay[],
    tokenDiscounts: { tokens: Number(tokenDiscounts[0]?.tokens ?? 0), checkouts: Number(tokenDiscounts[0]?.checkouts ?? 0) },
    /** Each count with how it was taken (`precision` absent: exact). */
    counts: { members, newMembers, unlocksWeek, unlocksAll, toShip, openReports, processing, failed },
  };
}
