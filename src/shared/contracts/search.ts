import { Type, type Static } from 'typebox';

export const SearchTotalQuery = Type.Object({ q: Type.Optional(Type.String()) });
export const SearchTotal = Type.Object({
  totalVideos: Type.Integer(),
  totalGalleries: Type.Integer(),
  totalStories: Type.Integer(),
  totalPosts: Type.Integer(),
  totalProducts: Type.Integer(),
});
export type SearchTotal = Static<typeof SearchTotal>;
