import { and, asc, count, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { listTotalOf, type ListTotal } from '../../db/lists.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** A code as stored: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

export async function findCouponByCode(db: Tx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalCode(code)));
  return row ?? null;
}

export async function findCoupon(db: Tx, id: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? null;
}

/**
 * Takes one use of a coupon, only while it is active, in its dates and not used up: one guarded UPDATE, which also
 * locks the coupon's row until the purchase commits (the per-member count after it is read under that lock). The
 * coupon as it is now, or null when the guard refused.
 */
export async function takeUse(tx: Tx, id: string): Promise<CouponRow | null> {
  const [row] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`,
        sql`(${coupons.startsAt} is null or ${coupons.startsAt} <= now())`,
        sql`(${coupons.endsAt} is null or ${coupons.endsAt} > now())`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A member's uses of a coupon not given back (coupon_redemptions_member_idx). */
export async function memberUses(db: Tx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), isNull(couponRedemptions.releasedAt)));
  return Number(row?.n ?? 0);
}

export async function insertRedemption(tx: Tx, row: typeof couponRedemptions.$inferInsert): Promise<void> {
  await tx.insert(couponRedemptions).values(row);
}

/**
 * Gives back the use a payment or a spend took (a refund, a payment that failed), once: the redemption is marked
 * released and its coupon's count goes down, in one statement. Nothing when it used no coupon or gave it back before.
 */
export async function releaseUse(tx: Tx, of: { paymentId: string } | { tokenTransactionId: string }): Promise<void> {
  const which = 'paymentId' in of ? sql`payment_id = ${of.paymentId}` : sql`token_transaction_id = ${of.tokenTransactionId}`;
  await tx.execute(
    sql`with released as (
          update coupon_redemptions set released_at = now() where ${which} and released_at is null returning coupon_id)
        update coupons set uses = coupons.uses - 1 from released where coupons.id = released.coupon_id`,
  );
}

export interface CouponSearch {
  q?: string;
  appliesTo?: 'packages' | 'tokens';
  active?: boolean;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The back office's coupons: a code's beginning (coupons_code_prefix_idx), what they are for and whether active (their
 * indexes), newest first or by code.
 */
export async function searchCoupons(db: Tx, query: CouponSearch): Promise<{ rows: CouponRow[] } & ListTotal> {
  const q = query.q?.trim().slice(0, 40);
  const where = and(
    q ? like(coupons.code, `${normalCode(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    query.appliesTo ? eq(coupons.appliesTo, query.appliesTo) : undefined,
    query.active !== undefined ? eq(coupons.active, query.active) : undefined,
  );
  const byCode = query.sortBy === 'code';
  const dir = (query.sort ?? (byCode ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...(byCode ? [dir(coupons.code)] : [dir(coupons.createdAt), dir(coupons.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, ...(await listTotalOf(db, coupons, where, { ...query, rows: rows.length })) };
}

export async function insertCoupon(db: Tx, row: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [created] = await db.insert(coupons).values(row).returning();
  return created!;
}

/** Saves an operator's change; `maxUses` never below the uses already taken (the row's CHECK says so too). */
export async function updateCoupon(db: Tx, id: string, change: Partial<typeof coupons.$inferInsert>): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  return row ?? null;
}
