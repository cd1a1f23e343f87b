import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';
import { contentBulk, imageField } from './content.ts';

const POSITIONS = { top: 'Top (the home page carousel)', middle: 'Middle', bottom: 'Bottom' } as const;
/** A banner's state: shown now, waiting for its start, past its end, or hidden. */
export const BANNER_STATES = { published: 'Shown', scheduled: 'Starts later', ended: 'Ended', draft: 'Hidden' } as const;

const when = (title: string, description: string) =>
  Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { title, description, 'x-kind': 'datetime' }));

/** Site promos: a picture with a title and a link, shown at a position of the home page between two dates. */
export const bannersResource: AdminResource = {
  name: 'banners',
  label: 'Banners',
  singular: 'banner',
  titleKey: 'title',
  body: Type.Object(
    {
      title: Type.String({ title: 'Title', minLength: 1, maxLength: 120 }),
      description: Type.Optional(Type.String({ title: 'Text', maxLength: 300 })),
      link: Type.Optional(
        Type.String({
          title: 'Link',
          description: 'A page of this site (/videos) or an http(s) address. Empty: the banner links nowhere.',
          maxLength: 2000,
          'x-kind': 'text',
        }),
      ),
      position: Type.Union([Type.Literal('top'), Type.Literal('middle'), Type.Literal('bottom')], {
        title: 'Position',
        'x-labels': POSITIONS,
        'x-default': 'top',
      }),
      photo: imageField('Picture', { required: true, description: 'Wide pictures suit banners best (3:1).' }),
      ordering: Type.Optional(Type.Integer({ title: 'Order', description: 'Lower comes first.', minimum: -10000, maximum: 10000 })),
      status: Type.Union([Type.Literal('inactive'), Type.Literal('active')], {
        title: 'Status',
        description: 'Hidden banners are never shown.',
        'x-labels': { inactive: 'Hidden', active: 'Shown' },
        'x-default': 'inactive',
      }),
      startsAt: when('Shown from', 'Empty: at once.'),
      endsAt: when('Shown until', 'Empty: no end.'),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'title', label: 'Title' },
    { key: 'position', label: 'Position', labels: { top: 'Top', middle: 'Middle', bottom: 'Bottom' } },
    { key: 'state', label: 'State', labels: BANNER_STATES },
    { key: 'ordering', label: 'Order' },
    { key: 'endsAt', label: 'Until' },
  ],
  filters: [
    { key: 'position', label: 'Position', options: Object.entries(POSITIONS).map(([value, label]) => ({ value, label: label.split(' (')[0]! })) },
    { key: 'state', label: 'State', options: Object.entries(BANNER_STATES).map(([value, label]) => ({ value, label })) },
  ],
  sorts: [
    { value: 'ordering', label: 'Order' },
    { value: 'newest', label: 'Newest' },
    { value: 'title', label: 'Title' },
  ],
  bulk: contentBulk,
  trash: true,
};
