import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { CouponCodeInput, ListQuery } from './common.ts';
import { DateFilter, TokenTransaction } from './tokens.ts';

export const DELIVERY_STATUSES = ['processing', 'shipping', 'delivered', 'refunded'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One product line of a checkout (API.md, Order). Prices in tokens. */
export const Order = Type.Object({
  _id: Type.String(),
  orderNumber: Type.String(),
  tokenTransactionId: Type.String(),
  buyerId: Type.String(),
  productId: Type.String(),
  productInfo: Type.Record(Type.String(), Type.Unknown()),
  productType: Literals(['digital', 'physical'] as const),
  quantity: Type.Integer(),
  unitPrice: Type.Integer(),
  totalPrice: Type.Integer(),
  deliveryStatus: Literals(DELIVERY_STATUSES),
  shippingCode: Type.String(),
  /** Physical lines: who receives it ('' for a download, and for an order made before it was asked). */
  recipientName: Type.String(),
  /** Its lines as the buyer typed them, separated by line breaks. */
  deliveryAddress: Type.String(),
  postalCode: Type.String(),
  /** ISO 3166-1 alpha-2 (`/countries/list`); '' as for `recipientName`. */
  country: Type.String(),
  phoneNumber: Type.String(),
  userNote: Type.String(),
  buyerConfirmedAt: Type.Union([Type.String(), Type.Null()]),
  /** Digital lines: downloads used and allowed. */
  downloads: Type.Object({ used: Type.Integer(), limit: Type.Integer() }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Order = Static<typeof Order>;

/** The buyer as the admin's order list shows them. */
export const OrderWithBuyer = Type.Intersect([
  Order,
  Type.Object({ buyer: Type.Object({ _id: Type.String(), name: Type.String(), username: Type.String(), email: Type.String() }) }),
]);
export type OrderWithBuyer = Static<typeof OrderWithBuyer>;

export const OrderSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({
    deliveryStatus: Type.Optional(Literals(DELIVERY_STATUSES)),
    productType: Type.Optional(Literals(['digital', 'physical'] as const)),
    fromDate: Type.Optional(DateFilter),
    toDate: Type.Optional(DateFilter),
  }),
]);
export type OrderSearchQuery = ListQuery & { deliveryStatus?: DeliveryStatus; productType?: 'digital' | 'physical'; fromDate?: string; toDate?: string };

export const CartLine = Type.Object({ _id: Type.String({ format: 'uuid' }), quantity: Type.Integer({ minimum: 1, maximum: 99 }) });
export const CheckoutBody = Type.Object({
  products: Type.Array(CartLine, { minItems: 1, maxItems: 50 }),
  recipientName: Type.Optional(Type.String({ maxLength: 100, title: 'Name' })),
  deliveryAddress: Type.Optional(Type.String({ maxLength: 500, title: 'Address' })),
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
  /** ISO 3166-1 alpha-2, one of `/countries/list`. */
  country: Type.Optional(Type.String({ maxLength: 10, title: 'Country' })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 30, title: 'Phone' })),
  userNote: Type.Optional(Type.String({ maxLength: 1000, title: 'Note' })),
  /** A coupon code (any case): fewer tokens are debited; a code that does not apply is a 422 at `coupon`. */
  coupon: Type.Optional(CouponCodeInput),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

export const OrderUpdateBody = Type.Object(
  { deliveryStatus: Type.Optional(Literals(DELIVERY_STATUSES)), shippingCode: Type.Optional(Type.String({ maxLength: 100 })) },
  { minProperties: 1 },
);
export type OrderUpdateBody = Static<typeof OrderUpdateBody>;

export const OrderFile = Type.Object({ _id: Type.String(), name: Type.String(), size: Type.Integer(), mimeType: Type.String(), downloadLink: Type.String() });
export type OrderFile = Static<typeof OrderFile>;

export const DownloadLink = Type.Object({ downloadLink: Type.String(), expiresAt: Type.String(), downloadsLeft: Type.Integer() });
export type DownloadLink = Static<typeof DownloadLink>;

/** Answer of a cart checkout: the token transaction and its orders. */
export const CheckoutResult = Type.Intersect([TokenTransaction, Type.Object({ orders: Type.Array(Order) })]);
export type CheckoutResult = Static<typeof CheckoutResult>;
