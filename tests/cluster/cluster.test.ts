import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { makeClip } from '../helpers/clips.ts';
import { hasNginx, startDeploymentNginx } from '../helpers/nginx.ts';
import { serverEnv, startServer, TEST_NODE_FLAGS } from '../helpers/server.ts';

type Json = { status?: number; data?: any; error?: string; statusCode?: number }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Two processes behave like one (issue 17): A and B on one PostgreSQL, one Redis and one S3 bucket. Every check
 * crosses: something done through A is seen, counted or served by B.
 */
describe('two Tessera processes on PostgreSQL, Redis and S3', () => {
  let c: Cluster;
  let adminToken = '';
  beforeAll(async () => {
    c = await startCluster();
    adminToken = await login(c.a.url, 'admin', c.a.adminPassword());
  }, 180_000);
  afterAll(() => c?.stop(), 60_000);

  async function api(base: string, method: string, url: string, opts: { token?: string; body?: unknown; ip?: string } = {}) {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(opts.token ? { authorization: opts.token } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Json,
      headers: res.headers,
      text,
    };
  }

  async function login(base: string, username: string, password: string, ip?: string) {
    const res = await api(base, 'POST', '/api/auth/login', { body: { username, password }, ip });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res.body.data.token as string;
  }

  /** A member of their own with an opening balance (the CLI, on the shared database). */
  let members = 0;
  async function newMember(tokens: number) {
    const username = `cl${++members}x${Date.now() % 100000}`;
    c.cli(
      'user',
      'create',
      '--email',
      `${username}@test.local`,
      '--password',
      'password-123',
      '--name',
      username,
      '--username',
      username,
      '--tokens',
      String(tokens),
    );
    return { username, token: await login(c.a.url, username, 'password-123', `192.0.2.${members}`) };
  }

  /** The demo's priced items that can be unlocked with tokens: [kind in the unlock URL, id, price]. */
  async function pricedItems() {
    const kinds = [
      ['video', '/api/assets/videos/search?limit=100'],
      ['gallery', '/api/assets/galleries/search?limit=100'],
      ['stories', '/api/stories/search?limit=100'],
    ] as const;
    const items: { kind: string; id: string; price: number }[] = [];
    for (const [kind, url] of kinds) {
      const res = await api(c.a.url, 'GET', url);
      expect(res.status, res.text).toBe(200);
      const list = res.body.data.data as { _id: string; price: number }[];
      for (const item of list) if (item.price > 0) items.push({ kind, id: item._id, price: item.price });
    }
    expect(items.length).toBeGreaterThanOrEqual(8);
    return items;
  }

  /** The pids of a process's children (Linux /proc). */
  const childrenOf = (pid: number) =>
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
        } catch {
          return false;
        }
      })
      .map(Number);

  const balanceOn = async (base: string, token: string) => (await api(base, 'GET', '/api/users/me', { token })).body.data.balance as number;

  it('a session made on A works on B, and ends on both at logout', async () => {
    const { token } = await newMember(0);
    expect((await api(c.b.url, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await api(c.b.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await api(c.a.url, 'GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('an unlock on A reaches the member’s live connection on B', async () => {
    const member = await newMember(1000);
    const [item] = await pricedItems();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(c.b.url, { transports: ['websocket'], query: { token: member.token } });
    try {
      expect(await new Promise((resolve) => socket.once('auth/status', ({ authenticated }) => resolve(authenticated)))).toBe(true);
      const pushed = new Promise<{ balance: number }>((resolve) => socket.once('update_balance', ({ balance }) => resolve({ balance })));
      const unlocked = await api(c.a.url, 'POST', `/api/token-transactions/${item!.kind}/${item!.id}`, { token: member.token });
      expect(unlocked.status, unlocked.text).toBe(200);
      // How soon it arrives is measured by bench:cluster (balance push latency), not asserted here.
      expect((await pushed).balance).toBe(1000 - item!.price);
    } finally {
      socket.disconnect();
    }
  });

  it('login attempts from one address, split across A and B, are limited together', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    // LOGIN_LIMIT_PER_IP is 20 by default: ten wrong attempts on each process, then the next is refused on both.
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await api(i % 2 ? c.b.url : c.a.url, 'POST', '/api/auth/login', { body: { username: `nobody${i}`, password: 'wrong-pass-1' }, ip })).status,
      );
    expect(statuses.every((s) => s === 422)).toBe(true);
    for (const base of [c.a.url, c.b.url]) {
      const refused = await api(base, 'POST', '/api/auth/login', { body: { username: 'nobody', password: 'wrong-pass-1' }, ip });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ statusCode: 429 });
    }
  });

  it('a title edited in A’s back office is on B’s cached page at once', async () => {
    const list = (await api(c.a.url, 'GET', '/api/admin/galleries?limit=5', { token: adminToken })).body.data.data as {
      _id: string;
      title: string;
      slug: string;
    }[];
    const gallery = list[0]!;
    const page = `/galleries/${gallery.slug}`;
    await fetch(c.b.url + page);
    const cached = await fetch(c.b.url + page);
    expect(cached.headers.get('x-page-cache')).toBe('HIT');
    const title = `Renamed on A ${Date.now()}`;
    expect((await api(c.a.url, 'PATCH', `/api/admin/galleries/${gallery._id}`, { token: adminToken, body: { title } })).status).toBe(200);
    await expect.poll(async () => (await (await fetch(c.b.url + page)).text()).includes(title), { timeout: 1000, interval: 20 }).toBe(true);
  });

  it('maintenance switched on through A applies on B at once, and off again', async () => {
    const switchTo = (on: boolean) => api(c.a.url, 'PATCH', '/api/admin/settings', { token: adminToken, body: { maintenanceMode: on } });
    await fetch(c.b.url + '/videos');
    expect((await switchTo(true)).status).toBe(200);
    try {
      await expect.poll(async () => (await fetch(c.b.url + '/videos')).status, { timeout: 1000, interval: 20 }).toBe(503);
      expect(await (await fetch(c.b.url + '/videos')).text()).toContain('data-site-mode="maintenance"');
    } finally {
      expect((await switchTo(false)).status).toBe(200);
    }
    await expect.poll(async () => (await fetch(c.b.url + '/videos')).status, { timeout: 1000, interval: 20 }).toBe(200);
  });

  it('64 concurrent unlocks split across A and B leave exactly the right balance and a clean ledger', async () => {
    const member = await newMember(5000);
    const items = (await pricedItems()).slice(0, 16);
    // Each item asked for four times, twice on each process, all at once: one purchase each, the rest refused (409).
    const requests = Array.from({ length: 64 }, (_, i) => {
      const item = items[i % items.length]!;
      return api(i % 2 ? c.b.url : c.a.url, 'POST', `/api/token-transactions/${item.kind}/${item.id}`, { token: member.token });
    });
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(items.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(64 - items.length);
    const spent = items.reduce((sum, item) => sum + item.price, 0);
    expect(await balanceOn(c.b.url, member.token)).toBe(5000 - spent);
    expect(c.cli('ledger', 'check')).toMatch(/^Ledger clean/);
  });

  it('a video uploaded to A is processed by a worker and plays from B', async () => {
    const worker = await c.startWorker();
    try {
      const clip = await makeClip({ seconds: 2, width: 640, height: 360 });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(fs.readFileSync(clip))]), 'cluster.mp4');
      const uploaded = await fetch(`${c.a.url}/api/admin/uploads?purpose=video`, { method: 'POST', headers: { authorization: adminToken }, body: form });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const ref = ((await uploaded.json()) as Json).data.ref as string;
      const title = `Cluster clip ${Date.now()}`;
      const created = await api(c.a.url, 'POST', '/api/admin/videos', { token: adminToken, body: { title, video: ref, status: 'active' } });
      expect(created.status, created.text).toBe(200);
      const slug = created.body.data.slug as string;
      // The worker also makes the demo's two clips, queued before this one.
      let seen: Json = {};
      await expect
        .poll(
          async () => {
            seen = (await api(c.b.url, 'GET', `/api/assets/videos/${slug}`)).body;
            return seen.data?.stream?.url ?? `not yet (${seen.data?.mediaState ?? seen.error})`;
          },
          { timeout: 150_000, interval: 500, message: `the worker said:\n${worker.output()}` },
        )
        .toMatch(/^\/media\/hls\//);
      const master = await fetch(c.b.url + seen.data.stream.url);
      expect(master.status).toBe(200);
      const variant = (await master.text()).split('\n').find((line) => line && !line.startsWith('#'))!;
      const variantUrl = new URL(variant, c.b.url + seen.data.stream.url);
      const playlist = await (await fetch(variantUrl)).text();
      const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'))!;
      const bytes = await fetch(new URL(segment, variantUrl));
      expect(bytes.status).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await worker.stop();
    }
  }, 180_000);

  it('A killed with SIGKILL in the middle of unlocks loses no purchase, and B keeps serving', async () => {
    const buyers = await Promise.all([newMember(5000), newMember(5000), newMember(5000), newMember(5000)]);
    const items = await pricedItems();
    const acknowledged: { token: string; id: string; kind: string }[] = [];
    let killed = false;
    const load = buyers.map(async (buyer, n) => {
      for (let i = 0; i < items.length; i++) {
        const item = items[(i + n * 3) % items.length]!;
        const base = (i + n) % 2 ? c.b.url : c.a.url;
        const res = await api(base, 'POST', `/api/token-transactions/${item.kind}/${item.id}`, { token: buyer.token }).catch(() => null);
        if (res?.status === 200) acknowledged.push({ token: buyer.token, id: item.id, kind: item.kind });
        // A's requests fail once it is gone: a client would retry them elsewhere.
        if (!res) expect(killed).toBe(true);
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(6);
    c.a.process.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    expect((await api(c.b.url, 'GET', '/api/health')).status).toBe(200);
    expect((await fetch(c.b.url + '/videos')).status).toBe(200);
    // Every unlock that was answered 200 is owned, as B reads it; the books balance.
    for (const buyer of buyers) {
      const mine = acknowledged.filter((a) => a.token === buyer.token);
      for (const kind of new Set(mine.map((m) => m.kind))) {
        const type = kind === 'stories' ? 'story' : kind;
        const ids = mine.filter((m) => m.kind === kind).map((m) => m.id);
        const res = await api(c.b.url, 'GET', `/api/assets/my-purchase?type=${type}&${ids.map((id) => `ids=${id}`).join('&')}&limit=100`, {
          token: buyer.token,
        });
        expect(res.status, res.text).toBe(200);
        const owned = res.body.data;
        const ownedIds = (owned.data as { _id: string; asset?: { _id: string } }[]).map((o) => o.asset?._id ?? o._id);
        expect(ownedIds.sort()).toEqual([...ids].sort());
      }
    }
    expect(c.cli('ledger', 'check')).toMatch(/^Ledger clean/);
    await c.restart('a');
  }, 120_000);

  it('WEB_CONCURRENCY=2 runs two servers on one port under one banner, and SIGTERM stops them all', async () => {
    const server = await startServer({ env: { ...c.env, DATA_DIR: c.a.dataDir, WEB_CONCURRENCY: '2' } });
    try {
      expect(server.output().match(/Tessera is running at/g)).toHaveLength(1);
      expect(server.output()).toMatch(/ready in \d+ ms, 2 processes\)/);
      const workers = childrenOf(server.process.pid!);
      expect(workers).toHaveLength(2);
      // Both answer on the one port (the primary hands connections out in turn), as one site.
      const member = await newMember(0);
      const answers = await Promise.all(Array.from({ length: 8 }, () => api(server.url, 'GET', '/api/users/me', { token: member.token })));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(await server.stop({ keepData: true })).toBe(0);
      expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it.skipIf(!hasNginx)(
    'a rolling restart behind the deployment’s nginx drops nothing: the serving process stops gracefully under load, the other takes over',
    async () => {
      const proxy = await startDeploymentNginx([new URL(c.a.url).host, new URL(c.b.url).host]);
      const buyers = await Promise.all([newMember(5000), newMember(5000)]);
      const items = await pricedItems();
      const statuses: number[] = [];
      let stopping = true;
      // nginx sends this client (one address) to one process: the one whose answer cache holds a list just asked for
      // through nginx. That is the process stopped.
      const probe = `/api/assets/videos/search?limit=7&offset=${Date.now() % 1000}`;
      await fetch(proxy.url + probe);
      const serving = (await fetch(c.a.url + probe)).headers.get('x-answer-cache') === 'HIT' ? 'a' : 'b';
      expect((await fetch(c[serving].url + probe)).headers.get('x-answer-cache')).toBe('HIT');
      try {
        // Visitors and buyers through nginx, without pause, while A is told to stop.
        const visitor = (async () => {
          while (stopping) statuses.push((await fetch(`${proxy.url}/api/assets/videos/search?limit=5`)).status);
        })();
        const buying = buyers.map(async (buyer) => {
          for (const item of items)
            statuses.push((await api(proxy.url, 'POST', `/api/token-transactions/${item.kind}/${item.id}`, { token: buyer.token })).status);
        });
        await expect.poll(() => statuses.length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(20);
        expect(await c[serving].stop({ keepData: true })).toBe(0);
        await Promise.all(buying);
        stopping = false;
        await visitor;
        // Every request was answered by a process: none refused, none cut off.
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        expect(statuses.filter((s) => s === 200).length).toBe(statuses.length);
        const spent = items.reduce((sum, item) => sum + item.price, 0);
        const other = serving === 'a' ? c.b : c.a;
        for (const buyer of buyers) expect(await balanceOn(other.url, buyer.token)).toBe(5000 - spent);
      } finally {
        stopping = false;
        await proxy.stop();
        await c.restart(serving);
      }
    },
  );

  it.skipIf(!hasNginx)('through the deployment’s nginx: pages from the processes, assets from disk, the live connection upgraded', async () => {
    const proxy = await startDeploymentNginx([new URL(c.a.url).host, new URL(c.b.url).host]);
    const member = await newMember(500);
    const [item] = await pricedItems();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(proxy.url, { transports: ['polling', 'websocket'], query: { token: member.token } });
    const authenticated = new Promise((resolve) => socket.once('auth/status', ({ authenticated }) => resolve(authenticated)));
    try {
      const page = await fetch(`${proxy.url}/videos`);
      expect(page.status).toBe(200);
      const asset = /\/_astro\/[^"']+\.js/.exec(await page.text())![0];
      const served = await fetch(proxy.url + asset);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // nginx's own answer from the build folder (its strong ETag of mtime and size), not a process's.
      expect(served.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);

      // socket.io's polling handshake and its WebSocket upgrade reach the same process through the proxy.
      expect(await authenticated).toBe(true);
      await expect.poll(() => socket.io.engine.transport.name, { timeout: 5000 }).toBe('websocket');
      const pushed = new Promise<number>((resolve) => socket.once('update_balance', ({ balance }) => resolve(balance)));
      const unlocked = await api(proxy.url, 'POST', `/api/token-transactions/${item!.kind}/${item!.id}`, { token: member.token });
      expect(unlocked.status, unlocked.text).toBe(200);
      expect(await pushed).toBe(500 - item!.price);
    } finally {
      socket.disconnect();
      await proxy.stop();
    }
  });
});

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('is refused with a clear message: PGlite belongs to one process', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-refused-'));
    try {
      const run = spawnSync(process.execPath, [...TEST_NODE_FLAGS, 'src/server/main.ts'], {
        env: serverEnv(dataDir, { WEB_CONCURRENCY: '2' }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.');
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
