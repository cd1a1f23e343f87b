import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

export interface OwnStore {
  /** The data folder (PGlite's too, when there is no DATABASE_URL). */
  dataDir: string;
  /** The PostgreSQL database made by `prepare` ('' on PGlite). */
  databaseUrl: () => string;
  /** Makes the PostgreSQL database when DATABASE_URL is set; nothing on PGlite. */
  prepare: () => Promise<void>;
  /** The environment of a production process (server, CLI) on this store, quiet and quick to log in, with `extra`. */
  env: (extra?: Record<string, string>) => NodeJS.ProcessEnv;
}

/**
 * What a test that spawns and kills processes needs for itself: a data folder, and (DATABASE_URL) a PostgreSQL
 * database of its own; both removed after the file.
 */
export function ownStore(name: string): OwnStore {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tessera-${name}-`));
  let databaseUrl = '';
  let dbName = '';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await admin(`drop database if exists "${dbName}" with (force)`);
  });
  return {
    dataDir,
    databaseUrl: () => databaseUrl,
    env: (extra = {}) => ({
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PASSWORD_COST: '1024',
      LOG_LEVEL: 'warn',
      ...extra,
    }),
    prepare: async () => {
      if (!process.env.DATABASE_URL) return;
      dbName = `tessera_${name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
      await admin(`create database "${dbName}"`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${dbName}`;
      databaseUrl = url.href;
    },
  };
}
