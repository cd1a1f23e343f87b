import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import { categoriesField, categorisedBulk, fileField, imagesField, publication, slugField, stateColumn, stateFilter, tagsField } from './content.ts';

const TYPES = { digital: 'Digital (a download)', physical: 'Physical (shipped)' } as const;

/** The store's products: a price in tokens, stock for physical ones, a file for digital ones (never shown to anybody). */
export const productsResource: AdminResource = {
  name: 'products',
  label: 'Products',
  singular: 'product',
  titleKey: 'name',
  body: Type.Object(
    {
      name: Type.String({ title: 'Name', minLength: 1, maxLength: 200 }),
      type: Type.Union([Type.Literal('digital'), Type.Literal('physical')], { title: 'Kind', 'x-labels': TYPES }),
      slug: slugField,
      description: Type.Optional(Type.String({ title: 'Description', maxLength: 5000 })),
      price: Type.Integer({ title: 'Price (tokens)', minimum: 1, maximum: 1_000_000 }),
      stock: Type.Optional(
        Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()], {
          title: 'Stock',
          description: 'Units left to sell (physical products).',
          'x-kind': 'number',
        }),
      ),
      images: imagesField('Pictures', 8, 'The first is shown in lists and link previews.'),
      file: fileField('File to download', 'download', {
        description: 'What buyers of a digital product download. Never shown on the site: buyers get expiring links.',
      }),
      categoryIds: categoriesField('product'),
      tags: tagsField,
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [{ key: 'name', label: 'Name' }, { key: 'type', label: 'Kind' }, { key: 'price', label: 'Price' }, { key: 'stock', label: 'Stock' }, stateColumn],
  filters: [{ key: 'type', label: 'Kind', options: Object.entries(TYPES).map(([value, label]) => ({ value, label: label.split(' (')[0]! })) }, stateFilter],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'oldest', label: 'Oldest' },
    { value: 'title', label: 'Name' },
  ],
  bulk: categorisedBulk,
  trash: true,
  publicPath: (item) => (item.state === 'published' ? itemRoute('product', String(item.slug)) : null),
};
