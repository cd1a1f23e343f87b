import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Flags, Literals, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ListQuery } from './common.ts';
import { ImageRef } from './media.ts';

export const Gallery = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  coverPhoto: ImageRef,
  numOfItems: Type.Integer(),
  categories: Type.Array(CategoryRef),
  isSale: Type.Boolean(),
  price: Type.Integer(),
  stats: Stats,
  ...Flags,
  status: Type.String(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Gallery = Static<typeof Gallery>;

export const GALLERY_SORTS = [...BASE_SORTS, 'title', 'price', 'createdAt'] as const;
export const GallerySearchQuery = catalogueQuery(GALLERY_SORTS, { isSale: Type.Optional(Type.Boolean()) });
export type GallerySearchQuery = CatalogueQuery<(typeof GALLERY_SORTS)[number]> & { isSale?: boolean };

/** A photo; `photo.url` is the full size only for viewers entitled to its gallery (else the blurred preview). */
export const Photo = Type.Object({
  _id: Type.String(),
  target: Type.String(),
  targetId: Type.String(),
  title: Type.String(),
  photo: Type.Intersect([ImageRef, Type.Object({ mimeType: Type.String(), size: Type.Integer() })]),
  isCover: Type.Boolean(),
});
export type Photo = Static<typeof Photo>;

export const PhotoListQuery = Type.Intersect([ListQuery, Type.Object({ sortBy: Type.Optional(Literals(['ordering', 'newest', 'oldest'] as const)) })]);
export type PhotoListQuery = ListQuery & { sortBy?: 'ordering' | 'newest' | 'oldest' };
export const PhotoSearchQuery = Type.Intersect([
  PhotoListQuery,
  Type.Object({ target: Type.Optional(Literals(['gallery', 'video'] as const)), targetId: Type.Optional(Type.String({ format: 'uuid' })) }),
]);
export type PhotoSearchQuery = PhotoListQuery & { target?: 'gallery' | 'video'; targetId?: string };
