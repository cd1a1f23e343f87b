import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client.ts';
import { products, videos } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import type { App } from '../../src/server/types.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, testConfig, type ApiHarness } from '../helpers/api.ts';
import { balanceOf, call } from '../helpers/commerce.ts';
import { freshPostgres } from '../helpers/postgres.ts';

const ADDRESS = { recipientName: 'Ada Berg', deliveryAddress: '12 Harbour Street, Bergen', postalCode: '5003', country: 'NO', phoneNumber: '+47 555 12 345' };

/**
 * On real PostgreSQL (row locks and deadlock detection are what this is about; PGlite runs one query at a time): a
 * spend reads price, stock and state inside its guarded transaction, under a row lock, so an operator's change that
 * commits first is what it pays; carts with the same products in opposite orders, checked out at the same moment,
 * never deadlock, because checkout locks product rows in one fixed order.
 */
describe('spends and the rows they lock', () => {
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
  const operators: pg.Client[] = [];
  afterAll(async () => {
    await Promise.allSettled(operators.map((c) => c.end()));
    await app?.close();
    await database?.close();
    await pgdb?.drop();
  });

  /** An operator's change to the catalogue, written in a transaction of its own and left open until `commit()`. */
  async function openChange(text: string, values: unknown[]): Promise<{ commit: () => Promise<void> }> {
    const client = new pg.Client({ connectionString: pgdb.url });
    operators.push(client);
    await client.connect();
    await client.query('begin');
    await client.query(text, values);
    return { commit: async () => void (await client.query('commit')) };
  }

  /** Resolves once a statement of the test database waits for a row lock (the spend waiting for the change). */
  async function untilSomeoneWaits(): Promise<void> {
    for (let tries = 0; ; tries++) {
      if (tries === 500) throw new Error('the spend went on without waiting for the open change');
      const [waiting] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = ${pgdb.name} and wait_event_type = 'Lock'`,
      );
      if (waiting!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function product(slug: string) {
    const [row] = await database.db.select().from(products).where(eq(products.slug, slug));
    return row!;
  }

  for (const slug of ['tessera-enamel-mug', 'alpine-ridges-wallpaper-pack']) {
    it(`a checkout of ${slug} that meets an open price change waits for it and pays the new price`, async () => {
      const item = await product(slug);
      await database.db
        .update(products)
        .set({ price: 5, stock: item.type === 'physical' ? 100 : null })
        .where(eq(products.id, item.id));
      const token = await login(h, (await createMember(h, { tokens: 1000 })).username);
      const change = await openChange('update products set price = 500 where id = $1', [item.id]);
      const checkout = call(h, 'POST', '/api/token-transactions/products', { token, body: { products: [{ _id: item.id, quantity: 1 }], ...ADDRESS } });
      await untilSomeoneWaits();
      await change.commit();
      const answer = await checkout;
      expect(answer.status).toBe(200);
      expect(answer.body.data.orders.map((o: { unitPrice: number }) => o.unitPrice)).toEqual([500]);
      expect(await balanceOf(h, token)).toBe(500);
    });
  }

  it('a checkout that meets an open withdrawal of the product is refused when it commits, and spends nothing', async () => {
    const item = await product('fine-art-print-skyline');
    await database.db.update(products).set({ status: 'active', stock: 100 }).where(eq(products.id, item.id));
    const token = await login(h, (await createMember(h, { tokens: 1000 })).username);
    const change = await openChange(`update products set status = 'inactive' where id = $1`, [item.id]);
    const checkout = call(h, 'POST', '/api/token-transactions/products', { token, body: { products: [{ _id: item.id, quantity: 1 }], ...ADDRESS } });
    await untilSomeoneWaits();
    await change.commit();
    const answer = await checkout;
    expect([answer.status, answer.body.error]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect(await balanceOf(h, token)).toBe(1000);
    expect((await product('fine-art-print-skyline')).stock).toBe(100);
  });

  it('an unlock that meets an open price change waits for it and pays the new price', async () => {
    const [video] = await database.db.update(videos).set({ isSale: true, price: 5 }).where(eq(videos.slug, 'glass-blowing-masterclass')).returning();
    const token = await login(h, (await createMember(h, { tokens: 1000 })).username);
    const change = await openChange('update videos set price = 500 where id = $1', [video!.id]);
    const unlock = call(h, 'POST', `/api/token-transactions/video/${video!.id}`, { token });
    await untilSomeoneWaits();
    await change.commit();
    const answer = await unlock;
    expect([answer.status, answer.body.data.totalPrice]).toEqual([200, 500]);
    expect(await balanceOf(h, token)).toBe(500);
  });

  it('16 buyers checking out while the operator raises the price: no order created after the change pays the old price', { timeout: 60_000 }, async () => {
    const item = await product('fine-art-print-fjord');
    await database.db.update(products).set({ price: 5, stock: 100_000 }).where(eq(products.id, item.id));
    const admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    const buyers = await Promise.all(Array.from({ length: 16 }, async () => login(h, (await createMember(h, { tokens: 100_000 })).username)));
    let changedAt = '';
    const buying = buyers.map(async (token) => {
      for (let i = 0; i < 6; i++) {
        const answer = await call(h, 'POST', '/api/token-transactions/products', { token, body: { products: [{ _id: item.id, quantity: 1 }], ...ADDRESS } });
        expect(answer.status).toBe(200);
      }
    });
    const raise = (async () => {
      // Once checkouts are under way.
      while ((await product('fine-art-print-fjord')).stock === 100_000) await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await call(h, 'PATCH', `/api/admin/products/${item.id}`, { token: admin, body: { price: 500 } })).status).toBe(200);
      // The database's clock once the change has committed (the answer comes after the commit).
      changedAt = (await rowsOf<{ at: string }>(database.db, sql`select clock_timestamp()::text as at`))[0]!.at;
    })();
    await Promise.all([...buying, raise]);
    const [after] = await rowsOf<{ orders: number; atOldPrice: number }>(
      database.db,
      sql`select count(*)::int as orders, (count(*) filter (where unit_price <> 500))::int as "atOldPrice"
          from orders where product_id = ${item.id} and created_at > ${changedAt}::timestamptz`,
    );
    expect(after!.orders).toBeGreaterThan(0);
    expect(after!.atOldPrice).toBe(0);
    expect(await app.services.ledger.check()).toEqual([]);
  });

  it('40 pairs of opposite carts at once: every checkout succeeds, stock and ledger add up', { timeout: 60_000 }, async () => {
    const physical = await database.db
      .select()
      .from(products)
      .where(inArray(products.slug, ['fine-art-print-fjord', 'fine-art-print-skyline', 'tessera-enamel-mug']));
    expect(physical.map((p) => p.type)).toEqual(['physical', 'physical', 'physical']);
    await database.db
      .update(products)
      .set({ stock: 10_000, status: 'active' })
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
