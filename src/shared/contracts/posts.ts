import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Literals, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ImageRef } from './media.ts';

export const PostType = Literals(['post', 'page'] as const);

export const Post = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  type: PostType,
  title: Type.String(),
  shortDescription: Type.String(),
  /** Sanitised HTML (null in lists). */
  content: Type.Union([Type.String(), Type.Null()]),
  image: Type.Union([ImageRef, Type.Null()]),
  tags: Type.Array(Type.String()),
  categories: Type.Array(CategoryRef),
  stats: Stats,
  publishedAt: Type.String(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Post = Static<typeof Post>;

export const POST_SORTS = [...BASE_SORTS, 'title', 'publishedAt'] as const;
export const PostSearchQuery = catalogueQuery(POST_SORTS, { type: Type.Optional(PostType) });
export type PostSearchQuery = CatalogueQuery<(typeof POST_SORTS)[number]> & { type?: 'post' | 'page' };
