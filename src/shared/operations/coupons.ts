import type { CouponQuote, CouponQuoteBody } from '../contracts/coupons.ts';
import { op } from './operation.ts';

/** Coupons, as a member meets them: what a code takes off a package or a cart before paying. */
export const COUPONS = {
  quote: op<{ body: CouponQuoteBody }, CouponQuote>('POST', '/coupons/quote'),
};
