import { client } from '../client/api.ts';
import { couponQuote } from '../shared/calls/coupons.ts';
import type { CheckoutBody } from '../shared/contracts/orders.ts';
import type { CouponQuote } from '../shared/contracts/coupons.ts';
import { payload, requestStore } from './request.ts';

// Apart from stores/wallet.ts: only the cart and /tokens ask for a coupon's price, and every member page loads the wallet.

/**
 * A coupon code's price for the cart: before, the discount, after. Not a reservation: the checkout sends the code and
 * the server checks it again (a refusal then shows at the same field).
 */
export const $cartCoupon = requestStore(async (code: string, products: CheckoutBody['products']) => payload(couponQuote(client(), { code, products })));

/**
 * A coupon code's price for each token package it applies to (one quote per package); when it applies to none, the
 * first package's refusal (its reason is the field's error).
 */
export const $packagesCoupon = requestStore(async (code: string, packageIds: string[]) => {
  const answers = await Promise.allSettled(packageIds.map((packageId) => payload(couponQuote(client(), { code, packageId }))));
  const quotes: Record<string, CouponQuote> = {};
  answers.forEach((a, i) => {
    if (a.status === 'fulfilled') quotes[packageIds[i]!] = a.value;
  });
  const first = Object.values(quotes)[0];
  if (!first) throw (answers[0] as PromiseRejectedResult | undefined)?.reason ?? new Error('No token package is on sale.');
  return { code: first.code, quotes };
});
