import { and, eq, getTableName, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CatalogueQuery } from '../../../shared/contracts/catalogue.ts';
import { orderOf, type SortKey } from '../../db/keyset.ts';
import { heldBy } from './held.ts';

/** The columns every catalogue table shares, as the list builder needs them. */
export interface ListColumns {
  id: PgColumn;
  status: PgColumn;
  /** Hidden by moderation (the item's copy of its `hidden_targets` entry: catalogue/access.ts notHiddenFrom). */
  hidden: PgColumn;
  /**
   * What makes an item public apart from its release time (active; a video ready, a gallery with a cover): the very SQL
   * of the public lists' partial indexes (db/schema.ts PUBLIC_WHERE), so that PostgreSQL proves them usable.
   */
  public: SQL;
  createdAt: PgColumn;
  views: PgColumn;
  categoryIds: PgColumn;
  search: PgColumn;
  /** Publication time (stories, posts): 'newest' orders by it and future items stay hidden. */
  publishedAt?: PgColumn;
  /** A scheduled release (videos, galleries, products): hidden until this time; videos also say `isSchedule`. */
  scheduledAt?: PgColumn;
  isSchedule?: PgColumn;
  /** Field sorts allowed by the resource's `sortBy` (title, price ...). */
  fields: Record<string, PgColumn>;
}

/** Longest search text used; the rest is cut. */
export const MAX_QUERY_CHARS = 200;
const MAX_WORDS = 8;

/** A value in a list's SQL: the value itself, or a placeholder of a prepared statement (filled at each execution). */
export type Bound<T> = T | Placeholder;

/**
 * The filters of a public list as its SQL takes them (termsOf a query): values, or placeholders of the same names
 * (placeholderTerms), so that every list of one shape (termsKey) is one prepared statement.
 */
export interface ListTerms {
  /** Full-text search: the text in websearch syntax, and every word as a prefix (see textTerms). */
  websearch?: Bound<string>;
  prefix?: Bound<string>;
  /** A category and the categories under it: their ids (subtreeIds), read before the list is built. */
  subtree?: Bound<string[]>;
  /** Any of these categories (one uuid[] parameter when prepared). */
  categoryIds?: Bound<string[]>;
  excludedId?: Bound<string>;
  /** ISO times, on the publication time (else the creation time). */
  fromDate?: Bound<string>;
  toDate?: Bound<string>;
}

/**
 * The full-text terms of `q`: English websearch syntax (stems, "phrases", -exclusions) OR every word as a prefix
 * (`desert` finds "deserts", `des` finds "desert"). Null when `q` holds no word.
 */
export function textTerms(q: string | undefined): { websearch: string; prefix: string } | null {
  const text = (q ?? '').slice(0, MAX_QUERY_CHARS).trim();
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (!words.length) return null;
  return { websearch: text, prefix: words.map((w) => `${w}:*`).join(' & ') };
}

const tsQuery = (websearch: Bound<string>, prefix: Bound<string>) => sql`(websearch_to_tsquery('english', ${websearch}) || to_tsquery('simple', ${prefix}))`;

/** The full-text query for `q` (see textTerms); null when `q` holds no word. */
export function textQuery(q: string | undefined): SQL | null {
  const terms = textTerms(q);
  return terms && tsQuery(terms.websearch, terms.prefix);
}

/** The list terms of a query, as values; `subtree`: the ids of `query.categoryId`'s subtree (subtreeIds). */
export function termsOf(query: CatalogueQuery, subtree?: string[]): ListTerms {
  const terms: ListTerms = { ...textTerms(query.q) };
  if (subtree) terms.subtree = subtree;
  if (query.categoryIds?.length) terms.categoryIds = query.categoryIds;
  if (query.excludedId) terms.excludedId = query.excludedId;
  if (query.fromDate) terms.fromDate = new Date(query.fromDate).toISOString();
  if (query.toDate) terms.toDate = new Date(query.toDate).toISOString();
  return terms;
}

/** Which terms a list has: the part of its prepared statement's key that filters. */
export const termsKey = (terms: ListTerms): string => Object.keys(terms).sort().join(',');

/** The same terms as placeholders named after them (their values: the terms themselves). */
export const placeholderTerms = (terms: ListTerms): ListTerms =>
  Object.fromEntries(Object.keys(terms).map((name) => [name, sql.placeholder(name)])) as ListTerms;

/**
 * Whether an item's publication time has come (its `publishedAt`, or its scheduled release); undefined when it has
 * none. The one definition of "scheduled" for the public lists and the back office's states.
 */
export function releasedWhere(c: Pick<ListColumns, 'publishedAt' | 'scheduledAt' | 'isSchedule'>): SQL | undefined {
  if (c.publishedAt) return lte(c.publishedAt, sql`now()`);
  if (!c.scheduledAt) return undefined;
  const due = sql`(${c.scheduledAt} is null or ${c.scheduledAt} <= now())`;
  return c.isSchedule ? sql`(not ${c.isSchedule} or ${due})` : due;
}

/** WHERE of a public list: public, released, and the shared filters (values or placeholders, see ListTerms). */
export function listWhere(c: ListColumns, terms: ListTerms, extra: (SQL | undefined)[] = []): { where: SQL; rank: SQL | null } {
  const filters: (SQL | undefined)[] = [c.public, releasedWhere(c), ...extra];
  const tsq = terms.websearch !== undefined && terms.prefix !== undefined ? tsQuery(terms.websearch, terms.prefix) : null;
  if (tsq) filters.push(sql`${c.search} @@ ${tsq}`);
  // A category's items include those of the categories under it.
  if (terms.subtree !== undefined) filters.push(sql`${c.categoryIds} && ${terms.subtree}::uuid[]`);
  const ids = terms.categoryIds;
  if (Array.isArray(ids))
    filters.push(
      sql`${c.categoryIds} && array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`,
    );
  else if (ids !== undefined) filters.push(sql`${c.categoryIds} && ${ids}::uuid[]`);
  if (terms.excludedId !== undefined) filters.push(ne(c.id, terms.excludedId));
  const dated = c.publishedAt ?? c.createdAt;
  if (terms.fromDate !== undefined) filters.push(sql`${dated} >= ${terms.fromDate}`);
  if (terms.toDate !== undefined) filters.push(sql`${dated} <= ${terms.toDate}`);
  return { where: and(...filters)!, rank: tsq ? sql`ts_rank(${c.search}, ${tsq})` : null };
}

/**
 * A list's order: its ORDER BY, and the columns it sorts by, all in one direction (`descending` or not), so that the
 * rows after a given row are `(keys) < (its values)` (or `>`): a keyset. Ties go by time and id in the order's own
 * direction (a field ascending: the older first), so that one index per order serves both directions
 * (db/schema.ts catalogueIndexes). A search without a sortBy has no keyset: `relevance` (see catalogue.repository.ts).
 */
export type ListOrder = { relevance: false; by: SQL[]; keys: SortKey[] } | { relevance: true };

/** The order of a list: relevance when searching without a sortBy; newest/oldest/popular; a field with `sort` (default desc). */
export function listOrder(c: ListColumns, query: Pick<CatalogueQuery, 'sortBy' | 'sort'>, searching: boolean): ListOrder {
  const dated = c.publishedAt ?? c.createdAt;
  const by = query.sortBy;
  if (!by && searching) return { relevance: true };
  const column = by === 'popular' ? c.views : by && by !== 'newest' && by !== 'oldest' ? c.fields[by] : undefined;
  const descending = by === 'oldest' ? false : column && by !== 'popular' ? query.sort !== 'asc' : true;
  const columns = column && column !== dated ? [column, dated, c.id] : [dated, c.id];
  const keys = columns.map((k): SortKey => ({ column: k, dir: descending ? 'desc' : 'asc' }));
  return { relevance: false, by: orderOf(keys), keys };
}

/** `"table"."column"`: inside a sub-select drizzle writes columns unqualified, which could bind to the inner table. */
export const qualified = (column: PgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `true`/`false` flags of one viewer on each row, as sub-selects of the list query itself (one query per list). */
export function viewerFlags(viewerId: Bound<string> | null, kind: string, idColumn: PgColumn) {
  const id = qualified(idColumn);
  if (!viewerId) return { isBought: sql<boolean>`false`, isLiked: sql<boolean>`false`, isFavourited: sql<boolean>`false`, isWatchedLater: sql<boolean>`false` };
  const reacted = (action: string) =>
    sql<boolean>`exists(select 1 from reactions r where r.user_id = ${viewerId} and r.object_type = ${kind} and r.object_id = ${id} and r.action = ${action})`;
  return {
    isBought: heldBy(viewerId, kind, id),
    isLiked: reacted('like'),
    isFavourited: reacted('favourite'),
    isWatchedLater: reacted('watch_later'),
  };
}

/** The item's categories as `[{_id, name, slug}]`, in their ordering, selected with the row. */
export const categoryRefs = (categoryIds: PgColumn) =>
  sql<
    { _id: string; name: string; slug: string }[]
  >`(select coalesce(json_agg(json_build_object('_id', c.id, 'name', c.name, 'slug', c.slug) order by c.ordering), '[]'::json) from categories c where c.id = any(${qualified(categoryIds)}))`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Detail lookups accept an `_id` or a slug. */
export const byIdOrSlug = (c: { id: PgColumn; slug: PgColumn }, idOrSlug: string): SQL => (UUID.test(idOrSlug) ? eq(c.id, idOrSlug) : eq(c.slug, idOrSlug));
export const isUuid = (s: string) => UUID.test(s);
