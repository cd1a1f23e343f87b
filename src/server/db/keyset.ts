import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pagination ("seek"): the next page of an ordered query is the rows after the last row read, by the values of
 * its sort keys, never OFFSET (which reads and throws away every row before the page). The order must be total: its
 * last key unique (the id), and no key nullable.
 */
export interface SortKey {
  column: AnyPgColumn;
  dir: 'asc' | 'desc';
}

/**
 * A position in an order: each key's value of the last row read, as PostgreSQL writes it in text. Text, not the
 * driver's value: a `timestamptz` has microseconds, a JS Date only milliseconds, and a cursor rounded to the
 * millisecond would skip or repeat rows. PostgreSQL reads its own text output back exactly (the offset is written).
 */
export type Cursor = string[];

/** The ORDER BY of the keys. */
export const orderOf = (keys: SortKey[]): SQL[] => keys.map((k) => (k.dir === 'asc' ? asc(k.column) : desc(k.column)));

/** The fields to select beside a row for its cursor (`k0`, `k1`, ...; read them back with `cursorOf`). */
export const cursorFields = (keys: SortKey[]): Record<string, SQL<string>> => Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`${k.column}::text`]));

export const cursorOf = (keys: SortKey[], row: Record<string, unknown>): Cursor => keys.map((_, i) => String(row[`k${i}`]));

/**
 * The rows strictly after `cursor` in the order of `keys`. One direction throughout: a row comparison,
 * `(a, b) < ($1, $2)`, which a B-tree index on `(a, b)` answers as a range (read forwards or backwards). Mixed
 * directions (e.g. newest first, the id ascending as the tie-break) cannot be one row comparison: each run of keys in one
 * direction is compared as a row, the runs before it equal, and the first run also bounds the scan
 * (`(a) <= ($1) and ((a) < ($1) or ((a) = ($1) and (b) > ($2)))`), so an index on the leading keys still gives a range.
 */
export function after(keys: SortKey[], cursor: Cursor): SQL {
  const value = (i: number) => sql`${cursor[i]}::${sql.raw(keys[i]!.column.getSQLType())}`;
  const runs: { dir: SortKey['dir']; at: number[] }[] = [];
  keys.forEach((k, i) => {
    const last = runs.at(-1);
    if (last?.dir === k.dir) last.at.push(i);
    else runs.push({ dir: k.dir, at: [i] });
  });
  const row = (at: number[]) =>
    sql`(${sql.join(
      at.map((i) => keys[i]!.column),
      sql`, `,
    )})`;
  const values = (at: number[]) => sql`(${sql.join(at.map(value), sql`, `)})`;
  const compare = (at: number[], op: string) => sql`${row(at)} ${sql.raw(op)} ${values(at)}`;
  const beyond = (dir: SortKey['dir']) => (dir === 'asc' ? '>' : '<');
  if (runs.length === 1) return compare(runs[0]!.at, beyond(runs[0]!.dir));
  const branches = runs.map((run, r) => sql.join([...runs.slice(0, r).map((before) => compare(before.at, '=')), compare(run.at, beyond(run.dir))], sql` and `));
  const bound = compare(runs[0]!.at, `${beyond(runs[0]!.dir)}=`);
  return sql`(${bound} and (${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )}))`;
}

/** Rows per query of an export: a few MB of rows and CSV in memory at a time, 500 queries for a million rows. */
export const EXPORT_BATCH = 2000;

/**
 * Every row of a query, a batch at a time: `read(after, limit)` reads the next `limit` rows (all of them in order
 * from the start when `after` is undefined) with their cursor fields; the next batch is read only when the consumer
 * asks for it (a stream's backpressure), so one batch is in memory at a time.
 */
export async function* keysetBatches<Row extends Record<string, unknown>>(
  keys: SortKey[],
  batchSize: number,
  read: (after: SQL | undefined, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor ? after(keys, cursor) : undefined, batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    cursor = cursorOf(keys, rows.at(-1)!);
  }
}
