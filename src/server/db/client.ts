import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data folder; `null` = in memory (tests). */
  pgliteDir: string | null;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several processes may boot at once: one advisory lock makes them take turns.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Opens the database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pgdata, holding
 * the data-folder lock for `role` until `close()`. A folder held by another live process throws DataDirBusyError.
 */
export async function openConfiguredDatabase(config: { databaseUrl: string | null; dataDir: string }, role: string): Promise<Database> {
  const lock = config.databaseUrl ? null : new DataDirLock(config.dataDir);
  lock?.acquire(role);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata') });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
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
      const what = held.role === 'server' ? `the Tessera server (pid ${held.pid}${held.url ? `, ${held.url}` : ''})` : `another Tessera ${held.role} (pid ${held.pid})`;
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
