import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import type { CouponQuote, CouponQuoteBody } from '../../../shared/contracts/coupons.ts';
import { toMajor } from '../../../shared/money.ts';
import { findPackage } from '../payments/payments.repository.ts';
import { findActiveProducts } from '../token-transactions/token-transactions.repository.ts';
import { findCouponByCode, memberUses } from './coupons.repository.ts';
import { discountOf, memberLimitRefusal, refusalOf, type CouponTarget } from './redeem.ts';

/**
 * What a code would take off a token package or a cart for this member now, or the reason it does not apply (a 422 at
 * `coupon`, the same refusals as the purchase's). It takes nothing: the purchase checks the code again.
 */
export async function quoteCoupon(db: Db, memberId: string, body: CouponQuoteBody): Promise<CouponQuote> {
  if ((body.packageId === undefined) === (body.products === undefined))
    throw invalid({ packageId: 'Say what the code is for: a token package (packageId) or the products of a cart (products), one of them.' });
  const target = body.packageId ? await packageTarget(db, body.packageId) : await cartTarget(db, body.products!);
  const coupon = await findCouponByCode(db, body.code);
  const refused = refusalOf(coupon, target, new Date());
  if (refused || !coupon) throw refused;
  if (coupon.maxUsesPerMember !== null && (await memberUses(db, coupon.id, memberId)) >= coupon.maxUsesPerMember)
    throw memberLimitRefusal(coupon.maxUsesPerMember);
  const discount = discountOf(coupon, target);
  const money = (n: number) => (target.currency ? toMajor(n, target.currency) : n);
  return {
    code: coupon.code,
    appliesTo: target.appliesTo,
    before: money(target.total),
    discount: money(discount),
    after: money(target.total - discount),
    currency: target.currency,
  };
}

async function packageTarget(db: Db, packageId: string): Promise<CouponTarget> {
  const pkg = await findPackage(db, packageId);
  if (!pkg || !pkg.isActive) throw notFound('This token package is not available.', 'PACKAGE_NOT_FOUND');
  return { appliesTo: 'packages', currency: pkg.currency, total: pkg.priceMinor, lines: [{ id: pkg.id, kind: null, amount: pkg.priceMinor }] };
}

async function cartTarget(db: Db, lines: { _id: string; quantity: number }[]): Promise<CouponTarget> {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.quantity);
  const found = await findActiveProducts(db, [...quantities.keys()], false);
  if (found.length < quantities.size) throw notFound('A product in your cart is no longer available.', 'PRODUCT_NOT_FOUND');
  const couponLines = found.map((p) => ({ id: p.id, kind: p.type, amount: p.price * quantities.get(p.id)! }));
  return { appliesTo: 'tokens', currency: null, total: couponLines.reduce((sum, l) => sum + l.amount, 0), lines: couponLines };
}
