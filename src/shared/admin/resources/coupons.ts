import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';

const TARGETS = { packages: 'Token packages (money)', tokens: 'Store checkouts (tokens)' } as const;
const KINDS = { percent: 'Percent off', fixed: 'Fixed amount off' } as const;
const ITEM_KINDS = { any: 'Any product', digital: 'Downloads only', physical: 'Physical products only' } as const;
const lit = (values: Record<string, string>) => Object.keys(values).map((v) => Type.Literal(v));
const optionalCount = (title: string, description: string) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Null()], { title, description, 'x-kind': 'number' }));
const when = (title: string, description: string) =>
  Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { title, description, 'x-kind': 'datetime' }));

/**
 * Discount codes members type in the cart or on the tokens page: a percent or a fixed amount off token packages
 * (money) or store checkouts (tokens), maybe for one item or kind, between two dates, a number of uses in all and per
 * member. A code that was used stays for its purchases' records: it is deactivated, not deleted.
 */
export const couponsResource: AdminResource = {
  name: 'coupons',
  label: 'Coupons',
  singular: 'coupon',
  titleKey: 'code',
  body: Type.Object(
    {
      code: Type.String({
        title: 'Code',
        description: 'What members type: 3 to 40 letters, digits, - or _ (any case: SPRING-10 and spring-10 are one code).',
        minLength: 3,
        maxLength: 40,
        pattern: '^[A-Za-z0-9_-]+$',
      }),
      appliesTo: Type.Union(lit(TARGETS), { title: 'For', 'x-labels': TARGETS, 'x-default': 'tokens' }),
      kind: Type.Union(lit(KINDS), { title: 'Discount', 'x-labels': KINDS, 'x-default': 'percent' }),
      amount: Type.Number({
        title: 'Amount',
        description: 'Percent off (1–100), or the amount off: tokens for store checkouts, money in the currency below for token packages (e.g. 2.50).',
        exclusiveMinimum: 0,
        maximum: 1_000_000,
      }),
      currency: Type.Optional(
        Type.String({
          title: 'Currency',
          description: 'Token packages only: the packages priced in this currency (ISO 4217, e.g. EUR); needed with a fixed amount or a minimum.',
          maxLength: 3,
          pattern: '^([A-Za-z]{3})?$',
        }),
      ),
      itemKind: Type.Optional(
        Type.Union(lit(ITEM_KINDS), { title: 'Products', description: 'Store checkouts only.', 'x-labels': ITEM_KINDS, 'x-default': 'any' }),
      ),
      itemId: Type.Optional(
        Type.String({
          title: 'Only for this item',
          description: "A token package's or a product's id (from its page here); empty: any.",
          maxLength: 36,
          pattern: '^([0-9A-Fa-f-]{36})?$',
        }),
      ),
      minimum: Type.Optional(
        Type.Number({
          title: 'Minimum purchase',
          description: 'Before the discount: tokens, or money in the currency above. Empty: none.',
          minimum: 0,
          maximum: 1_000_000,
        }),
      ),
      startsAt: when('Starts (UTC)', 'Empty: at once.'),
      endsAt: when('Ends (UTC)', 'Empty: never.'),
      maxUses: optionalCount('Uses in all', 'Empty: no limit. A refunded or failed payment gives its use back.'),
      maxUsesPerMember: optionalCount('Uses per member', 'Empty: no limit.'),
      active: Type.Optional(Type.Boolean({ title: 'Active (members can use it)', 'x-default': true })),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'code', label: 'Code' },
    { key: 'discountText', label: 'Discount' },
    { key: 'appliesTo', label: 'For', labels: TARGETS },
    { key: 'usesText', label: 'Uses' },
    { key: 'active', label: 'Active' },
    { key: 'endsAt', label: 'Ends (UTC)' },
  ],
  filters: [
    { key: 'appliesTo', label: 'For', options: Object.entries(TARGETS).map(([value, label]) => ({ value, label })) },
    {
      key: 'active',
      label: 'State',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Deactivated' },
      ],
    },
  ],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'code', label: 'Code' },
  ],
  operations: { create: true, update: true },
  bulk: ['publish', 'unpublish'],
  bulkLabels: { publish: 'Activate', unpublish: 'Deactivate' },
};
