import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import {
  categoriesField,
  contentBulk,
  contentSorts,
  fileField,
  imageField,
  pricing,
  publication,
  slugField,
  stateColumn,
  stateFilter,
  tagsField,
} from './content.ts';

/** Videos: one file (MP4 or WebM, streamed with Range requests) and a poster; priced ones are unlocked with tokens. */
export const videosResource: AdminResource = {
  name: 'videos',
  label: 'Videos',
  singular: 'video',
  titleKey: 'title',
  body: Type.Object(
    {
      title: Type.String({ title: 'Title', minLength: 1, maxLength: 200 }),
      slug: slugField,
      description: Type.Optional(Type.String({ title: 'Description', maxLength: 5000 })),
      video: fileField('Video file', 'video', { required: true, description: 'MP4 or WebM; checked by its content, not its name.' }),
      thumbnail: imageField('Poster', { required: true, description: 'Shown before the video plays, in lists and in link previews (16:9 suits best).' }),
      categoryIds: categoriesField('video'),
      tags: tagsField,
      ...pricing,
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [{ key: 'title', label: 'Title' }, { key: 'price', label: 'Price' }, stateColumn, { key: 'publishAt', label: 'Scheduled for' }],
  filters: [stateFilter],
  sorts: contentSorts,
  bulk: contentBulk,
  publicPath: (item) => (item.state === 'published' ? itemRoute('video', String(item.slug)) : null),
};
