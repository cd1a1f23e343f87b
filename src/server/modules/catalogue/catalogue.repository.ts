import { and, desc, eq, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { paged, prepared, type Tx } from '../../db/client.ts';
import { after, cursorFields, cursorOf } from '../../db/keyset.ts';
import { aheadOf, countUpTo, totalAfter, totalOf, type ListTotal } from '../../db/lists.ts';
import type { CatalogueQuery } from '../../../shared/contracts/catalogue.ts';
import { categoryRefs, listOrder, listWhere, viewerFlags, isUuid, placeholderTerms, termsKey, termsOf } from './query.ts';
import { notHiddenFrom, type Viewer } from './access.ts';
import type { CatalogueTable } from './kinds.ts';
import { subtreeIds } from '../categories/categories.repository.ts';

export type ViewerFlags = { isBought: boolean; isLiked: boolean; isFavourited: boolean; isWatchedLater: boolean };
export type CategoryRefs = { _id: string; name: string; slug: string }[];
/**
 * Columns no public surface reads, left out of the rows: the search vector, the hidden copy, the category ids (the rows carry their
 * categories), the media pipeline's state of a video (the back office's).
 */
const UNREAD_KEYS = ['search', 'hidden', 'categoryIds', 'teaserStart', 'uploadId', 'mediaState', 'mediaProgress', 'mediaStep', 'mediaError', 'strip'] as const;
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
 * How many of a search's most viewed matches its relevance ranks: ranking every match of a common word would read
 * them all (15,000 of 100,000 videos for a frequent word); these are found in popularity order, ranked, and paged.
 */
export const SEARCH_CANDIDATES = 200;

/**
 * One page of a public list with its total, at a cost that grows with the page, not with the table:
 * - the first page reads its rows by the order's index; a deeper page finds its ids first (the OFFSET skips index
 *   entries, not rows with their categories and flags) and then reads just those rows;
 * - a search without a sortBy ranks (ts_rank) the SEARCH_CANDIDATES most viewed matches (or as many as the page
 *   needs), found by the popularity index or the full-text index, whichever PostgreSQL finds cheaper;
 * - the total (db/lists.ts) is exact while the page is not full; a ranked search's is its number of candidates (the
 *   same query, "200+" when they fill their bound); else counted up to 1,000 past the offset (200 for a search): from
 *   the start on a first page, by the narrowest index that answers; after the page by the order's keyset on a deeper
 *   page, so that the count costs the same on page 400 as on page 1.
 * `counted: false` when the caller needs the rows only. Lists of the same shape (kind, member or not, which filters,
 * order) share one prepared statement per query.
 */
export async function listItems<T extends PgTable>(
  db: Tx,
  spec: CatalogueTable<T>,
  query: CatalogueQuery,
  viewer: Viewer,
  extra: (ListFilter | undefined)[] = [],
  { counted = true }: { counted?: boolean } = {},
): Promise<{ rows: ItemRow<T>[] } & ListTotal> {
  // A category's subtree is read first, so that its ids are the list's parameter: PostgreSQL then plans a large
  // category's list for how common its ids are (a custom plan, which it keeps choosing while the generic one costs
  // more): the first 1,000 videos of a category of 33,000 counted along the newest index (1.7 ms), not fetched
  // through the categories' GIN index (33 ms), as a sub-select's ids, unknown when planning, made it do.
  const terms = termsOf(query, query.categoryId ? await subtreeIds(db, query.categoryId) : undefined);
  const equals = extra.filter((f): f is Equal => f !== undefined && !is(f, SQL));
  const conditions = extra.filter((f): f is SQL => is(f, SQL));
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 12;
  const order = listOrder(spec.columns, query, terms.websearch !== undefined);
  const candidates = Math.max(SEARCH_CANDIDATES, offset + limit);
  const values: Record<string, unknown> = { ...terms, viewerId: viewer?.id, limit, offset, candidates };
  equals.forEach((e, i) => (values[`equal${i}`] = e.value));
  const table = spec.table as PgTable;
  const c = spec.columns;
  const filter = () =>
    listWhere(c, placeholderTerms(terms), [
      notHiddenFrom(viewerParam(viewer), spec.kind, c),
      ...equals.map((e, i) => (Array.isArray(e.value) ? sql`${e.column} = any(${sql.placeholder(`equal${i}`)})` : eq(e.column, sql.placeholder(`equal${i}`)))),
      ...conditions,
    ]);
  // A list with a condition of its own (SQL a service built) is built for this call, and so is a search: PostgreSQL
  // plans it for its words (a prepared statement's generic plan, blind to how common a word is, would rank all 17,000
  // videos of a frequent one instead of walking the most viewed: 350 ms against 4 on B). Every other list is prepared.
  const unprepared = conditions.length > 0 || terms.websearch !== undefined;
  type Runnable<R> = { execute(v: Record<string, unknown>): Promise<R>; prepare(name: string): { execute(v: Record<string, unknown>): Promise<R> } };
  const run = <R>(key: string, build: (on: Tx) => Runnable<R>, params: Record<string, unknown>): Promise<R> =>
    unprepared ? build(db).execute(params) : prepared(db, key, build).execute(params);

  const page = (on: Tx) => {
    const { where, rank } = filter();
    if (order.relevance) {
      const dated = c.publishedAt ?? c.createdAt;
      const candidates = on
        .select({
          id: sql<string>`${c.id}`.as('candidate_id'),
          rank: sql<number>`${rank}`.as('rank'),
          views: sql<number>`${c.views}`.as('views'),
          dated: sql`${dated}`.as('dated'),
        })
        .from(table)
        .where(where)
        .orderBy(desc(c.views), desc(dated), desc(c.id))
        .limit(sql.placeholder('candidates'))
        .as('candidates');
      const ranked = [desc(candidates.rank), desc(candidates.views), desc(candidates.dated), desc(candidates.id)];
      // How many candidates there are (at most `candidates`): the search's total, counted by the query that found them.
      const ids = paged(
        on
          .select({
            id: candidates.id,
            rank: candidates.rank,
            views: candidates.views,
            dated: candidates.dated,
            matched: sql<number>`count(*) over ()`.as('matched'),
          })
          .from(candidates)
          .orderBy(...ranked)
          .$dynamic(),
        offset,
      ).as('ranked');
      return on
        .select({ ...selection(spec, viewer), matched: ids.matched })
        .from(table)
        .innerJoin(ids, eq(c.id, ids.id))
        .orderBy(desc(ids.rank), desc(ids.views), desc(ids.dated), desc(ids.id));
    }
    if (!offset)
      return paged(
        on
          .select(selection(spec, viewer))
          .from(table)
          .where(where)
          .orderBy(...order.by)
          .$dynamic(),
        0,
      );
    // Drizzle writes a sub-select's columns unqualified: its id gets a name of its own. The rows carry their sort keys
    // as PostgreSQL's text (`cursorFields`): the count after the page compares them exactly (a Date has no microseconds).
    const ids = paged(
      on
        .select({ id: sql<string>`${c.id}`.as('page_id') })
        .from(table)
        .where(where)
        .orderBy(...order.by)
        .$dynamic(),
      offset,
    ).as('page');
    return on
      .select({ ...selection(spec, viewer), ...cursorFields(order.keys) })
      .from(table)
      .innerJoin(ids, eq(c.id, ids.id))
      .orderBy(...order.by);
  };
  const counting = (extraWhere?: SQL) => (on: Tx) =>
    on.select({ n: sql<number>`count(*)::int` }).from(
      on
        .select({ one: sql`1`.as('one') })
        .from(table)
        .where(and(filter().where, extraWhere))
        .limit(sql.placeholder('upTo'))
        .as('counted'),
    );
  const shape = `${spec.kind}:${viewer ? 'member' : 'anonymous'}:${termsKey(terms)}:${equals.map((e) => `${e.column.name}${Array.isArray(e.value) ? '[]' : ''}`)}`;
  const sorted = `${query.sortBy ?? ''}:${query.sort ?? ''}`;
  const found = (await run(`list:${shape}:${offset ? 'paged' : 'first'}:${sorted}`, page, values)) as unknown as (ItemRow<T> & { matched?: number })[];
  const rows = found.map(({ matched: _, ...row }) => row as unknown as ItemRow<T>);
  if (!counted) return { rows, total: offset + rows.length };
  const ahead = aheadOf(query.q);
  // A ranked search's total: its candidates, capped where they filled their bound ("200+").
  const matched = found[0]?.matched;
  if (order.relevance && matched !== undefined)
    return Number(matched) >= candidates ? { rows, total: candidates, totalCapped: true } : { rows, total: Number(matched) };
  const last = rows.at(-1);
  // A deeper full page counts what follows it by the order's keyset; a first page from the start, which PostgreSQL
  // answers from the narrowest (covering) index whatever the order.
  if (!order.relevance && last && rows.length === limit && offset > 0) {
    const beyond = after(order.keys, cursorOf(order.keys, last as Record<string, unknown>));
    const total = await totalAfter({ offset, rows: rows.length, ahead }, async (upTo) => {
      const [row] = await counting(beyond)(db).execute({ ...values, upTo });
      return row?.n ?? 0;
    });
    return { rows, ...total };
  }
  const total = await totalOf({ offset, limit, rows: rows.length, ahead }, async (upTo) => {
    const [row] = await run<{ n: number }[]>(`count:${shape}`, counting(), { ...values, upTo });
    return row?.n ?? 0;
  });
  return { rows, ...total };
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
          notHiddenFrom(viewerParam(viewer), spec.kind, spec.columns),
        ]).where,
      )
      .limit(1),
  );
  const [row] = await statement.execute({ idOrSlug, viewerId: viewer?.id });
  return (row as unknown as ItemRow<T>) ?? null;
}

/** How many public items match `q`, counted up to `upTo` (for `/search/total`). */
export async function countMatches<T extends PgTable>(db: Tx, spec: CatalogueTable<T>, q: string | undefined, upTo: number): Promise<number> {
  const { where } = listWhere(spec.columns, termsOf({ q }), [notHiddenFrom(null, spec.kind, spec.columns)]);
  return countUpTo(
    db,
    db
      .select({ one: sql`1`.as('one') })
      .from(spec.table as PgTable)
      .where(where)
      .$dynamic(),
    upTo,
  );
}

/**
 * Just what a purchase needs of an active item not hidden by moderation (no flags, no categories): id, slug, title,
 * isSale, price. Read inside the spend's transaction, with a share lock on the row: a price change or an unpublish
 * that commits first is what the spend pays and checks, and one still open waits for the spend (or the spend for it).
 */
export async function findPriced<T extends PgTable>(
  tx: Tx,
  spec: CatalogueTable<T>,
  idOrSlug: string,
): Promise<{ id: string; slug: string; title: string; isSale: boolean; price: number } | null> {
  const byId = isUuid(idOrSlug);
  const t = getTableColumns(spec.table) as Record<string, PgColumn>;
  const statement = prepared(tx, `priced:${spec.kind}:${byId ? 'id' : 'slug'}`, (on) =>
    on
      .select({ id: t.id!, slug: t.slug!, title: t.title!, isSale: t.isSale!, price: t.price! })
      .from(spec.table as PgTable)
      .where(
        listWhere(spec.columns, {}, [eq(byId ? spec.columns.id : spec.columns.slug, sql.placeholder('idOrSlug')), notHiddenFrom(null, spec.kind, spec.columns)])
          .where,
      )
      .limit(1)
      .for('share', { of: spec.table as PgTable }),
  );
  const [row] = await statement.execute({ idOrSlug });
  return (row as { id: string; slug: string; title: string; isSale: boolean; price: number }) ?? null;
}
