import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import { RICH_TEXT_HINT } from '../../rich-text.ts';
import { categoriesField, pricedBulk, contentSorts, imageField, pricing, publication, slugField, stateColumn, stateFilter, tagsField } from './content.ts';
import { itemGrantActions } from '../grant-actions.ts';

/** Stories: a teaser for everybody, the text for those who may read it (priced stories are unlocked with tokens). */
export const storiesResource: AdminResource = {
  name: 'stories',
  label: 'Stories',
  singular: 'story',
  titleKey: 'title',
  body: Type.Object(
    {
      title: Type.String({ title: 'Title', minLength: 1, maxLength: 200 }),
      slug: slugField,
      shortDescription: Type.Optional(Type.String({ title: 'Teaser', description: 'Shown to everybody, also while the story is locked.', maxLength: 500 })),
      content: Type.Optional(
        Type.String({
          title: 'Text',
          description: RICH_TEXT_HINT,
          maxLength: 200_000,
          'x-kind': 'html',
        }),
      ),
      cover: imageField('Cover picture', { required: true }),
      categoryIds: categoriesField('story'),
      tags: tagsField,
      ...pricing,
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [{ key: 'title', label: 'Title' }, { key: 'price', label: 'Price' }, stateColumn, { key: 'publishAt', label: 'Publication' }],
  filters: [stateFilter],
  sorts: contentSorts,
  bulk: pricedBulk,
  trash: true,
  actions: itemGrantActions,
  publicPath: (item) => (item.state === 'published' ? itemRoute('story', String(item.slug)) : null),
};
