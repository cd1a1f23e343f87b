import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../../src/server/db/client.ts';
import { tokenLedger } from '../../src/server/db/schema.ts';
import { ownStore } from '../helpers/own-store.ts';
import { runCliProcess } from '../helpers/server.ts';
import { spawnApi } from '../helpers/spawn-api.ts';

const store = ownStore('crash');

const env = () =>
  store.env({
    SEED: 'demo',
    LOGIN_LIMIT_PER_IP: '1000',
    // The demo clips wait for the media pipeline (media-crash.test.ts kills a transcode): none runs here.
    MEDIA_WORKERS: '0',
  });
const cli = (...args: string[]) => runCliProcess(env(), ...args);

const start = () => spawnApi(env());

async function api(url: string, pathname: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('a process killed during a stream of purchases', () => {
  it('leaves no half-written purchase: after a restart the ledger is clean and every spend is whole', { timeout: 120_000 }, async () => {
    await store.prepare();
    const created = cli('user', 'create', '--email', 'crash@test.local', '--password', 'crash-pass-123', '--name', 'Crash Test', '--tokens', '100000');
    expect(created.status, created.stderr).toBe(0);

    const first = await start();
    const token = (await api(first.url, '/auth/login', null, { username: 'crash', password: 'crash-pass-123' })).body.data.token as string;
    const products = (await api(first.url, '/assets/products/search?type=physical&limit=50', null)).body.data.data as { _id: string; stock: number }[];
    const inStock = products.filter((p) => p.stock > 0);
    const unlockable = [
      ...((await api(first.url, '/assets/videos/search?isSale=true&limit=50', null)).body.data.data as { slug: string }[]).map(
        (v) => `/token-transactions/video/${v.slug}`,
      ),
      ...((await api(first.url, '/assets/galleries/search?isSale=true&limit=50', null)).body.data.data as { slug: string }[]).map(
        (g) => `/token-transactions/gallery/${g.slug}`,
      ),
    ];
    const address = {
      recipientName: 'Ola Nordmann',
      deliveryAddress: '1 Main Street, Oslo',
      postalCode: '0150',
      country: 'NO',
      phoneNumber: '+47 22 00 00 00',
    };

    // Purchases stream in from 8 clients until the process dies under them.
    let answered = 0;
    let dead = false;
    const client = async (n: number) => {
      for (let i = 0; !dead; i++) {
        const request =
          i % 3 === 0 && unlockable.length
            ? api(first.url, unlockable[(n * 7 + i) % unlockable.length]!, token, {})
            : api(first.url, '/token-transactions/products', token, {
                products: inStock.slice(0, 1 + ((n + i) % inStock.length)).map((p) => ({ _id: p._id, quantity: 1 })),
                ...address,
              });
        await request.then(
          () => answered++,
          () => {},
        );
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    while (answered < 40) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    dead = true;
    await Promise.all(clients);

    // Restarted on the same data: the books add up.
    const second = await start();
    try {
      const again = (await api(second.url, '/auth/login', null, { username: 'crash', password: 'crash-pass-123' })).body.data.token as string;
      const me = (await api(second.url, '/users/me', again)).body.data;
      const spends = (await api(second.url, '/token-transactions/user/search?limit=200', again)).body.data;
      const spent = (spends.data as { totalPrice: number }[]).reduce((s, t) => s + t.totalPrice, 0);
      expect(spends.total).toBeGreaterThan(0);
      expect(me.balance).toBe(100000 - spent);
      // Every checkout has its orders, every unlock its entitlement.
      const orders = (await api(second.url, '/orders/users/search?limit=200', again)).body.data;
      const lines = (spends.data as { type: string; products: unknown[] }[]).filter((t) => t.type === 'product').reduce((s, t) => s + t.products.length, 0);
      expect(orders.total).toBe(lines);
      const after = (await api(second.url, '/assets/products/search?type=physical&limit=50', null)).body.data.data as { _id: string; stock: number }[];
      const soldOf = (id: string) =>
        (orders.data as { productId: string; quantity: number }[]).filter((o) => o.productId === id).reduce((s, o) => s + o.quantity, 0);
      for (const p of inStock) expect(after.find((a) => a._id === p._id)!.stock + soldOf(p._id)).toBe(p.stock);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
    const check = cli('ledger', 'check');
    expect(check.stdout + check.stderr).toContain('Ledger clean');
    expect(check.status).toBe(0);

    // The operator's adjustment is a ledger entry with its reason; the books stay clean. `tokens grant` is its earlier name.
    const adjusted = cli('tokens', 'adjust', '--email', 'crash@test.local', '--amount', '25', '--reason', 'support ticket 812');
    expect(adjusted.stdout).toMatch(/Added 25 tokens \(support ticket 812\); balance now \d+/);
    expect(cli('tokens', 'adjust', '--email', 'crash@test.local', '--amount', '25').status).toBe(2);
    expect(cli('tokens', 'adjust', '--email', 'crash@test.local', '--amount', '25', '--reason', 'x', '--bogus').status).toBe(2);
    const byEarlierName = cli('tokens', 'grant', '--email', 'crash@test.local', '--amount', '-1', '--reason', 'support ticket 813');
    expect(byEarlierName.stdout).toMatch(/Took back 1 tokens \(support ticket 813\); balance now \d+/);
    expect(cli('ledger', 'check').status).toBe(0);

    // A balance edited behind the ledger's back is found, printed, and fails the check.
    const database = await openConfiguredDatabase({ databaseUrl: store.databaseUrl() || null, dataDir: store.dataDir, dbWaitSeconds: 0 }, 'test');
    try {
      await database.db.execute(sql`update users set balance = balance + 5 where email = 'crash@test.local'`);
      const [entry] = await database.db.select().from(tokenLedger).where(eq(tokenLedger.reason, 'support ticket 812'));
      expect(entry).toMatchObject({ delta: 25, refType: 'adjustment' });
    } finally {
      await database.close();
    }
    const dirty = cli('ledger', 'check');
    expect(dirty.status).toBe(1);
    expect(dirty.stderr).toMatch(/\[balance\] crash: balance \d+, ledger sums to \d+/);
  });
});
