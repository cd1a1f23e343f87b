import { eq, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { paged, prepared, type Tx } from '../../db/client.ts';
import type { CatalogueQuery } from '../../../shared/contracts/catalogue.ts';
import { categoryRefs, listOrder, listWhere, viewerFlags, isUuid, placeholderTerms, termsKey, termsOf, type ListColumns, type ListTerms } from './query.ts';
import { notHiddenFrom, type Viewer } from './access.ts';

export type ItemKind = 'video' | 'gallery' | 'story' | 'product' | 'post';

/** A catalogue table: its kind (for entitlements and reactions) and its list columns. */
export interface CatalogueTable<T extends PgTable> {
  kind: ItemKind;
  table: T;
  columns: ListColumns & { slug: PgColumn };
}

export type ViewerFlags = { isBought: boolean; isLiked: boolean; isFavourited: boolean; isWatchedLater: boolean };
export type CategoryRefs = { _id: string; name: string; slug: string }[];
/**
 * Columns no public surface reads, left out of the rows: the search vector, the category ids (the rows carry their
 * categories), the media pipeline's state of a video (the back office's).
 */
const UNREAD_KEYS = ['search', 'categoryIds', 'teaserStart', 'uploadId', 'mediaState', 'mediaProgress', 'mediaStep', 'mediaError', 'strip'] as const;
const UNREAD = new Set<string>(UNREAD_KEYS);
type Unread = (typeof UNREAD_KEYS)[number];
/** A row as the lists return it: the table's columns (but UNREAD), the viewer's flags, its categories. */
export type ItemRow<T extends PgTable> = Omit<T['$inferSelect'], Unread> & ViewerFlags & { categories: CategoryRefs };

/**
 * A list filter `column = value` (`isSale`, a post's `type` ...), or `column = any(values)` for an array (the items of a
 * member's purchases): its value is a parameter of the list's prepared statement.
 */
export interface Equal {
  column: PgColumn;
  value: unknown;
}
export const equal = (column: PgColumn, value: unknown): Equal => ({ column, value });
/** What a service adds to a list's filters: equalities (prepared), or any other condition (the list is then built for this call). */
export type ListFilter = Equal | SQL;

/** The viewer's id in a prepared statement (null: an anonymous statement, whose flags are all false). */
const viewerParam = (viewer: Viewer) => (viewer ? { id: sql.placeholder('viewerId') } : null);

function selection<T extends PgTable>(spec: CatalogueTable<T>, viewer: { id: unknown } | null) {
  const columns = Object.entries(getTableColumns(spec.table) as Record<string, PgColumn>).filter(([key]) => !UNREAD.has(key));
  return {
    ...Object.fromEntries(columns),
    ...viewerFlags(viewer ? sql.placeholder('viewerId') : null, spec.kind, spec.columns.id),
    categories: categoryRefs(spec.columns.categoryIds),
  };
}

/**
 * One page of a public list with its total, in one query: the rows (flags and categories included) and the number of
 * all matching rows (`count(*) over()`). A page past the end has no row to carry it: only then is it counted apart.
 * Lists of the same shape (kind, member or not, which filters, order) share one prepared statement.
 */
export async function listItems<T extends PgTable>(
  db: Tx,
  spec: CatalogueTable<T>,
  query: CatalogueQuery,
  viewer: Viewer,
  extra: (ListFilter | undefined)[] = [],
): Promise<{ rows: ItemRow<T>[]; total: number }> {
  const terms = termsOf(query);
  const equals = extra.filter((f): f is Equal => f !== undefined && !is(f, SQL));
  const conditions = extra.filter((f): f is SQL => is(f, SQL));
  const values: Record<string, unknown> = { ...terms, viewerId: viewer?.id, limit: query.limit ?? 12, offset: query.offset ?? 0 };
  equals.forEach((e, i) => (values[`equal${i}`] = e.value));
  const where = (t: ListTerms) =>
    listWhere(spec.columns, t, [
      notHiddenFrom(viewerParam(viewer), spec.kind, spec.columns.id),
      ...equals.map((e, i) => (Array.isArray(e.value) ? sql`${e.column} = any(${sql.placeholder(`equal${i}`)})` : eq(e.column, sql.placeholder(`equal${i}`)))),
      ...conditions,
    ]);
  const build = (on: Tx) => {
    const { where: filter, rank } = where(placeholderTerms(terms));
    const rows = on
      .select({ ...selection(spec, viewer), total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(spec.table as PgTable)
      .where(filter)
      .orderBy(...listOrder(spec.columns, query, rank));
    return paged(rows.$dynamic(), values.offset as number);
  };
  const key = `list:${spec.kind}:${viewer ? 'member' : 'anonymous'}:${values.offset ? 'paged' : 'first'}:${termsKey(terms)}:${query.sortBy ?? ''}:${query.sort ?? ''}:${equals.map((e) => `${e.column.name}${Array.isArray(e.value) ? '[]' : ''}`)}`;
  const rows = conditions.length ? await build(db).execute(values) : await prepared(db, key, build).execute(values);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && (query.offset ?? 0) > 0) {
    const [row] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(spec.table as PgTable)
      .where(where(placeholderTerms(terms)).where)
      .execute(values);
    total = row?.total ?? 0;
  }
  return { rows: rows as unknown as ItemRow<T>[], total };
}

/** One active item by `_id` or slug, with the viewer's flags; null when there is none. */
export async function findItem<T extends PgTable>(db: Tx, spec: CatalogueTable<T>, idOrSlug: string, viewer: Viewer): Promise<ItemRow<T> | null> {
  const byId = isUuid(idOrSlug);
  const statement = prepared(db, `item:${spec.kind}:${viewer ? 'member' : 'anonymous'}:${byId ? 'id' : 'slug'}`, (on) =>
    on
      .select(selection(spec, viewer))
      .from(spec.table as PgTable)
      .where(
        listWhere(spec.columns, {}, [
          eq(byId ? spec.columns.id : spec.columns.slug, sql.placeholder('idOrSlug')),
          notHiddenFrom(viewerParam(viewer), spec.kind, spec.columns.id),
        ]).where,
      )
      .limit(1),
  );
  const [row] = await statement.execute({ idOrSlug, viewerId: viewer?.id });
  return (row as unknown as ItemRow<T>) ?? null;
}

/** How many active items match `q` (for `/search/total`). */
export async function countMatches<T extends PgTable>(db: Tx, spec: CatalogueTable<T>, q: string | undefined): Promise<number> {
  return db.$count(spec.table, listWhere(spec.columns, termsOf({ q }), [notHiddenFrom(null, spec.kind, spec.columns.id)]).where);
}

/** Just what a purchase needs of an active item not hidden by moderation (no flags, no categories): id, slug, title, isSale, price. */
export async function findPriced<T extends PgTable>(
  db: Tx,
  spec: CatalogueTable<T>,
  idOrSlug: string,
): Promise<{ id: string; slug: string; title: string; isSale: boolean; price: number } | null> {
  const byId = isUuid(idOrSlug);
  const t = getTableColumns(spec.table) as Record<string, PgColumn>;
  const statement = prepared(db, `priced:${spec.kind}:${byId ? 'id' : 'slug'}`, (on) =>
    on
      .select({ id: t.id!, slug: t.slug!, title: t.title!, isSale: t.isSale!, price: t.price! })
      .from(spec.table as PgTable)
      .where(
        listWhere(spec.columns, {}, [
          eq(byId ? spec.columns.id : spec.columns.slug, sql.placeholder('idOrSlug')),
          notHiddenFrom(null, spec.kind, spec.columns.id),
        ]).where,
      )
      .limit(1),
  );
  const [row] = await statement.execute({ idOrSlug });
  return (row as { id: string; slug: string; title: string; isSale: boolean; price: number }) ?? null;
}
