import cluster, { type Worker } from 'node:cluster';
import { ConfigError, type Config } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { printBanner, startFailed } from './start-report.ts';

/** What a worker tells the primary once it listens. */
interface ReadyMessage {
  type: 'tessera:ready';
  url: string;
  readyMs: number;
  setupToken: string | null;
}

/** A restart loop is a broken start, not bad luck: a worker that dies this soon after its start is not replaced. */
const MIN_LIFE_MS = 10_000;

/**
 * `npm start` with WEB_CONCURRENCY=N: this process (the primary) prepares the database once (migrations, the demo
 * seed), then runs N identical servers on the same port (node:cluster hands connections out in turn). They share
 * everything through PostgreSQL and Redis, as separate machines would, so both are required. The primary prints one
 * banner, replaces a worker that dies, and on SIGTERM/SIGINT stops them all gracefully (each drains and finishes its
 * requests).
 */
export async function runCluster(config: Config): Promise<void> {
  try {
    if (!config.databaseUrl)
      throw new ConfigError(
        `WEB_CONCURRENCY=${config.webConcurrency} needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process. Unset WEB_CONCURRENCY, or set DATABASE_URL and REDIS_URL.`,
      );
    if (!config.redisUrl)
      throw new ConfigError(
        `WEB_CONCURRENCY=${config.webConcurrency} needs REDIS_URL: processes share live rooms, rate limits and site changes through Redis.`,
      );
  } catch (err) {
    startFailed(err);
  }
  const started = performance.now();
  const database = await openConfiguredDatabase(config, 'server').catch(startFailed);
  const seed = await import('./db/seed.ts')
    .then(({ prepareDatabase }) => prepareDatabase(database, config))
    .catch(startFailed)
    .finally(() => database.close());

  let stopping = false;
  const born = new Map<Worker, number>();
  const fork = (first: boolean) => {
    const worker = cluster.fork({ TESSERA_FIRST_WORKER: first ? '1' : '' });
    born.set(worker, Date.now());
    return worker;
  };
  const ready = (worker: Worker) =>
    new Promise<ReadyMessage>((resolve, reject) => {
      worker.on('message', (message: ReadyMessage) => message?.type === 'tessera:ready' && resolve(message));
      worker.once('exit', (code) => reject(new Error(`a server process exited (${code}) before it was ready`)));
    });
  const workers = Array.from({ length: config.webConcurrency }, (_, i) => fork(i === 0));
  let messages: ReadyMessage[];
  try {
    messages = await Promise.all(workers.map(ready));
  } catch (err) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    startFailed(err);
  }
  const first = messages[0]!;
  printBanner(first.url, config, Math.round(performance.now() - started), seed, first.setupToken);

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (born.get(worker) ?? 0);
    born.delete(worker);
    if (stopping) return;
    if (lived < MIN_LIFE_MS) {
      console.error(`  A server process stopped ${Math.round(lived / 1000)} s after its start (${signal ?? code}); it is not replaced.`);
      return;
    }
    console.error(`  A server process stopped (${signal ?? code}); starting another.`);
    fork(false);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    // Each worker drains and closes itself (serve.ts); the primary waits for them, or gives up after its own limit.
    const force = setTimeout(() => process.exit(1), (config.drainSeconds + 15) * 1000);
    force.unref();
    let left = all.length;
    if (!left) process.exit(0);
    for (const worker of all) {
      worker.once('exit', () => --left === 0 && process.exit(0));
      worker.process.kill(signal);
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** In a worker of `runCluster`: whether it is the first (it issues the setup token), and how it reports ready. */
export function workerRole() {
  return {
    first: process.env.TESSERA_FIRST_WORKER === '1',
    ready: ({ url, readyMs, setupToken }: Omit<ReadyMessage, 'type'>) =>
      process.send?.({ type: 'tessera:ready', url, readyMs, setupToken } satisfies ReadyMessage),
  };
}
