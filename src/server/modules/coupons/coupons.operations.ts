import { CouponQuote, CouponQuoteBody } from '../../../shared/contracts/coupons.ts';
import { COUPONS } from '../../../shared/operations/coupons.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import { quoteCoupon } from './coupons.service.ts';

export function couponsOperations(app: App) {
  return operations(COUPONS, {
    quote: {
      operationId: 'coupons_quote',
      summary: 'What a coupon code takes off a token package or a cart, before paying (422 at `coupon`: the reason it does not apply)',
      tags: ['payments'],
      access: 'member',
      body: CouponQuoteBody,
      response: CouponQuote,
      errors: [400, 401, 404, 422],
      run: ({ body }, { auth }) => quoteCoupon(app.database.db, auth!.user.id, body),
    },
  });
}
