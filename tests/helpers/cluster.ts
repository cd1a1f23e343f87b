import { spawn } from 'node:child_process';
import path from 'node:path';
import { freshPostgres } from './postgres.ts';
import { startRedis } from './redis-server.ts';
import { startS3 } from './s3-server.ts';
import { runCliProcess, startServer, TEST_NODE_FLAGS, type TestServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface Cluster {
  a: TestServer;
  b: TestServer;
  /** The environment both share (DATABASE_URL, REDIS_URL, STORAGE=s3 …): for a third process or the CLI. */
  env: Record<string, string>;
  /** Runs the CLI against the shared database; its output, or a throw with it. */
  cli: (...args: string[]) => string;
  /** Starts A or B again (after a test stopped or killed it), on the same data. */
  restart: (which: 'a' | 'b') => Promise<void>;
  /** A process of the same site started later (a media worker: `src/server/worker.ts`), stopped with the cluster. */
  startWorker: () => Promise<{ stop: () => Promise<void>; output: () => string }>;
  stop: () => Promise<void>;
}

/**
 * Two Tessera processes as two machines would run them: production servers on one PostgreSQL database of their own,
 * one Redis of their own, and media in an S3-compatible bucket (s3rver, started here); neither transcodes (a worker
 * does, when a test starts one). A is started first (it migrates and seeds the demo), then B on the same data.
 */
export async function startCluster(extra: Record<string, string> = {}): Promise<Cluster> {
  const db = await freshPostgres('tessera_cluster');
  const redis = await startRedis();
  const s3 = await startS3('tessera');
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    // Tests name the visitor's address with X-Forwarded-For (from loopback only), so limits never meet across tests.
    TRUST_PROXY: '127.0.0.1',
    MEDIA_WORKERS: '0',
    // As the deployment sets it behind nginx (deploy/tessera.env.example): a stopping process ends its connections
    // for a moment before it closes them.
    DRAIN_SECONDS: '5',
    ...extra,
  };
  const stoppers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => {});
    await db.drop().catch(() => {});
    await redis.stop();
    await s3.stop();
  };
  try {
    const a = await startServer({ env });
    stoppers.push(() => a.stop());
    const b = await startServer({ env: { ...env, DATA_DIR: a.dataDir } });
    stoppers.push(() => b.stop({ keepData: true }));
    const cli = (...args: string[]) => {
      const r = runCliProcess({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: a.dataDir, ...env }, ...args);
      if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
      return r.stdout;
    };
    const startWorker = async () => {
      const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'src/server/worker.ts'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: a.dataDir, ...env, MEDIA_WORKERS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const stopWorker = async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      };
      stoppers.push(stopWorker);
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => out.includes('Tessera worker') && resolve());
        child.once('exit', (code) => reject(new Error(`the worker exited (${code}):\n${out}`)));
      });
      return { stop: stopWorker, output: () => out };
    };
    const cluster: Cluster = {
      a,
      b,
      env,
      cli,
      startWorker,
      stop,
      restart: async (which) => {
        await cluster[which].stop({ keepData: true });
        const again = await startServer({ env: { ...env, DATA_DIR: a.dataDir } });
        stoppers.push(() => again.stop({ keepData: true }));
        cluster[which] = again;
      },
    };
    return cluster;
  } catch (err) {
    await stop();
    throw err;
  }
}
