import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorFields, keysetBatches, orderOf, type SortKey } from '../../src/server/db/keyset.ts';

const rows = pgTable('keyset_rows', {
  id: uuid('id').primaryKey().defaultRandom(),
  price: integer('price').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** Keyset pages of every order, one direction or mixed, against the whole query's ORDER BY. */
describe('keyset batches', () => {
  const client = new PGlite();
  const db = drizzle(client);
  beforeAll(async () => {
    await db.execute(sql`create table keyset_rows (id uuid primary key default gen_random_uuid(), price integer not null, at timestamptz not null)`);
    // Ties everywhere: three prices, five rows at each instant, instants a microsecond apart.
    await db.execute(sql`insert into keyset_rows (price, at)
      select 1 + i % 3, timestamptz '2024-01-01 00:00:00+00' + (i / 5) * interval '1 microsecond' from generate_series(0, 1002) as i`);
  });
  afterAll(() => client.close());

  const dirs = ['asc', 'desc'] as const;
  const orders: SortKey['dir'][][] = dirs.flatMap((a) => dirs.flatMap((b) => dirs.map((c) => [a, b, c])));
  it.each(orders.map((o) => [o.join(', '), o] as const))('(price, at, id) %s: every row once, in order', async (_, [a, b, c]) => {
    const keys: SortKey[] = [
      { column: rows.price, dir: a },
      { column: rows.at, dir: b },
      { column: rows.id, dir: c },
    ];
    const want = (
      await db
        .select({ id: rows.id })
        .from(rows)
        .orderBy(...orderOf(keys))
    ).map((r) => r.id);
    const got: string[] = [];
    const batches = keysetBatches(keys, 97, (after, limit) =>
      db
        .select({ id: rows.id, ...cursorFields(keys) })
        .from(rows)
        .where(after)
        .orderBy(...orderOf(keys))
        .limit(limit),
    );
    for await (const batch of batches) {
      got.push(...batch.map((r) => r.id));
      if (got.length > 2000) break; // a keyset that does not move on would read forever
    }
    expect(got).toHaveLength(1003);
    expect(got).toEqual(want);
  });

  it('a full last batch is followed by one empty read, then the end', async () => {
    const limits: number[] = [];
    const keys: SortKey[] = [{ column: rows.id, dir: 'asc' }];
    let n = 0;
    for await (const batch of keysetBatches(keys, 1003, (after, limit) => {
      limits.push(limit);
      return db
        .select({ id: rows.id, ...cursorFields(keys) })
        .from(rows)
        .where(after)
        .orderBy(...orderOf(keys))
        .limit(limit);
    }))
      n += batch.length;
    expect([n, limits.length]).toEqual([1003, 2]);
  });
});
