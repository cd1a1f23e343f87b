import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import { categoriesField, pricedBulk, contentSorts, pricing, publication, slugField, stateColumn, stateFilter, tagsField } from './content.ts';
import { itemGrantActions } from '../grant-actions.ts';

/** Photo galleries; their photos (upload, order, cover, remove) are a panel of the gallery's page. */
export const galleriesResource: AdminResource = {
  name: 'galleries',
  label: 'Galleries',
  singular: 'gallery',
  titleKey: 'title',
  body: Type.Object(
    {
      title: Type.String({ title: 'Title', minLength: 1, maxLength: 200 }),
      slug: slugField,
      description: Type.Optional(Type.String({ title: 'Description', maxLength: 5000 })),
      categoryIds: categoriesField('gallery'),
      tags: tagsField,
      ...pricing,
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [{ key: 'title', label: 'Title' }, { key: 'numOfItems', label: 'Photos' }, { key: 'price', label: 'Price' }, stateColumn],
  filters: [stateFilter],
  sorts: contentSorts,
  bulk: pricedBulk,
  trash: true,
  actions: itemGrantActions,
  publicPath: (item) => (item.state === 'published' ? itemRoute('gallery', String(item.slug)) : null),
  panel: 'photos',
};
