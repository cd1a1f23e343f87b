import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { entitlements, products, tokenTransactions, videos } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, ledgerProblems } from '../helpers/commerce.ts';

const PRICE = 25;

describe('purchases under concurrency', () => {
  // Many members log in from one address here.
  const h = useApi({ LOGIN_LIMIT_PER_IP: '1000' });
  let slugs: string[];
  beforeAll(async () => {
    await seedCatalogue(h);
    // 64 priced videos to race for (copies of a demo video).
    const [template] = await h.database.db.select().from(videos).where(eq(videos.slug, 'glass-blowing-masterclass'));
    const { id: _id, search: _search, ...rest } = template!;
    slugs = Array.from({ length: 64 }, (_, i) => `race-${i}`);
    await h.database.db.insert(videos).values(slugs.map((slug, i) => ({ ...rest, slug, title: `Race ${i}`, isSale: true, price: PRICE })));
  });

  it('64 concurrent unlocks by one member whose balance covers 10: exactly 10 succeed, the rest 422', async () => {
    const member = await createMember(h, { tokens: PRICE * 10 + 7 });
    const token = await login(h, member.username);
    const results = await Promise.all(slugs.map((slug) => call(h, 'POST', `/api/token-transactions/video/${slug}`, { token })));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(54);
    expect(await balanceOf(h, token)).toBe(7);
    expect(await h.database.db.$count(entitlements, eq(entitlements.userId, member.id))).toBe(10);
    expect(await h.database.db.$count(tokenTransactions, eq(tokenTransactions.userId, member.id))).toBe(10);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('the same item bought 64 times at once: one success, 63 × 409, one debit', async () => {
    const member = await createMember(h, { tokens: 1000 });
    const token = await login(h, member.username);
    const results = await Promise.all(Array.from({ length: 64 }, () => call(h, 'POST', '/api/token-transactions/video/race-0', { token })));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(63);
    expect(await balanceOf(h, token)).toBe(1000 - PRICE);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('one Idempotency-Key retried 16 times at once spends once', async () => {
    const token = await login(h, (await createMember(h, { tokens: 1000 })).username);
    const headers = { 'idempotency-key': 'retry-storm' };
    const results = await Promise.all(Array.from({ length: 16 }, () => call(h, 'POST', '/api/token-transactions/video/race-1', { token, headers })));
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(await balanceOf(h, token)).toBe(1000 - PRICE);
  });

  it('32 members racing for the last 5 units of stock: 5 orders, never oversold', async () => {
    const [mug] = await h.database.db.update(products).set({ stock: 5 }).where(eq(products.slug, 'tessera-enamel-mug')).returning();
    const buyers = await Promise.all(Array.from({ length: 32 }, async () => login(h, (await createMember(h, { tokens: 100 })).username)));
    const body = {
      products: [{ _id: mug!.id, quantity: 1 }],
      recipientName: 'Ola Nordmann',
      deliveryAddress: '1 Main Street, Oslo',
      postalCode: '0150',
      country: 'NO',
      phoneNumber: '+47 22 00 00 00',
    };
    const results = await Promise.all(buyers.map((token) => call(h, 'POST', '/api/token-transactions/products', { token, body })));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(27);
    const [after] = await h.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, mug!.id));
    expect(after!.stock).toBe(0);
    const balances = await Promise.all(buyers.map((t) => balanceOf(h, t)));
    expect(balances.filter((b) => b === 100 - mug!.price)).toHaveLength(5);
    expect(balances.filter((b) => b === 100)).toHaveLength(27);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('concurrent checkouts of two products in opposite orders never deadlock', async () => {
    const [a] = await h.database.db.update(products).set({ stock: 100 }).where(eq(products.slug, 'tessera-enamel-mug')).returning();
    const physical = await h.database.db.select().from(products).where(eq(products.type, 'physical'));
    const b = physical.find((p) => p.id !== a!.id && (p.stock ?? 0) > 0)!;
    await h.database.db.update(products).set({ stock: 100 }).where(eq(products.id, b.id));
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => login(h, (await createMember(h, { tokens: 1000 })).username)));
    const address = {
      recipientName: 'Ola Nordmann',
      deliveryAddress: '1 Main Street, Oslo',
      postalCode: '0150',
      country: 'NO',
      phoneNumber: '+47 22 00 00 00',
    };
    const results = await Promise.all(
      tokens.map((token, i) =>
        call(h, 'POST', '/api/token-transactions/products', {
          token,
          body: {
            products:
              i % 2
                ? [
                    { _id: a!.id, quantity: 1 },
                    { _id: b.id, quantity: 1 },
                  ]
                : [
                    { _id: b.id, quantity: 1 },
                    { _id: a!.id, quantity: 1 },
                  ],
            ...address,
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const stocks = await h.database.db.select({ id: products.id, stock: products.stock }).from(products);
    expect(stocks.find((s) => s.id === a!.id)!.stock).toBe(80);
    expect(stocks.find((s) => s.id === b.id)!.stock).toBe(80);
  });
});
