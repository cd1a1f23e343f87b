import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT, type PgSelect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import { buildIndexesConcurrently } from './concurrent-indexes.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Told when PostgreSQL drops a connection (the pool discards it and opens another); the app points it at its log. */
  onConnectionError: (err: Error) => void;
  /** How the job queue (pg-boss) reaches this database: its own small pool on PostgreSQL, the one connection on PGlite. */
  jobs: ConstructorOptions;
  /**
   * Applies every pending migration (serialised across processes on PostgreSQL, where the indexes they add are built
   * first without blocking writes: concurrent-indexes.ts).
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool's connections now (PostgreSQL only, for the metrics): open, idle, and callers waiting for one. */
  poolCounts?: () => { total: number; idle: number; waiting: number };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data folder; `null` = in memory (tests). */
  pgliteDir: string | null;
  /** How long to wait for an unreachable PostgreSQL at start (DB_WAIT_SECONDS); 0 = fail at once. */
  waitSeconds?: number;
  /** PostgreSQL connections this process may hold for queries (DB_POOL_MAX, 20); the job queue holds 4 more. */
  poolMax?: number;
  /** Where the waiting lines go (stderr by default). */
  log?: (line: string) => void;
  /** Told the text of every statement the app's handle runs (tests count a request's queries with it). */
  onQuery?: (sql: string) => void;
}

/** Drizzle's logger when someone listens to the statements (none otherwise: no cost). */
const loggerOf = (opts: OpenOptions) => (opts.onQuery ? { logQuery: (query: string) => opts.onQuery!(query) } : false);

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 20 });
    const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    // A backend that ends (pg_terminate_backend, a restart, a network blip) must not end the process: without these
    // listeners the 'error' event of an idle or checked-out client is unhandled. The pool drops that client.
    pool.on('error', (err) => database.onConnectionError(err));
    pool.on('connect', (client) => client.on('error', (err) => database.onConnectionError(err)));
    try {
      await waitForPostgres(pool, opts.databaseUrl, opts.waitSeconds ?? 0, log);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    const db = drizzlePg(pool, { schema, logger: loggerOf(opts) }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      jobs: { connectionString: opts.databaseUrl, max: 4, useListenNotify: true },
      onConnectionError: (err) => process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`),
      async migrate() {
        // Several processes may boot at once: one advisory lock makes them take turns.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await buildIndexesConcurrently(client, migrationsFolder, log);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
    return database;
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const extensions = { pg_trgm };
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: loggerOf(opts) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    jobs: { db: fromPglite(client), backend: 'pglite' },
    onConnectionError: () => {},
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Opens the database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pgdata, holding
 * the data-folder lock for `role` until `close()`. A folder held by another live process throws DataDirBusyError.
 */
export async function openConfiguredDatabase(
  config: { databaseUrl: string | null; dataDir: string; dbWaitSeconds: number; dbPoolMax?: number },
  role: string,
  log?: (line: string) => void,
): Promise<Database> {
  const lock = config.databaseUrl ? null : new DataDirLock(config.dataDir);
  lock?.acquire(role);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
      waitSeconds: config.dbWaitSeconds,
      poolMax: config.dbPoolMax,
      log,
    });
    const close = database.close;
    database.close = async () => {
      try {
        await close();
      } finally {
        lock?.release();
      }
    };
    return database;
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** PostgreSQL did not answer within DB_WAIT_SECONDS at start. */
export class DatabaseUnreachableError extends Error {}

/** `host:port` of a connection string, never its password. */
export function postgresAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/** Retries the first connection about once a second for `seconds` (at least once), saying so, then gives up with one clear error. */
async function waitForPostgres(pool: pg.Pool, url: string, seconds: number, log: (line: string) => void): Promise<void> {
  const address = postgresAddress(url);
  const deadline = Date.now() + seconds * 1000;
  for (let said = false; ;) {
    try {
      (await pool.connect()).release();
      return;
    } catch (err) {
      if (!connectionLost(err) && !isStartingUp(err)) throw err;
      // Always said, and tried again at least once: a start that kept the event loop busy past the deadline (modules
      // loading beside the first connection) is no reason to give up on one refusal.
      if (said && Date.now() >= deadline) {
        throw new DatabaseUnreachableError(
          `PostgreSQL at ${address} did not answer within ${seconds} s (${(err as Error).message || (err as { code?: string }).code}). Check DATABASE_URL and that PostgreSQL is running.`,
        );
      }
      if (!said) log(`waiting for PostgreSQL at ${address}… (up to ${seconds} s, DB_WAIT_SECONDS)`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadline - Date.now()))));
    }
  }
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when an error (PGlite, pg, wrapped by Drizzle) means the connection to PostgreSQL is gone, not that the query was wrong. */
export function connectionLost(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = e.code ?? '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (/^Connection terminated|^Client has encountered a connection error|timeout exceeded when trying to connect/.test(e.message ?? '')) return true;
  }
  return false;
}

/** True when PostgreSQL refused a value it cannot store as text (a NUL character: SQLSTATE 22021, 22P05 in jsonb). */
export function textRefused(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}

function isStartingUp(err: unknown): boolean {
  return (err as { code?: string }).code === '57P03';
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Only one process may open a PGlite folder: the lock file says which one holds it. */
export class DataDirLock {
  readonly file: string;
  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'tessera.lock');
  }

  /** The live holder of the lock, if any (a stale lock of a dead process is ignored). */
  holder(): { pid: number; role: string; url?: string } | null {
    try {
      const info = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      process.kill(info.pid, 0);
      return info.pid === process.pid ? null : info;
    } catch {
      return null;
    }
  }

  acquire(role: string, url?: string): void {
    const held = this.holder();
    if (held) {
      const what =
        held.role === 'server' ? `the Tessera server (pid ${held.pid}${held.url ? `, ${held.url}` : ''})` : `another Tessera ${held.role} (pid ${held.pid})`;
      throw new DataDirBusyError(
        `The embedded database in ${path.dirname(this.file)} is in use by ${what}. ` +
          'PGlite allows one process per data folder: stop it first (Ctrl+C or SIGTERM), or set DATABASE_URL to use PostgreSQL.',
      );
    }
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify({ pid: process.pid, role, url }));
  }

  release(): void {
    try {
      if (JSON.parse(fs.readFileSync(this.file, 'utf8')).pid === process.pid) fs.unlinkSync(this.file);
    } catch {
      /* already gone */
    }
  }
}

export class DataDirBusyError extends Error {}

/** The prepared statements of each database handle, by key (see `prepared`). */
const statements = new WeakMap<object, Map<string, unknown>>();
let statementCount = 0;

/**
 * The prepared statement `key` of this database, made by `build` (a query with `sql.placeholder`s) on first use and
 * kept: its SQL is built once, and on PostgreSQL each pooled connection parses it once under its own name. Drizzle runs
 * it on either driver (PGlite sends the same text with the values). Inside a transaction it is made each time, unnamed:
 * a transaction's handle is short-lived, and named statements stay on the connection.
 */
export function prepared<P>(db: Tx, key: string, build: (db: Tx) => { prepare(name: string): P }): P {
  if (is(db, PgTransaction)) return build(db).prepare('');
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as P | undefined;
  if (!statement) byKey.set(key, (statement = build(db).prepare(`q${++statementCount}`)));
  return statement;
}

/**
 * A page of a prepared list: LIMIT, and OFFSET only past the first page (placeholders `limit` and `offset`; the
 * statement's key must say which). Without an offset parameter PostgreSQL soon settles on one generic plan for the
 * statement instead of planning it at every execution (an unknown offset makes the generic plan look dearer).
 */
export function paged<Q extends PgSelect>(query: Q, offset: number): Q {
  query.limit(sql.placeholder('limit'));
  if (offset > 0) query.offset(sql.placeholder('offset'));
  return query;
}

/** The rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error (PGlite, pg, wrapped by Drizzle). */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** An ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
