import { Type } from 'typebox';
import type { AdminItem, AdminResource, ListFilter } from '../resource.ts';
import { GATEWAYS, PAYMENT_STATUSES } from '../../contracts/tokens.ts';

const STATUSES = { pending: 'Pending', success: 'Settled', failed: 'Failed', refunded: 'Refunded' } as const;
const GATEWAY_LABELS = { test: 'Test gateway', stripe: 'Stripe' } as const;
const lit = <T extends string>(values: readonly T[]) => values.map((v) => Type.Literal(v));

/** One member's items (a link sets it) and a day range: the money lists' common filters. */
export const memberAndDates: ListFilter[] = [
  { key: 'userId', label: 'Member', kind: 'id', column: 'member' },
  { key: 'fromDate', label: 'From', kind: 'date' },
  { key: 'toDate', label: 'To', kind: 'date' },
];

/** A member's payments, spends and balance changes, from one of their items. */
export const memberLinks = (item: AdminItem) => {
  const id = encodeURIComponent(String(item.userId));
  return [
    { href: `/admin/payments?userId=${id}`, label: `${String(item.member)}'s payments` },
    { href: `/admin/token-transactions?userId=${id}`, label: `${String(item.member)}'s token transactions` },
    { href: `/admin/balance-changes?userId=${id}`, label: `${String(item.member)}'s balance changes` },
  ];
};

/**
 * Money in: every member's token-package payments (read-only). A settled one can be refunded: its tokens are taken
 * back from the member as a ledger debit with the operator's reason; the money goes back at the provider.
 */
export const paymentsResource: AdminResource = {
  name: 'payments',
  label: 'Payments',
  singular: 'payment',
  titleKey: 'title',
  body: Type.Object({
    member: Type.String({ title: 'Member' }),
    memberEmail: Type.String({ title: 'E-mail' }),
    packageName: Type.String({ title: 'Package' }),
    amountText: Type.String({ title: 'Amount' }),
    couponCode: Type.String({ title: 'Coupon' }),
    discountText: Type.String({ title: 'Discount' }),
    tokens: Type.Integer({ title: 'Tokens' }),
    gateway: Type.Union(lit(GATEWAYS), { title: 'Gateway', 'x-labels': GATEWAY_LABELS }),
    status: Type.Union(lit(PAYMENT_STATUSES), { title: 'Status', 'x-labels': STATUSES }),
    providerRef: Type.String({ title: "Provider's reference" }),
    createdAt: Type.String({ title: 'Started', format: 'date-time' }),
    settledAt: Type.String({ title: 'Settled', format: 'date-time' }),
    refundReason: Type.String({ title: 'Refund reason' }),
  }),
  columns: [
    { key: 'title', label: 'Payment' },
    { key: 'amountText', label: 'Amount' },
    { key: 'tokens', label: 'Tokens' },
    { key: 'gateway', label: 'Gateway' },
    { key: 'status', label: 'Status' },
    { key: 'createdAt', label: 'Date' },
    { key: 'couponCode', label: 'Coupon' },
  ],
  filters: [
    { key: 'status', label: 'Status', options: PAYMENT_STATUSES.map((value) => ({ value, label: STATUSES[value] })) },
    { key: 'gateway', label: 'Gateway', options: GATEWAYS.map((value) => ({ value, label: GATEWAY_LABELS[value] })) },
    ...memberAndDates,
  ],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'oldest', label: 'Oldest' },
    { value: 'amount', label: 'Largest amount' },
  ],
  operations: {},
  related: memberLinks,
  actions: [
    {
      name: 'refund',
      label: 'Refund: take the tokens back',
      body: Type.Object(
        {
          reason: Type.String({
            title: 'Reason',
            description:
              "Takes this payment's tokens back from the member (a ledger entry with this reason). The money itself is refunded at the payment provider, not here.",
            minLength: 1,
            maxLength: 500,
          }),
        },
        { additionalProperties: false },
      ),
      confirm: "Take this payment's tokens back from the member? Refund the money at the payment provider yourself.",
      when: (item) => item.status === 'success',
    },
  ],
  exportCsv: [
    { key: '_id', label: 'Payment id' },
    { key: 'createdAt', label: 'Created (UTC)' },
    { key: 'settledAt', label: 'Settled (UTC)' },
    { key: 'member', label: 'Member' },
    { key: 'memberEmail', label: 'E-mail' },
    { key: 'userId', label: 'Member id' },
    { key: 'packageName', label: 'Package' },
    { key: 'tokens', label: 'Tokens' },
    { key: 'amount', label: 'Amount' },
    { key: 'currency', label: 'Currency' },
    { key: 'couponCode', label: 'Coupon' },
    { key: 'discount', label: 'Discount' },
    { key: 'gateway', label: 'Gateway' },
    { key: 'providerRef', label: "Provider's reference" },
    { key: 'status', label: 'Status' },
    { key: 'refundReason', label: 'Refund reason' },
  ],
};
