import { Type, type Static, type TSchema } from 'typebox';
import { ListQuery } from './common.ts';

/** A category as items carry it. */
export const CategoryRef = Type.Object({ _id: Type.String(), name: Type.String(), slug: Type.String() });
export type CategoryRef = Static<typeof CategoryRef>;

export const Stats = Type.Object({ views: Type.Integer(), likes: Type.Integer(), favourites: Type.Integer(), comments: Type.Integer() });
export type Stats = Static<typeof Stats>;

/** Viewer-dependent flags (false for anonymous visitors). */
export const Flags = {
  isLiked: Type.Boolean(),
  isFavourited: Type.Boolean(),
  isWatchedLater: Type.Boolean(),
  isBought: Type.Boolean(),
  /** Priced, not bought, and the viewer is not an admin: the full media and content are withheld. */
  isLocked: Type.Boolean(),
};

const Id = Type.String({ format: 'uuid' });
/** A union of string literals, typed as such. */
const Literals = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

/** The list sorts every catalogue list takes; resources add their own fields. */
export const BASE_SORTS = ['newest', 'oldest', 'popular'] as const;

/** List query of a catalogue resource: the common paging and search, `sortBy` from `sorts`, and the shared filters. */
export function catalogueQuery<S extends string, F extends Record<string, TSchema>>(sorts: readonly S[], filters: F) {
  return Type.Intersect([
    ListQuery,
    Type.Object({
      sortBy: Type.Optional(Literals(sorts)),
      categoryId: Type.Optional(Id),
      categoryIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
      excludedId: Type.Optional(Id),
      fromDate: Type.Optional(Type.String({ format: 'date-time' })),
      toDate: Type.Optional(Type.String({ format: 'date-time' })),
      ...filters,
    }),
  ]);
}

/** The static type of a catalogue list query. */
export type CatalogueQuery<S extends string = string> = ListQuery & {
  sortBy?: S;
  categoryId?: string;
  categoryIds?: string[];
  excludedId?: string;
  fromDate?: string;
  toDate?: string;
};

/** Query of detail calls that count a view; the site's server render passes `countView=false` (its page counts the view from the browser). */
export const DetailQuery = Type.Object({ countView: Type.Optional(Type.Boolean()) });
export type DetailQuery = Static<typeof DetailQuery>;

export { Literals };
