import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ServerErrorCode } from '../../../shared/contracts/errors.ts';
import type { CouponTarget as AppliesTo } from '../../../shared/contracts/coupons.ts';
import { formatMoney, toMajor } from '../../../shared/money.ts';
import { findCoupon, findCouponByCode, memberUses, takeUse, type CouponRow } from './coupons.repository.ts';

/** One part of a purchase a coupon may take off: a package, or a cart's line (`kind`: the product's, digital or physical). */
export interface CouponLine {
  id: string;
  kind: string | null;
  /** Its price: minor units (a package), tokens (a line's price × quantity). */
  amount: number;
}

/** What a coupon is asked to take off: a package's price (money) or a cart's total (tokens), as read now. */
export interface CouponTarget {
  appliesTo: AppliesTo;
  /** A package's currency; null for tokens. */
  currency: string | null;
  total: number;
  lines: CouponLine[];
}

/** A coupon taken by a purchase: the coupon as the use left it, its code and what it takes off. */
export interface Redeemed {
  coupon: CouponRow;
  discount: number;
}

/** An amount of what the target is priced in, as a member reads it. */
const amountText = (target: Pick<CouponTarget, 'currency'>, n: number) =>
  target.currency ? formatMoney(toMajor(n, target.currency), target.currency, 'en') : `${n} token${n === 1 ? '' : 's'}`;
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A refusal of a code: 422 with its reason at the field `coupon` (the cart's and the tokens page's field). */
export const couponRefusal = (code: ServerErrorCode, message: string) => new AppError(422, code, message, {}, { coupon: message });

/** The part of the target the coupon's filter lets it take off: its lines of the coupon's item or kind. */
const baseOf = (coupon: CouponRow, target: CouponTarget) =>
  target.lines
    .filter((l) => (coupon.itemId === null || l.id === coupon.itemId) && (coupon.itemKind === null || l.kind === coupon.itemKind))
    .reduce((sum, l) => sum + l.amount, 0);

/**
 * Why a coupon does not apply to the target now (the refusal), or null when it does. Every refusal says its reason:
 * unknown, no longer valid, not yet or no longer in its dates, used up, not for this item or currency, below its
 * minimum. The per-member limit is the caller's (it needs the member's uses).
 */
export function refusalOf(coupon: CouponRow | null, target: CouponTarget, now: Date): AppError | null {
  if (!coupon) return couponRefusal('COUPON_UNKNOWN', 'This code is not known: check how it is spelled.');
  if (!coupon.active) return couponRefusal('COUPON_EXPIRED', 'This code is no longer valid.');
  if (coupon.appliesTo !== target.appliesTo)
    return couponRefusal(
      'COUPON_NOT_APPLICABLE',
      coupon.appliesTo === 'packages' ? 'This code is for token packages, not for the store.' : 'This code is for the store, not for token packages.',
    );
  if (coupon.startsAt && coupon.startsAt > now) return couponRefusal('COUPON_NOT_STARTED', `This code is valid from ${when(coupon.startsAt)}.`);
  if (coupon.endsAt && coupon.endsAt <= now) return couponRefusal('COUPON_EXPIRED', `This code expired on ${when(coupon.endsAt)}.`);
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return couponRefusal('COUPON_USED_UP', 'This code has been used up.');
  if (coupon.currency && coupon.currency !== target.currency)
    return couponRefusal('COUPON_NOT_APPLICABLE', `This code is for packages priced in ${coupon.currency}.`);
  if (baseOf(coupon, target) === 0)
    return couponRefusal(
      'COUPON_NOT_APPLICABLE',
      target.appliesTo === 'packages' ? 'This code is not for this package.' : 'This code is not for the products in your cart.',
    );
  if (target.total < coupon.minimum)
    return couponRefusal('COUPON_BELOW_MINIMUM', `This code needs a purchase of at least ${amountText(target, coupon.minimum)}.`);
  return null;
}

export const memberLimitRefusal = (limit: number) =>
  couponRefusal('COUPON_MEMBER_LIMIT', `You have used this code ${limit === 1 ? 'already' : `${limit} times`}: that is all it allows.`);

/**
 * What the coupon takes off the target: a percent (rounded down) or a fixed amount of the lines it is for, never more
 * than they cost, and never the whole price: at least 1 token or 1 minor unit is paid (a free item is a grant).
 */
export function discountOf(coupon: CouponRow, target: CouponTarget): number {
  const base = baseOf(coupon, target);
  const off = coupon.kind === 'percent' ? Math.floor((base * coupon.amount) / 100) : Math.min(coupon.amount, base);
  return target.total - Math.max(1, target.total - off);
}

/**
 * Takes one use of a code for a purchase, inside the purchase's transaction (which must then record the redemption):
 * the code is checked against the target, one guarded UPDATE takes the use (the coupon's row stays locked until the
 * purchase commits or rolls back), the member's uses are counted under that lock, and the discount is computed from the
 * coupon as the use left it and the prices the purchase read. Any refusal is a 422 at `coupon` and rolls everything back.
 */
export async function redeemCoupon(tx: Tx, code: string, userId: string, target: CouponTarget): Promise<Redeemed> {
  const found = await findCouponByCode(tx, code);
  const refused = refusalOf(found, target, new Date());
  if (refused || !found) throw refused;
  const coupon = await takeUse(tx, found.id);
  if (!coupon) throw refusalOf(await findCoupon(tx, found.id), target, new Date()) ?? couponRefusal('COUPON_USED_UP', 'This code has been used up.');
  // The coupon may have changed between the read and the lock (an operator's save): its filters are checked again.
  const changed = refusalOf({ ...coupon, uses: coupon.uses - 1 }, target, new Date());
  if (changed) throw changed;
  if (coupon.maxUsesPerMember !== null && (await memberUses(tx, coupon.id, userId)) >= coupon.maxUsesPerMember)
    throw memberLimitRefusal(coupon.maxUsesPerMember);
  return { coupon, discount: discountOf(coupon, target) };
}

/** A spend's ledger entry's words for its discount ('' without a coupon). */
export const discountWords = (r: Redeemed | null) => (r ? `, coupon ${r.coupon.code} −${r.discount} tokens` : '');
