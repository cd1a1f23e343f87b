import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Literals, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ImageRef } from './media.ts';

export const ProductType = Literals(['digital', 'physical'] as const);

/**
 * A product; the digital file itself is never described here (the download link comes from its own call). Products
 * are sold through the cart and never locked, so they carry no isLocked or isWatchedLater.
 */
export const Product = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  type: ProductType,
  price: Type.Integer({ description: 'tokens' }),
  stock: Type.Union([Type.Integer(), Type.Null()]),
  images: Type.Array(ImageRef),
  tags: Type.Array(Type.String()),
  categories: Type.Array(CategoryRef),
  stats: Stats,
  isBought: Type.Boolean(),
  isLiked: Type.Boolean(),
  isFavourited: Type.Boolean(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Product = Static<typeof Product>;

export const PRODUCT_SORTS = [...BASE_SORTS, 'name', 'price', 'createdAt'] as const;
export const ProductSearchQuery = catalogueQuery(PRODUCT_SORTS, { type: Type.Optional(ProductType) });
export type ProductSearchQuery = CatalogueQuery<(typeof PRODUCT_SORTS)[number]> & { type?: 'digital' | 'physical' };
