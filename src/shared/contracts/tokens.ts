import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { CouponCodeInput, ListQuery } from './common.ts';

/** A token package (API.md): `price` in major units of `currency` (e.g. 4.99). */
export const TokenPackage = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  tokens: Type.Integer(),
  price: Type.Number(),
  currency: Type.String(),
  ordering: Type.Integer(),
  isActive: Type.Boolean(),
});
export type TokenPackage = Static<typeof TokenPackage>;

export const GATEWAYS = ['test', 'stripe'] as const;
export type GatewayName = (typeof GATEWAYS)[number];
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Money in (API.md, Payment transaction). */
export const PaymentTransaction = Type.Object({
  _id: Type.String(),
  packageId: Type.String(),
  packageName: Type.String(),
  gateway: Literals(GATEWAYS),
  amount: Type.Number({ description: 'major units of currency' }),
  currency: Type.String(),
  tokens: Type.Integer(),
  status: Literals(PAYMENT_STATUSES),
  createdAt: Type.String(),
  settledAt: Type.Union([Type.String(), Type.Null()]),
  /** The coupon this payment used (null: none); `amount` is after its discount. */
  couponCode: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  discount: Type.Optional(Type.Number({ description: 'major units of currency taken off by the coupon (0: none)' })),
});
export type PaymentTransaction = Static<typeof PaymentTransaction>;

export const PurchaseTokensBody = Type.Object({
  packageId: Type.String({ format: 'uuid' }),
  gateway: Type.Optional(Literals(GATEWAYS)),
  /** A coupon code (any case): the payment is for the discounted price; a code that does not apply is a 422 at `coupon`. */
  coupon: Type.Optional(CouponCodeInput),
});
export type PurchaseTokensBody = Static<typeof PurchaseTokensBody>;
export const PurchaseTokensResult = Type.Object({ paymentUrl: Type.String(), paymentId: Type.String() });
export type PurchaseTokensResult = Static<typeof PurchaseTokensResult>;

/** The gateways the server offers now (the /tokens page shows one button per gateway). */
export const PaymentGateways = Type.Object({ gateways: Type.Array(Literals(GATEWAYS)) });
export type PaymentGateways = Static<typeof PaymentGateways>;

/** Answer of the test gateway's confirm/cancel: where the browser goes next. */
export const TestCheckoutResult = Type.Object({ redirectUrl: Type.String(), status: Literals(PAYMENT_STATUSES) });
export type TestCheckoutResult = Static<typeof TestCheckoutResult>;

/** A calendar day (`2026-11-21`) or an instant; a day as `toDate` includes that whole day. */
export const DateFilter = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]);

export const PaymentSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({ status: Type.Optional(Literals(PAYMENT_STATUSES)), fromDate: Type.Optional(DateFilter), toDate: Type.Optional(DateFilter) }),
]);
export type PaymentSearchQuery = ListQuery & { status?: PaymentStatus; fromDate?: string; toDate?: string };

export const SPEND_TYPES = ['video', 'gallery', 'story', 'product'] as const;
export type SpendType = (typeof SPEND_TYPES)[number];

export const PurchasedLine = Type.Object({ productId: Type.String(), name: Type.String(), quantity: Type.Integer(), price: Type.Integer() });

/** Tokens out (API.md, Token transaction). */
export const TokenTransaction = Type.Object({
  _id: Type.String(),
  type: Literals(SPEND_TYPES),
  targetId: Type.Union([Type.String(), Type.Null()]),
  targetInfo: Type.Record(Type.String(), Type.Unknown()),
  products: Type.Array(PurchasedLine),
  totalPrice: Type.Integer({ description: 'tokens debited (after a coupon)' }),
  /** The coupon this spend used (null: none) and the tokens it took off. */
  couponCode: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  discount: Type.Optional(Type.Integer({ description: 'tokens taken off by the coupon (0: none)' })),
  status: Literals(['success', 'refunded'] as const),
  /** The member's balance right after this transaction. */
  balance: Type.Optional(Type.Integer()),
  createdAt: Type.String(),
});
export type TokenTransaction = Static<typeof TokenTransaction>;

export const TokenTransactionSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({ type: Type.Optional(Literals(SPEND_TYPES)), fromDate: Type.Optional(DateFilter), toDate: Type.Optional(DateFilter) }),
]);
export type TokenTransactionSearchQuery = ListQuery & { type?: SpendType; fromDate?: string; toDate?: string };

export const UnlockParams = Type.Object({ kind: Literals(['video', 'gallery', 'stories'] as const), id: Type.String({ minLength: 1, maxLength: 200 }) });

export const MyPurchaseQuery = Type.Intersect([
  ListQuery,
  Type.Object({
    type: Literals(SPEND_TYPES),
    /** Only these items: which of a page's cards the member has (a page shared by visitors and members). */
    ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100 })),
  }),
]);
export type MyPurchaseQuery = ListQuery & { type: SpendType; ids?: string[] };
