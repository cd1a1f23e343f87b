import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { PUBLISH_QUEUE } from '../../src/server/modules/content/publication-jobs.ts';
import type { App } from '../../src/server/types.ts';
import { testConfig, useApi } from '../helpers/api.ts';

const TOKEN = 'scrape-me-7f3a';

/** The value of one series in a text exposition (`name{labels} value`), or null when the series is not there. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const h = useApi();

  it('is the ordinary 404: nothing is exposed, even with a token', async () => {
    const res = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    expect(res.body).not.toContain('tessera_');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const h = useApi({ METRICS_TOKEN: TOKEN }, { realtime: true, listen: true });
  const scrape = async (app: App = h.app) => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 with the error body without the bearer token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await h.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('tessera_');
    }
  });

  it('counts requests by route pattern and status, never by raw URL, and times them', async () => {
    const search = 'tessera_http_requests_total{method="GET",route="/api/assets/videos/search",status="200"}';
    const searchTime = 'tessera_http_request_duration_seconds_count{method="GET",route="/api/assets/videos/search"}';
    const oneVideo = 'tessera_http_requests_total{method="GET",route="/api/assets/videos/:id",status="404"}';
    const unmatched = 'tessera_http_requests_total{method="GET",route="unmatched",status="404"}';
    const before = await scrape();
    for (const q of ['', '?q=sunset', '?limit=5']) expect((await h.app.inject({ url: `/api/assets/videos/search${q}` })).statusCode).toBe(200);
    const missing = '0b6f7c1e-8d1a-4c53-9a51-3a2f4e5d6c7b';
    expect((await h.app.inject({ url: `/api/assets/videos/${missing}` })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    const after = await scrape();

    expect((valueOf(after, search) ?? 0) - (valueOf(before, search) ?? 0)).toBe(3);
    expect((valueOf(after, searchTime) ?? 0) - (valueOf(before, searchTime) ?? 0)).toBe(3);
    expect(after).toContain('tessera_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/assets/videos/search"}');
    expect((valueOf(after, oneVideo) ?? 0) - (valueOf(before, oneVideo) ?? 0)).toBe(1);
    expect((valueOf(after, unmatched) ?? 0) - (valueOf(before, unmatched) ?? 0)).toBe(1);
    // No label carries what the client sent: ids, query strings, unknown paths.
    for (const raw of [missing, 'sunset', 'no-such-thing']) expect(after).not.toContain(raw);
    // The scrapes themselves are requests too.
    expect(valueOf(after, 'tessera_http_requests_total{method="GET",route="/metrics",status="200"}')).toBeGreaterThanOrEqual(1);
  });

  it("reads the page cache's hits, misses and entries when scraped", async () => {
    const cache = h.app.pageCache;
    const before = await scrape();
    cache.set('/videos', { status: 200, headers: {}, body: Buffer.from('<h1>Videos</h1>') });
    cache.get('/videos');
    cache.get('/videos');
    cache.get('/not-cached');
    const after = await scrape();
    expect(valueOf(after, 'tessera_page_cache_hits_total')! - valueOf(before, 'tessera_page_cache_hits_total')!).toBe(2);
    expect(valueOf(after, 'tessera_page_cache_misses_total')! - valueOf(before, 'tessera_page_cache_misses_total')!).toBe(1);
    expect(valueOf(after, 'tessera_page_cache_entries')).toBe(cache.size);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('counts the live connections of this process', async () => {
    expect(valueOf(await scrape(), 'tessera_sockets')).toBe(0);
    const { port } = h.app.server.address() as { port: number };
    const sockets: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    }
    expect(valueOf(await scrape(), 'tessera_sockets')).toBe(2);
    sockets.forEach((s) => s.disconnect());
    await expect.poll(async () => valueOf(await scrape(), 'tessera_sockets'), { timeout: 2000, interval: 20 }).toBe(0);
  });

  it("shows the job queue's waiting and running jobs by queue", async () => {
    const waiting = `tessera_jobs_waiting{queue="${PUBLISH_QUEUE}"}`;
    const before = await scrape();
    expect(valueOf(before, `tessera_jobs_active{queue="${PUBLISH_QUEUE}"}`)).toBe(0);
    expect(valueOf(before, 'tessera_jobs_waiting{queue="media"}')).not.toBeNull();
    const queue = h.app.jobs.queue;
    const id = await queue.send(PUBLISH_QUEUE, { resource: 'videos', id: 'metrics-test' }, { startAfter: new Date(Date.now() + 3_600_000) });
    expect(id).toBeTruthy();
    try {
      expect(valueOf(await scrape(), waiting)).toBe(valueOf(before, waiting)! + 1);
    } finally {
      await queue['boss'].deleteJob(PUBLISH_QUEUE, id!);
    }
  });

  it('a queue that fails or does not answer leaves its gauges out; the scrape still answers', async () => {
    const queue = h.app.jobs.queue;
    const pending = queue.pending;
    const asked: string[] = [];
    // One queue fails at once, the other never answers.
    queue.pending = (name) => (asked.push(name), name === PUBLISH_QUEUE ? Promise.reject(new Error('database away')) : new Promise(() => {}));
    try {
      // A scrape that waited for the silent queue would never answer (the test's timeout would fail it).
      const text = await scrape();
      expect(text).toContain('# TYPE tessera_jobs_waiting gauge');
      expect(text).not.toContain('tessera_jobs_waiting{');
      expect(text).not.toContain('tessera_jobs_active{');
      expect(text).toContain('tessera_http_requests_total{');
      // Both job gauges of one scrape share one read: each queue was asked once.
      expect(asked.sort()).toEqual(['media', PUBLISH_QUEUE].sort());
    } finally {
      queue.pending = pending;
    }
    expect(valueOf(await scrape(), `tessera_jobs_waiting{queue="${PUBLISH_QUEUE}"}`)).not.toBeNull();
  });

  it("has the PostgreSQL pool's counters on PostgreSQL only, and the process metrics", async () => {
    const text = await scrape();
    if (h.database.kind === 'postgres') expect(valueOf(text, 'tessera_db_pool_total')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain('tessera_db_pool_');
    expect(valueOf(text, 'tessera_process_resident_memory_bytes') ?? valueOf(text, 'tessera_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE tessera_nodejs_eventloop_lag_seconds gauge');
  });

  describe('beside the site (its catch-all route)', () => {
    let site: App;
    beforeAll(async () => {
      // A second app in the same process (its own registry), with a stand-in for site/register.ts's catch-all.
      site = await buildApp(testConfig({ METRICS_TOKEN: TOKEN }), { database: h.database, realtime: false });
      site.all('/*', async (request, reply) => {
        if (request.url.startsWith('/api/')) return reply.callNotFound();
        return reply.type('text/html').send('<h1>A page</h1>');
      });
      await site.ready();
    });
    afterAll(async () => {
      await site?.close();
    });

    it('labels pages `page` and API paths nobody serves `unmatched`; /metrics is not a page', async () => {
      for (const url of ['/videos', '/videos/some-slug', '/stories?page=2']) expect((await site.inject({ url })).statusCode).toBe(200);
      expect((await site.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
      const text = await scrape(site);
      expect(valueOf(text, 'tessera_http_requests_total{method="GET",route="page",status="200"}')).toBe(3);
      expect(valueOf(text, 'tessera_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
      expect(text).not.toContain('some-slug');
      // Each app counts its own requests only.
      expect(valueOf(await scrape(), 'tessera_http_requests_total{method="GET",route="page",status="200"}')).toBeNull();
    });
  });
});
