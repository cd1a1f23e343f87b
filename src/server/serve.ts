import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getConfig, type Config } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import type { SeedResult } from './db/seed.ts';
import { configuredOrigin, isLoopbackHost } from './lib/http/public-origin.ts';
import { track } from './lib/runtime/progress.ts';
import { printBanner, startFailed } from './start-report.ts';
import type { App } from './types.ts';

/**
 * The modules the server needs after the database is open (the seed, the app with every route, the built site's
 * handler), loaded while it opens: both take a while, and neither needs the other.
 */
function loadServerModules(distDir: string) {
  const modules = Promise.all([
    import('./db/seed.ts'),
    import('./app.ts'),
    import('./site/register.ts'),
    // loadBuiltSite imports it again: from the module cache by then.
    import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href).catch(() => null),
  ]);
  modules.catch(() => {}); // awaited below, unless opening the database failed first
  return modules;
}

/**
 * A first start on a new data folder seeds the demo, whose pictures (drawn once per machine) do not need the database:
 * a worker thread draws them while PGlite makes its new database (seconds of synchronous work on the main thread).
 */
function drawDemoPicturesEarly(config: Config, fresh: boolean): void {
  if (config.seed !== 'demo' || !fresh) return;
  // Seeding waits for the same drawing (and reports its error, if any).
  void import('./db/demo/demo-media.ts').then((m) => m.ensureDemoMediaCache()).catch(() => {});
}

/**
 * Opens the database (PGlite in DATA_DIR unless DATABASE_URL), prepares it, and serves site + API + live on one port.
 * One of several processes (WEB_CONCURRENCY, cluster.ts) issues the first-run setup token only if it is the first.
 */
export async function startServer(config: Config, { issueSetupToken = true }: { issueSetupToken?: boolean } = {}) {
  const started = performance.now();
  // A new PGlite folder: its database is made first (seconds).
  const fresh = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  drawDemoPicturesEarly(config, fresh);
  const modules = loadServerModules(config.distDir);
  const database = await track(
    config.databaseUrl ? 'Connecting to PostgreSQL' : fresh ? 'Making the database' : 'Opening the database',
    () => openConfiguredDatabase(config, 'server'),
    { announce: fresh },
  );
  try {
    const [{ prepareDatabase }, { buildApp }, { registerSite }] = await modules;
    const seed = await prepareDatabase(database, config, { deferClips: true });
    const { app, setupToken } = await track('Starting the server', async () => {
      const app = await buildApp(config, { database });
      await registerSite(app, config.distDir);
      // First run without an admin (SEED=none): a one-time token for /admin/setup, printed below.
      return { app, setupToken: issueSetupToken ? await app.services.setup.issueToken() : null };
    });
    app.addHook('onClose', () => database.close());
    // A stop waits for the seeding left for after the listen (the database closes after it).
    const seeded = Promise.withResolvers<void>();
    app.addHook('preClose', () => seeded.promise);
    await track('Listening', () => app.listen({ port: config.port, host: config.host }));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.siteOrigin = configuredOrigin(config, port);
    if (!config.publicUrl && !isLoopbackHost(config.host)) {
      app.log.warn(
        `PUBLIC_URL is not set and the server listens on ${config.host}: mailed links, payment returns and canonical URLs point to ${app.siteOrigin}. Set PUBLIC_URL to the address visitors use.`,
      );
    }
    void finishSeed(app, seed).then(seeded.resolve);
    return { app, url: `http://localhost:${port}`, seed, readyMs: Math.round(performance.now() - started), database, setupToken };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/**
 * The seeding left for after the server listens (the demo clips, made with ffmpeg on a machine's first start): then
 * queued for the media pipeline, like any upload.
 */
async function finishSeed(app: App, seed: SeedResult): Promise<void> {
  try {
    if (await seed.pending?.()) await app.jobs.media.resume();
  } catch (err) {
    app.log.error({ err }, 'the demo clips could not be seeded');
  }
}

/**
 * Starts the server from the environment, prints the banner, and stops gracefully on SIGTERM/SIGINT: /api/ready
 * answers 503 for DRAIN_SECONDS while requests are still served, then in-flight requests finish and it closes. With
 * WEB_CONCURRENCY above 1 this process runs that many (cluster.ts) and this function runs in each of them.
 */
export async function runMain() {
  let config: Config;
  try {
    config = getConfig();
  } catch (err) {
    startFailed(err);
  }
  if (config.webConcurrency > 1 && cluster.isPrimary) return (await import('./cluster.ts')).runCluster(config);
  const worker = cluster.isWorker ? (await import('./cluster.ts')).workerRole() : null;
  let started;
  try {
    started = await startServer(config, { issueSetupToken: worker?.first ?? true });
  } catch (err) {
    startFailed(err);
  }
  const { app, url, readyMs, seed, setupToken } = started;
  if (worker) worker.ready({ url, readyMs, setupToken });
  else printBanner(url, config, readyMs, seed, setupToken);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.draining = true;
    if (config.drainSeconds > 0) {
      app.log.info(`${signal}: draining for ${config.drainSeconds} s (/api/ready answers 503), then stopping`);
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    app.log.info(`${signal}: finishing in-flight requests, closing live connections and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // No new connections (a proxy gets a refusal, which it may retry elsewhere), while requests already on a
    // connection are still served as usual (Fastify would answer them 503 once closing); then the rest of the close.
    await new Promise<void>((resolve) => {
      app.server.close(() => resolve());
      app.server.closeIdleConnections?.();
      // Live connections stay open until the close below: no need to wait for them.
      setTimeout(resolve, 1000).unref();
    });
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
