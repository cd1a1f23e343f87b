/**
 * The production server for the benchmarks, as tests/helpers/server.ts starts it (`node src/server/main.ts`,
 * NODE_ENV=production, its own data folder, a free port; MALLOC_ARENA_MAX=2 as `npm start` sets it) with SEED=demo
 * SEED_SCALE=2, on PGlite or on a fresh PostgreSQL database (made here, dropped at stop; or another server's,
 * `shareWith`). It starts (and seeds) on any core, then it and all its threads are pinned to the server core (unless
 * `pinned: false`); the demo member is logged in. The tests' environment (serverEnv), its own wait for the start, so
 * that a slow start on a busy machine can wait longer and never leaves a server behind.
 *
 * POSTGRES_URL: the server to make the databases on (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pin, rssMb, spawnServer } from './processes.ts';
import { serverEnv } from '../tests/helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 180_000;

export type Db = 'pglite' | 'postgres';
export const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Tessera {
  db: Db;
  /** The PostgreSQL database's name (null on PGlite). */
  database: string | null;
  url: string;
  pid: number;
  dataDir: string;
  output: () => string;
  /** The demo member's `token` cookie value. */
  memberToken: string;
  rss: () => number;
  stop: () => Promise<void>;
}

/** Runs `fn` with a connection to POSTGRES_URL (making and dropping databases, reading pg_stat_activity). */
export const admin = <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => withClient(POSTGRES_URL, fn);

/** Runs `fn` with a connection of its own to `url`, closed after. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let databases = 0;

/** The connection string of a database on POSTGRES_URL's server. */
export function urlOf(database: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.href;
}

/** Logs a demo account in (`member` or `admin`; its password is in the data folder's demo-logins.txt, else the seed's). */
export async function demoToken(url: string, dataDir: string, username: 'member' | 'admin' = 'member'): Promise<string> {
  const logins = fs.readFileSync(path.join(dataDir, 'demo-logins.txt'), 'utf8');
  const password = new RegExp(`^\\w+\\s+${username}\\s+\\S+\\s+(\\S+)$`, 'm').exec(logins)?.[1] ?? 'member-pass-123';
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, remember: true }),
  });
  if (!res.ok) throw new Error(`${username} login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export interface StartOptions {
  /** The checkout to run (another one's server, e.g. the code before a change, side by side). */
  root?: string;
  /** Pin the server to the server core once started (default); false leaves it on every core. */
  pinned?: boolean;
  /**
   * A second process of that server's site: on its PostgreSQL database (neither made nor dropped here, nor seeded again:
   * SEED=none) and its media folder, the demo member logged in with that server's demo logins.
   */
  shareWith?: Tessera;
  /**
   * A database made elsewhere (neither made, seeded nor dropped here) and the data folder it was seeded with: its media
   * and demo logins (bench:scale's A and B).
   */
  existing?: { database: string; databaseUrl: string; dataDir: string };
}

export async function startTessera(
  db: Db,
  env: Record<string, string> = {},
  { root = ROOT, pinned = true, shareWith, existing }: StartOptions = {},
): Promise<Tessera> {
  let dropDatabase = async () => {};
  let database: string | null = null;
  // glibc's arenas as `npm start` sets them (MALLOC_ARENA_MAX=2), unless the environment says otherwise.
  const extra: Record<string, string> = { SEED: 'demo', SEED_SCALE: '2', MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env };
  if (shareWith && (db !== 'postgres' || !shareWith.database)) throw new Error('only a server on PostgreSQL can be shared');
  const on = existing ?? (shareWith && { database: shareWith.database!, databaseUrl: urlOf(shareWith.database!), dataDir: shareWith.dataDir });
  if (on) {
    database = on.database;
    Object.assign(extra, { SEED: 'none', PAYMENT_TEST_GATEWAY: 'on', DATABASE_URL: on.databaseUrl, MEDIA_DIR: path.join(on.dataDir, 'media') }, env);
  } else if (db === 'postgres') {
    const name = (database = `tessera_bench_${process.pid}_${++databases}`);
    await admin((c) => c.query(`create database "${name}"`));
    dropDatabase = () => admin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {});
    extra.DATABASE_URL = urlOf(name);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  const server = spawnServer(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    pinned: false,
    env: serverEnv(dataDir, extra),
  });
  const pid = server.child.pid!;
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${server.output()}`)), START_TIMEOUT_MS);
      const ready = () => {
        const m = /running at (http:\/\/\S+)/.exec(server.output());
        if (!m) return;
        clearTimeout(timer);
        server.child.stdout!.off('data', ready);
        resolve(m[1]!);
      };
      server.child.stdout!.on('data', ready);
      server.child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${server.output()}`)));
    });
    const url = origin.replace('localhost', '127.0.0.1');
    if (pinned) pin(pid);
    const token = await demoToken(url, on?.dataDir ?? dataDir);
    return { db, database, url, pid, dataDir, output: server.output, memberToken: token, rss: () => rssMb(pid), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
