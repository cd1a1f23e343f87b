import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';
import { TOKENS_ROUTE } from '../../routes.ts';

/** What members buy with money on the tokens page: a number of tokens for a price. Shown there when on sale, in order. */
export const tokenPackagesResource: AdminResource = {
  name: 'token-packages',
  label: 'Token packages',
  singular: 'token package',
  titleKey: 'name',
  body: Type.Object(
    {
      name: Type.String({ title: 'Name', minLength: 1, maxLength: 100 }),
      description: Type.Optional(Type.String({ title: 'Description', maxLength: 500 })),
      tokens: Type.Integer({ title: 'Tokens', description: 'How many tokens the member gets.', minimum: 1, maximum: 1_000_000 }),
      price: Type.Number({ title: 'Price', description: 'In the currency below, e.g. 4.99.', exclusiveMinimum: 0, maximum: 100_000 }),
      currency: Type.Optional(
        Type.String({
          title: 'Currency',
          description: 'Its ISO 4217 code, e.g. USD or EUR. Empty: the site’s currency; a package in it follows when the site’s changes.',
          maxLength: 3,
          pattern: '^$|^[A-Za-z]{3}$',
        }),
      ),
      ordering: Type.Optional(Type.Integer({ title: 'Order', description: 'Lower comes first on the tokens page.', minimum: -10000, maximum: 10000 })),
      isActive: Type.Optional(Type.Boolean({ title: 'On sale (shown on the tokens page)', 'x-default': true })),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'tokens', label: 'Tokens' },
    { key: 'priceText', label: 'Price' },
    { key: 'ordering', label: 'Order' },
    { key: 'isActive', label: 'On sale' },
    { key: 'payments', label: 'Payments' },
  ],
  filters: [
    {
      key: 'isActive',
      label: 'On sale',
      options: [
        { value: 'true', label: 'On sale' },
        { value: 'false', label: 'Disabled' },
      ],
    },
  ],
  sorts: [
    { value: 'ordering', label: 'Order' },
    { value: 'name', label: 'Name' },
    { value: 'newest', label: 'Newest' },
  ],
  bulk: ['publish', 'unpublish', 'delete'],
  bulkLabels: { publish: 'Enable', unpublish: 'Disable' },
  publicPath: (item) => (item.isActive ? TOKENS_ROUTE : null),
};
