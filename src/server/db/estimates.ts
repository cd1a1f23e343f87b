import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from './client.ts';
import { countUpTo } from './lists.ts';

/**
 * How many rows PostgreSQL's planner expects `rows` (a query without LIMIT, as for `countUpTo`) to return: read from the table's
 * statistics (ANALYZE, autovacuum) and its current size, no row read, so it costs the same at any size. An estimate:
 * close on a big table whose statistics are fresh, rough on a small or never-analysed one (PGlite never analyses on its
 * own): use it where counting would read the whole table, never for money.
 */
export async function plannedRows(db: Tx, rows: PgSelect): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${rows.getSQL()}`);
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * A count as it may be shown: exact (no `precision`), `atLeast` (counting stopped at `n`: there are more, "1,000+"), or
 * `about` (PostgreSQL's estimate, rounded: "about 200,000").
 */
export interface Figure {
  n: number;
  precision?: 'atLeast' | 'about';
}

/** `rows` counted up to `cap` (PostgreSQL stops reading there): exact below it, else "`cap`+". */
export async function cappedCount(db: Tx, rows: PgSelect, cap: number): Promise<Figure> {
  const n = await countUpTo(db, rows, cap);
  return n >= cap ? { n: cap, precision: 'atLeast' } : { n };
}

/**
 * A figure too big to count on every request (a whole table; `rows` makes its query): PostgreSQL's estimate, rounded to
 * three significant digits so as not to look exact, when it is well past `cap` (twice: no count is made); else counted
 * exactly up to `cap` (a small site's figure is exact), and the estimate past it; "`cap`+" when the estimate is not
 * above the cap (stale statistics).
 */
export async function estimatedCount(db: Tx, rows: () => PgSelect, cap: number): Promise<Figure> {
  // Queries of their own: counting puts its LIMIT on the query it is given (a dynamic query is changed in place).
  const planned = await plannedRows(db, rows());
  const about = { n: roughly(planned), precision: 'about' } as const;
  if (planned > 2 * cap) return about;
  const counted = await cappedCount(db, rows(), cap);
  return counted.precision && planned > cap ? about : counted;
}

/** `n` to three significant digits: 200,003 → 200,000; 1,551,982 → 1,550,000. */
export function roughly(n: number): number {
  if (n < 1000) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
}
