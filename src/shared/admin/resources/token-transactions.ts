import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';
import { SPEND_TYPES } from '../../contracts/tokens.ts';
import { memberAndDates, memberLinks } from './payments.ts';

const TYPES = { video: 'Video', gallery: 'Gallery', story: 'Story', product: 'Store checkout' } as const;
const STATUSES = { success: 'Done', refunded: 'Refunded' } as const;

/** Tokens out: every member's unlocks and store checkouts (read-only; the ledger is never edited). */
export const tokenTransactionsResource: AdminResource = {
  name: 'token-transactions',
  label: 'Token transactions',
  singular: 'token transaction',
  titleKey: 'title',
  body: Type.Object({
    member: Type.String({ title: 'Member' }),
    memberEmail: Type.String({ title: 'E-mail' }),
    type: Type.Union(
      SPEND_TYPES.map((t) => Type.Literal(t)),
      { title: 'Kind', 'x-labels': TYPES },
    ),
    what: Type.String({ title: 'What', maxLength: 1000 }),
    totalPrice: Type.Integer({ title: 'Tokens' }),
    couponCode: Type.String({ title: 'Coupon' }),
    discount: Type.Integer({ title: 'Discount (tokens)' }),
    status: Type.Union([Type.Literal('success'), Type.Literal('refunded')], { title: 'Status', 'x-labels': STATUSES }),
    createdAt: Type.String({ title: 'Date (UTC)', format: 'date-time' }),
  }),
  columns: [
    { key: 'title', label: 'Spend' },
    { key: 'type', label: 'Kind' },
    { key: 'totalPrice', label: 'Tokens' },
    { key: 'status', label: 'Status' },
    { key: 'createdAt', label: 'Date (UTC)' },
    { key: 'couponCode', label: 'Coupon' },
  ],
  filters: [
    { key: 'type', label: 'Kind', options: SPEND_TYPES.map((value) => ({ value, label: TYPES[value] })) },
    { key: 'status', label: 'Status', options: Object.entries(STATUSES).map(([value, label]) => ({ value, label })) },
    ...memberAndDates,
  ],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'oldest', label: 'Oldest' },
    { value: 'price', label: 'Most tokens' },
  ],
  operations: {},
  related: memberLinks,
  exportCsv: [
    { key: '_id', label: 'Transaction id' },
    { key: 'createdAt', label: 'Date (UTC)' },
    { key: 'member', label: 'Member' },
    { key: 'memberEmail', label: 'E-mail' },
    { key: 'userId', label: 'Member id' },
    { key: 'type', label: 'Kind' },
    { key: 'what', label: 'What' },
    { key: 'targetId', label: 'Item id' },
    { key: 'totalPrice', label: 'Tokens' },
    { key: 'couponCode', label: 'Coupon' },
    { key: 'discount', label: 'Discount (tokens)' },
    { key: 'status', label: 'Status' },
  ],
};
