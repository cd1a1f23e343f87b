import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { products } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import type { App } from '../../src/server/types.ts';
import { createMember, login, testConfig, type ApiHarness } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';
import { freshPostgres } from '../helpers/postgres.ts';

const ADDRESS = { deliveryAddress: '12 Harbour Street, Bergen', postalCode: '5003', phoneNumber: '+47 555 12 345' };

/**
 * On real PostgreSQL (row locks and deadlock detection are what this is about; PGlite runs one query at a time):
 * carts with the same products in opposite orders, checked out at the same moment, never deadlock, because
 * checkout locks product rows in one fixed order.
 */
describe('concurrent checkouts lock products in a fixed order', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;
  let app: App;
  let h: ApiHarness;
  beforeAll(async () => {
    pgdb = await freshPostgres('tessera_locks');
    database = await openDatabase({ databaseUrl: pgdb.url, pgliteDir: null });
    await database.migrate();
    const config = testConfig({ DATABASE_URL: pgdb.url, LOGIN_LIMIT_PER_IP: '1000' });
    app = await buildApp(config, { database, realtime: false });
    h = { app, database, config };
    await seedDemo(database, config);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await pgdb?.drop();
  });

  it('40 pairs of opposite carts at once: every checkout succeeds, stock and ledger add up', { timeout: 60_000 }, async () => {
    const physical = await database.db
      .select()
      .from(products)
      .where(inArray(products.slug, ['fine-art-print-fjord', 'fine-art-print-skyline', 'tessera-enamel-mug']));
    expect(physical.map((p) => p.type)).toEqual(['physical', 'physical', 'physical']);
    await database.db
      .update(products)
      .set({ stock: 10_000 })
      .where(
        inArray(
          products.id,
          physical.map((p) => p.id),
        ),
      );
    const ids = physical.map((p) => p.id);
    const pairs = 40;
    const members = await Promise.all(Array.from({ length: pairs * 2 }, () => createMember(h, { tokens: 10_000 })));
    const tokens = await Promise.all(members.map((m) => login(h, m.username)));
    const carts = tokens.map((_, i) => (i % 2 === 0 ? ids : [...ids].reverse()).map((_id) => ({ _id, quantity: 1 })));
    const answers = await Promise.all(
      tokens.map((token, i) => call(h, 'POST', '/api/token-transactions/products', { token, body: { products: carts[i], ...ADDRESS } })),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    for (const p of physical) {
      const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
      expect(row!.stock).toBe(10_000 - pairs * 2);
    }
    expect(await app.services.ledger.check()).toEqual([]);
  });
});
