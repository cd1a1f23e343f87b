import { Type } from 'typebox';
import { itemRoute } from '../../routes.ts';
import type { AdminResource } from '../resource.ts';
import {
  categoriesField,
  pricedBulk,
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
import { itemGrantActions } from '../grant-actions.ts';

/**
 * Videos: one uploaded file (resumable; MP4, MOV, WebM or MKV, judged by its bytes) that the media pipeline turns into
 * adaptive streams, a poster when none is given, a thumbnail strip and a teaser; priced ones are unlocked with tokens.
 */
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
      video: fileField('Video file', 'video', {
        required: true,
        description: 'MP4, MOV, WebM or MKV, checked by its content. It uploads in pieces (pause, resume), then becomes streams for every screen.',
      }),
      thumbnail: imageField('Poster', { description: 'Shown before the video plays and in lists (16:9 suits best). Empty: a frame of the video.' }),
      teaserStart: Type.Optional(
        Type.Number({ title: 'Teaser starts at (seconds)', description: 'Visitors of a priced video see 10 seconds from here.', minimum: 0, maximum: 86_400 }),
      ),
      categoryIds: categoriesField('video'),
      tags: tagsField,
      ...pricing,
      ...publication,
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'title', label: 'Title' },
    { key: 'price', label: 'Price' },
    stateColumn,
    { key: 'media', label: 'Streams' },
    { key: 'publishAt', label: 'Scheduled for' },
  ],
  filters: [
    stateFilter,
    {
      key: 'media',
      label: 'Streams',
      options: [
        { value: 'processing', label: 'Processing' },
        { value: 'ready', label: 'Ready' },
        { value: 'failed', label: 'Failed' },
      ],
    },
  ],
  sorts: contentSorts,
  bulk: pricedBulk,
  trash: true,
  actions: [
    { name: 'retry', label: 'Process again', confirm: 'Make the streams of this video again?', when: (item) => item.mediaState === 'failed' },
    ...itemGrantActions,
  ],
  panel: 'media',
  publicPath: (item) => (item.state === 'published' && item.mediaState !== 'processing' ? itemRoute('video', String(item.slug)) : null),
};

const MEDIA_STATES = { processing: 'Processing', ready: 'Ready', failed: 'Failed' } as const;

/** How a video's way through the media pipeline reads in its list's "Streams" column: Ready, Processing · 45%, Failed. */
export const mediaLabel = (state: keyof typeof MEDIA_STATES, progress: number): string =>
  state === 'processing' ? `Processing · ${progress}%` : MEDIA_STATES[state];
