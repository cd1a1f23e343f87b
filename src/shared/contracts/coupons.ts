import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { CouponCodeInput } from './common.ts';
import { CartLine } from './orders.ts';

export const COUPON_TARGETS = ['packages', 'tokens'] as const;
export type CouponTarget = (typeof COUPON_TARGETS)[number];

/** What a coupon would take off: a token package (`packageId`) or a cart (`products`, as its checkout sends them). */
export const CouponQuoteBody = Type.Object(
  {
    code: CouponCodeInput,
    packageId: Type.Optional(Type.String({ format: 'uuid' })),
    products: Type.Optional(Type.Array(CartLine, { minItems: 1, maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type CouponQuoteBody = Static<typeof CouponQuoteBody>;

/**
 * The price before and after the coupon, as the purchase would pay it now: money in major units of `currency` for a
 * package, tokens (`currency` null) for a cart. Not a reservation: the purchase checks the code again.
 */
export const CouponQuote = Type.Object({
  code: Type.String(),
  appliesTo: Literals(COUPON_TARGETS),
  before: Type.Number(),
  discount: Type.Number(),
  after: Type.Number(),
  currency: Type.Union([Type.String(), Type.Null()]),
});
export type CouponQuote = Static<typeof CouponQuote>;
