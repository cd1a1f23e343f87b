import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import { RICH_TEXT_HINT } from '../../rich-text.ts';
import { categoriesField, categorisedBulk, contentSorts, imageField, publication, slugField, stateColumn, stateFilter, tagsField } from './content.ts';

const TYPES = { post: 'Post', page: 'Page' } as const;

/** Posts and pages: free to read, their text sanitised HTML. */
export const postsResource: AdminResource = {
  name: 'posts',
  label: 'Posts and pages',
  singular: 'post',
  titleKey: 'title',
  body: Type.Object(
    {
      title: Type.String({ title: 'Title', minLength: 1, maxLength: 200 }),
      type: Type.Union([Type.Literal('post'), Type.Literal('page')], { title: 'Kind', 'x-labels': TYPES, 'x-default': 'post' }),
      slug: slugField,
      shortDescription: Type.Optional(Type.String({ title: 'Summary', description: 'Shown in lists and link previews.', maxLength: 500 })),
      content: Type.Optional(
        Type.String({
          title: 'Text',
          description: RICH_TEXT_HINT,
          maxLength: 100_000,
          'x-kind': 'html',
        }),
      ),
      categoryIds: categoriesField('post'),
      tags: tagsField,
      image: imageField('Picture', { description: 'Shown at the top and in link previews.' }),
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [{ key: 'title', label: 'Title' }, { key: 'type', label: 'Kind' }, stateColumn, { key: 'publishAt', label: 'Publication' }],
  filters: [{ key: 'type', label: 'Kind', options: Object.entries(TYPES).map(([value, label]) => ({ value, label })) }, stateFilter],
  sorts: contentSorts,
  bulk: categorisedBulk,
  trash: true,
  // Drafts and scheduled posts are not on the site yet.
  publicPath: (item) => (item.state === 'published' ? itemRoute('post', String(item.slug)) : null),
};
