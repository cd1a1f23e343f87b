import { Type, type TSchema } from 'typebox';
import type { CategoryGroup } from '../../contracts/categories.ts';
import type { AdminResource, Choice, UploadPurpose } from '../resource.ts';

/**
 * What the content resources (videos, galleries, stories, posts and pages, products, banners) share: how they are
 * published, their categories, their address, their pictures and files.
 */

/** An item's state as the back office shows it; `scheduled` is published with a publication time still to come. */
export const STATES = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' } as const;
export type PublicationState = keyof typeof STATES;

export const stateColumn = { key: 'state', label: 'State', labels: STATES };
export const stateFilter = { key: 'state', label: 'State', options: Object.entries(STATES).map(([value, label]): Choice => ({ value, label })) };

/** Draft or published, and when: a published item stays off the site until its publication time. */
export const publication = {
  status: Type.Union([Type.Literal('inactive'), Type.Literal('active')], {
    title: 'Status',
    description: 'Drafts are never shown on the site.',
    'x-labels': { inactive: 'Draft', active: 'Published' },
    'x-default': 'inactive',
  }),
  publishAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      title: 'Publish at',
      description: 'A published item stays off the site until this time. Empty: at once.',
      'x-kind': 'datetime',
    }),
  ),
};

/** The item's address on the site. */
export const slugField = Type.Optional(
  Type.String({
    title: 'Address',
    description: 'Lower-case words joined by dashes; made from the title when left empty.',
    maxLength: 120,
    pattern: '^$|^[a-z0-9]+(?:-[a-z0-9]+)*$',
  }),
);

/** Categories of one group, chosen from the existing ones. */
export const categoriesField = (group: CategoryGroup) =>
  Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), {
      title: 'Categories',
      maxItems: 20,
      uniqueItems: true,
      'x-kind': 'choices',
      'x-source': { resource: 'categories', query: { group }, label: 'pathName' },
    }),
  );

/** A reference to an upload (or to the file the item has); long enough for a signed reference. */
const ref = (purpose: UploadPurpose) => Type.String({ minLength: 1, maxLength: 4000, 'x-upload': purpose });

/** One picture: required, or optional and removable (null). */
export const imageField = (title: string, opts: { required?: boolean; description?: string } = {}): TSchema =>
  opts.required
    ? Type.String({ ...ref('image'), title, 'x-kind': 'image', ...(opts.description ? { description: opts.description } : {}) })
    : Type.Optional(
        Type.Union([ref('image'), Type.Null()], {
          title,
          'x-kind': 'image',
          'x-upload': 'image',
          ...(opts.description ? { description: opts.description } : {}),
        }),
      );

/** Several pictures, in their order. */
export const imagesField = (title: string, maxItems: number, description?: string) =>
  Type.Optional(Type.Array(ref('image'), { title, maxItems, 'x-kind': 'images', 'x-upload': 'image', ...(description ? { description } : {}) }));

/** One file (a video, a download): required, or optional and removable (null). */
export const fileField = (title: string, purpose: UploadPurpose, opts: { required?: boolean; description?: string } = {}): TSchema => {
  const about = { title, 'x-kind': 'file' as const, 'x-upload': purpose, ...(opts.description ? { description: opts.description } : {}) };
  return opts.required ? Type.String({ ...ref(purpose), ...about }) : Type.Optional(Type.Union([ref(purpose), Type.Null()], about));
};

/** Price in tokens and whether the item is sold (a priced item is locked until bought). */
export const pricing = {
  isSale: Type.Optional(Type.Boolean({ title: 'For sale', description: 'Members unlock it with tokens; otherwise it is free.' })),
  price: Type.Optional(Type.Integer({ title: 'Price (tokens)', minimum: 0, maximum: 1_000_000 })),
};

export const tagsField = Type.Optional(
  Type.String({ title: 'Tags', description: 'Words people search for, separated by commas.', maxLength: 500, 'x-kind': 'text' }),
);

/** The list's sorts of a content resource. */
export const contentSorts: Choice[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'title', label: 'Title' },
];

export const contentBulk: AdminResource['bulk'] = ['publish', 'unpublish', 'delete'];
/** The bulk verbs of items with categories (posts, products), and of priced ones (videos, galleries, stories). */
export const categorisedBulk: AdminResource['bulk'] = [...contentBulk!, 'category'];
export const pricedBulk: AdminResource['bulk'] = [...categorisedBulk, 'price'];
