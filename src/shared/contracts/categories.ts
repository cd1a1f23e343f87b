import { Type, type Static } from 'typebox';
import { ListQuery } from './common.ts';

export const CategoryGroup = Type.Union([Type.Literal('video'), Type.Literal('gallery'), Type.Literal('story'), Type.Literal('product'), Type.Literal('post')]);
export type CategoryGroup = Static<typeof CategoryGroup>;

export const Category = Type.Object({
  _id: Type.String(),
  group: CategoryGroup,
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  ordering: Type.Integer(),
  /** The category this one is under (same group), or null at the top. */
  parentId: Type.Union([Type.String(), Type.Null()]),
});
export type Category = Static<typeof Category>;

export const CategorySearchQuery = Type.Intersect([ListQuery, Type.Object({ group: Type.Optional(CategoryGroup) })]);
export type CategorySearchQuery = ListQuery & { group?: CategoryGroup };
