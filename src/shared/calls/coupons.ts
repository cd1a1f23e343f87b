/** One domain of the API calls (shared/calls.ts). Coupons: a code's price before paying (the cart, /tokens). */
import type { ApiClient } from '../api-client.ts';
import { COUPONS } from '../operations/coupons.ts';
import type { CouponQuoteBody } from '../contracts/coupons.ts';

export const couponQuote = (api: ApiClient, body: CouponQuoteBody) => api.call(COUPONS.quote, { body });
