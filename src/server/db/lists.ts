import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_AHEAD, SEARCH_COUNT_AHEAD } from '../../shared/contracts/common.ts';
import type { Tx } from './client.ts';

/**
 * A list's `total`, and `totalCapped` when the count stopped at its bound: there are at least `total` matches. The
 * deepest page is the contract's MAX_OFFSET (shared/contracts/common.ts); docs/api.md, "Totals and deep pages".
 */
export interface ListTotal {
  total: number;
  totalCapped?: true;
}

/** A page of a list: where it starts, how many rows it asked for and got; `ahead`: how far past it to count (aheadOf). */
export interface ListPage {
  offset: number;
  limit: number;
  rows: number;
  ahead?: number;
}

/** How far past its page a list counts: COUNT_AHEAD, or SEARCH_COUNT_AHEAD for a search (a list with a `q`). */
export const aheadOf = (q: string | undefined): number => (q?.trim() ? SEARCH_COUNT_AHEAD : COUNT_AHEAD);

/**
 * The total of one page of a list, at a cost that grows with the page, never with the table: a page that is not full
 * ends the list, so its total is exact and free (`offset + rows`); otherwise the matches are counted from the start
 * up to `offset + ahead` (COUNT_AHEAD unless the page says; `count`: the list's own query, counted up to a bound; a
 * page is at most 200 rows) and the total is capped there when they reach it: "1,000+" on a first page.
 */
export async function totalOf(page: ListPage, count: (upTo: number) => Promise<number>): Promise<ListTotal> {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) return { total: page.offset + page.rows };
  const bound = page.offset + (page.ahead ?? COUNT_AHEAD);
  const counted = await count(bound);
  return counted >= bound ? { total: bound, totalCapped: true } : { total: counted };
}

/**
 * The total of a full page of a list whose order has a keyset: `offset` rows come before the page, so only the rows
 * after its last row are counted (`countAfter`, up to what is left of its `ahead`), however deep the page: the count
 * costs the same on page 400 as on page 1.
 */
export async function totalAfter(page: Omit<ListPage, 'limit'>, countAfter: (upTo: number) => Promise<number>): Promise<ListTotal> {
  const room = (page.ahead ?? COUNT_AHEAD) - page.rows;
  const later = await countAfter(room);
  const total = page.offset + page.rows + later;
  return later >= room ? { total, totalCapped: true } : { total };
}

/**
 * How many rows `rows` (a list's FROM and WHERE, selecting as little as it can, e.g. `{ one: sql\`1\` }`) returns, up
 * to `upTo`: PostgreSQL stops reading at the bound, from the narrowest index that answers.
 */
export async function countUpTo(db: Tx, rows: PgSelect, upTo: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows.limit(upTo).as('counted'));
  return row?.n ?? 0;
}

/** `totalOf` with `countUpTo` of a list's query, the usual pair. */
export const listTotal = (db: Tx, rows: PgSelect, page: ListPage) => totalOf(page, (upTo) => countUpTo(db, rows, upTo));

/** `listTotal` of the rows of one table that match `where`, the usual case. */
export const listTotalOf = (db: Tx, table: PgTable, where: SQL | undefined, page: ListPage) =>
  listTotal(
    db,
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where)
      .$dynamic(),
    page,
  );

/**
 * A page of a list and its total from one pass over its matches, for the lists whose matches cost more to find than
 * their page (a search of spends through the members a name matches: 9,000 rows found by 1,000 index look-ups, which
 * a separate count would make again): the first `offset + ahead` matches in the list's order, numbered, as a CTE of
 * ids (`matches`), and the page's ids among them (`page`: `n` past `offset`, up to `limit`). The page's query, `with`
 * the CTE, joins its rows and other tables to `page` and orders by `page.n`: PostgreSQL then joins the page's rows,
 * not every match before it sorts them. Each row carries `matched`, how many ids the CTE holds, from which
 * numberedTotal makes the list's total.
 */
export function numberedMatches(db: Tx, id: PgColumn, where: SQL | undefined, order: SQL[], page: Omit<ListPage, 'rows'>) {
  const matches = db.$with('matches').as(
    db
      .select({ id: sql<string>`${id}`.as('match_id'), n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n') })
      .from(id.table)
      .where(where)
      .orderBy(...order)
      .limit(page.offset + (page.ahead ?? COUNT_AHEAD)),
  );
  return {
    matches,
    page: db
      .select({ id: matches.id, n: matches.n })
      .from(matches)
      .where(sql`${matches.n} > ${page.offset}`)
      .orderBy(matches.n)
      .limit(page.limit)
      .as('page'),
    matched: sql<number>`(select count(*)::int from ${sql.identifier('matches')})`.as('matched'),
  };
}

/**
 * The total of a page read with numberedMatches: exact below the CTE's bound, capped at it; a page past the end (no
 * row to carry `matched`) is counted by `count` (the list's own count, listTotalOf).
 */
export async function numberedTotal(page: Omit<ListPage, 'rows'>, matched: number | undefined, count: () => Promise<ListTotal>): Promise<ListTotal> {
  if (matched === undefined) return page.offset ? count() : { total: 0 };
  const bound = page.offset + (page.ahead ?? COUNT_AHEAD);
  return matched >= bound ? { total: bound, totalCapped: true } : { total: matched };
}
