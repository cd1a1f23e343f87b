import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../errors.ts';
import type { JobCounts } from '../lib/jobs/job-queue.ts';
import { PUBLISH_QUEUE } from '../modules/content/publication-jobs.ts';
import { MEDIA_QUEUE } from '../modules/media/media-pipeline.ts';

const QUEUES = [MEDIA_QUEUE, PUBLISH_QUEUE];
/** A scrape never waits longer than this for the job queue; the job gauges are left out then. */
const JOBS_TIMEOUT_MS = 2000;

/**
 * Prometheus metrics of this process at `GET /metrics` (METRICS_TOKEN; docs/operations.md), for
 * `Authorization: Bearer <token>` only. One registry per app: requests by route pattern (never the raw URL), the page
 * cache, live connections, the job queue, the PostgreSQL pool, and prom-client's process metrics, all `tessera_…`.
 */
export function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'tessera_' });

  const requests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  // Read when scraped, from what the app keeps anyway.
  const cache = app.pageCache;
  new Counter({ name: 'tessera_page_cache_hits_total', help: 'Pages served from the page cache', registers, collect: totalOf(() => cache.hits) });
  new Counter({
    name: 'tessera_page_cache_misses_total',
    help: 'Cacheable pages not found in the page cache',
    registers,
    collect: totalOf(() => cache.misses),
  });
  new Gauge({ name: 'tessera_page_cache_entries', help: 'Pages in the page cache now', registers, collect: gaugeOf(() => cache.size) });
  new Gauge({ name: 'tessera_sockets', help: 'Live connections (socket.io) of this process', registers, collect: gaugeOf(() => app.liveSockets?.() ?? 0) });

  const jobs = jobCounts(app);
  const jobGauge = (name: string, help: string, pick: (counts: JobCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, counts] of await jobs()) this.set({ queue }, pick(counts));
      },
    });
  jobGauge('tessera_jobs_waiting', 'Jobs waiting to run (or to be retried), by queue', (c) => c.queued);
  jobGauge('tessera_jobs_active', 'Jobs running now, by queue', (c) => c.active);

  const pool = app.database.poolCounts;
  if (pool) {
    new Gauge({ name: 'tessera_db_pool_total', help: 'PostgreSQL connections open in the pool', registers, collect: gaugeOf(() => pool().total) });
    new Gauge({ name: 'tessera_db_pool_idle', help: 'PostgreSQL connections idle in the pool', registers, collect: gaugeOf(() => pool().idle) });
    new Gauge({ name: 'tessera_db_pool_waiting', help: 'Queries waiting for a PostgreSQL connection', registers, collect: gaugeOf(() => pool().waiting) });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerIs(request.headers.authorization, token)) throw unauthorized('A valid metrics token is required');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

/** The route label: Fastify's pattern, `page` for the site's catch-all, `static` for built files, else `unmatched`. */
function routeOf(request: FastifyRequest): string {
  if (request.is404) return 'unmatched';
  const { url, config } = request.routeOptions;
  if (url === undefined) return 'unmatched';
  if (url === '/*') return 'page';
  // @fastify/static registers one route per built file (site/register.ts), each with its file in the config.
  if ((config as { file?: unknown }).file !== undefined) return 'static';
  return url;
}

/** A gauge's collect: the value `read` gives when scraped. */
const gaugeOf = (read: () => number) =>
  function (this: Gauge) {
    this.set(read());
  };

/** A counter's collect: the running total `read` gives when scraped (a counter the app keeps itself). */
const totalOf = (read: () => number) =>
  function (this: Counter) {
    this.reset();
    this.inc(read());
  };

/**
 * The job queue's counts by queue, read once for both job gauges of a scrape (prom-client collects them at once).
 * A queue that fails or does not answer within JOBS_TIMEOUT_MS is left out (logged once until it answers again).
 */
function jobCounts(app: FastifyInstance): () => Promise<Map<string, JobCounts>> {
  let reading: Promise<Map<string, JobCounts>> | null = null;
  let failing = false;
  const read = async () => {
    const counts = new Map<string, JobCounts>();
    await Promise.all(
      QUEUES.map(async (queue) => {
        try {
          counts.set(queue, await withTimeout(app.jobs.queue.pending(queue), JOBS_TIMEOUT_MS));
        } catch (err) {
          if (!failing) app.log.warn({ err, queue }, 'metrics: the job queue could not be read; its gauges are left out');
          failing = true;
          return;
        }
      }),
    );
    if (counts.size === QUEUES.length) failing = false;
    return counts;
  };
  return () => (reading ??= read().finally(() => (reading = null)));
}

/** `promise`, or a rejection once `ms` have passed without an answer. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed first, so their lengths do not show). */
function bearerIs(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
