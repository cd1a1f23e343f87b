import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Flags, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ImageRef } from './media.ts';

export const Story = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  shortDescription: Type.String(),
  /** Sanitised HTML; null unless the viewer may read it (and in lists). */
  content: Type.Union([Type.String(), Type.Null()]),
  coverImage: ImageRef,
  tags: Type.Array(Type.String()),
  categories: Type.Array(CategoryRef),
  isSale: Type.Boolean(),
  price: Type.Integer(),
  stats: Stats,
  ...Flags,
  publishedAt: Type.String(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Story = Static<typeof Story>;

export const STORY_SORTS = [...BASE_SORTS, 'title', 'price', 'publishedAt'] as const;
export const StorySearchQuery = catalogueQuery(STORY_SORTS, { isSale: Type.Optional(Type.Boolean()) });
export type StorySearchQuery = CatalogueQuery<(typeof STORY_SORTS)[number]> & { isSale?: boolean };

export const BeforeAfterQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 2 })) });
export const BeforeAfter = Type.Object({ before: Type.Array(Story), after: Type.Array(Story) });
export type BeforeAfter = Static<typeof BeforeAfter>;
