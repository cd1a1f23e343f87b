import { Type } from 'typebox';
import { DELIVERY_STATUSES } from '../../contracts/orders.ts';
import type { AdminResource } from '../resource.ts';

/** How a delivery state reads in the back office. */
export const DELIVERY_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  processing: 'Processing',
  shipping: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
};
const KINDS = { digital: 'Digital', physical: 'Physical' } as const;

/**
 * Every member's orders (one per checkout line). Nothing is created, changed or deleted here: an order moves only by
 * its verbs (ship, mark delivered, attach a delivery file), each telling the buyer by mail and live.
 */
export const ordersResource: AdminResource = {
  name: 'orders',
  label: 'Orders',
  singular: 'order',
  titleKey: 'orderNumber',
  body: Type.Object({}, { additionalProperties: false }),
  operations: {},
  columns: [
    { key: 'orderNumber', label: 'Order' },
    { key: 'product', label: 'Product' },
    { key: 'buyer', label: 'Buyer' },
    { key: 'quantity', label: 'Qty' },
    { key: 'totalPrice', label: 'Tokens' },
    { key: 'deliveryStatus', label: 'Status', labels: DELIVERY_LABELS },
    { key: 'createdAt', label: 'Ordered' },
  ],
  filters: [
    { key: 'deliveryStatus', label: 'Status', options: DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_LABELS[value] })) },
    { key: 'productType', label: 'Kind', options: Object.entries(KINDS).map(([value, label]) => ({ value, label })) },
    { key: 'buyerId', label: 'Member', kind: 'id', column: 'buyer' },
    { key: 'productId', label: 'Product', kind: 'id', column: 'product' },
  ],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'oldest', label: 'Oldest' },
  ],
  actions: [
    {
      name: 'ship',
      label: 'Ship',
      body: Type.Object(
        {
          shippingCode: Type.String({
            title: 'Tracking code',
            description: "The carrier's code: the buyer gets it by mail.",
            minLength: 1,
            maxLength: 100,
          }),
        },
        { additionalProperties: false },
      ),
      when: (item) => item.deliveryStatus === 'processing' && item.productType === 'physical',
    },
    {
      name: 'deliver',
      label: 'Mark delivered',
      confirm: 'Mark this order delivered? The buyer is told by mail.',
      when: (item) => item.deliveryStatus === 'shipping' || (item.deliveryStatus === 'processing' && item.productType === 'digital'),
    },
    {
      name: 'attach-file',
      label: 'Attach the file',
      body: Type.Object(
        {
          file: Type.String({
            title: 'Delivery file',
            description: 'The buyer downloads it from their order page and gets a mail saying so.',
            'x-kind': 'file',
            'x-upload': 'download',
          }),
        },
        { additionalProperties: false },
      ),
      when: (item) => item.deliveryStatus !== 'refunded',
    },
  ],
  // What a shipper needs per line: who, where (the address keeps its lines, in one quoted cell), what, and its state.
  exportCsv: [
    { key: 'orderNumber', label: 'Order' },
    { key: 'createdAt', label: 'Ordered (UTC)' },
    { key: 'deliveryStatus', label: 'Status' },
    { key: 'productType', label: 'Kind' },
    { key: 'product', label: 'Product' },
    { key: 'quantity', label: 'Quantity' },
    { key: 'totalPrice', label: 'Tokens' },
    { key: 'buyer', label: 'Buyer' },
    { key: 'buyerEmail', label: 'E-mail' },
    { key: 'recipientName', label: 'Recipient' },
    { key: 'deliveryAddress', label: 'Address' },
    { key: 'postalCode', label: 'Postal code' },
    { key: 'country', label: 'Country code' },
    { key: 'countryName', label: 'Country' },
    { key: 'phoneNumber', label: 'Phone' },
    { key: 'shippingCode', label: 'Tracking code' },
    { key: 'userNote', label: "Buyer's note" },
    { key: '_id', label: 'Order id' },
  ],
  panel: 'order',
};
