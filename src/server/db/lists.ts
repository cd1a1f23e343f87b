import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_AHEAD } from '../../shared/contracts/common.ts';
import type { Tx } from './client.ts';

/**
 * A list's `total`, and `totalCapped` when the count stopped at its bound: there are at least `total` matches. The
 * deepest page is the contract's MAX_OFFSET (shared/contracts/common.ts); docs/api.md, "Totals and deep pages".
 */
export interface ListTotal {
  total: number;
  totalCapped?: true;
}

/**
 * The total of one page of a list, at a cost that grows with the page, never with the table: a page that is not full
 * ends the list, so its total is exact and free (`offset + rows`); otherwise the matches are counted from the start
 * up to `offset + COUNT_AHEAD` (`count`: the list's own query, counted up to a bound; a page is at most 200 rows) and
 * the total is capped there when they reach it: "1,000+" on a first page.
 */
export async function totalOf(page: { offset: number; limit: number; rows: number }, count: (upTo: number) => Promise<number>): Promise<ListTotal> {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) return { total: page.offset + page.rows };
  const bound = page.offset + COUNT_AHEAD;
  const counted = await count(bound);
  return counted >= bound ? { total: bound, totalCapped: true } : { total: counted };
}

/**
 * The total of a full page of a list whose order has a keyset: `offset` rows come before the page, so only the rows
 * after its last row are counted (`countAfter`, up to what is left of COUNT_AHEAD), however deep the page: the count
 * costs the same on page 400 as on page 1.
 */
export async function totalAfter(page: { offset: number; rows: number }, countAfter: (upTo: number) => Promise<number>): Promise<ListTotal> {
  const room = COUNT_AHEAD - page.rows;
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
export const listTotal = (db: Tx, rows: PgSelect, page: { offset: number; limit: number; rows: number }) => totalOf(page, (upTo) => countUpTo(db, rows, upTo));

/** `listTotal` of the rows of one table that match `where`, the usual case. */
export const listTotalOf = (db: Tx, table: PgTable, where: SQL | undefined, page: { offset: number; limit: number; rows: number }) =>
  listTotal(
    db,
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where)
      .$dynamic(),
    page,
  );
