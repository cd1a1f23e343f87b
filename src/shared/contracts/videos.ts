import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Flags, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ImageRef, MediaFile } from './media.ts';

export const Video = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  categories: Type.Array(CategoryRef),
  thumbnail: ImageRef,
  teaser: Type.Union([MediaFile, Type.Null()]),
  /** The stream: `url` only when the viewer may watch (null in lists). */
  video: MediaFile,
  isSale: Type.Boolean(),
  price: Type.Integer(),
  isSchedule: Type.Boolean(),
  scheduledAt: Type.Union([Type.String(), Type.Null()]),
  stats: Stats,
  ...Flags,
  status: Type.String(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Video = Static<typeof Video>;

export const VIDEO_SORTS = [...BASE_SORTS, 'title', 'price', 'createdAt'] as const;
export const VideoSearchQuery = catalogueQuery(VIDEO_SORTS, { isSale: Type.Optional(Type.Boolean()) });
export type VideoSearchQuery = CatalogueQuery<(typeof VIDEO_SORTS)[number]> & { isSale?: boolean };
