import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { getConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { SettingsService } from '../../src/server/modules/settings/settings.service.ts';
import { createUser, type CreateUserInput } from '../../src/server/modules/users/users.service.ts';
import type { App } from '../../src/server/types.ts';

export const PASSWORD = 'member-pass-123';

let shared: Promise<Database> | null = null;
let queryWatcher: ((sql: string) => void) | null = null;

/**
 * The SQL statements the worker's database runs while `run` runs (every query of the app's handle: a request's, and
 * anything else running then), with `run`'s result. One at a time.
 */
export async function queriesDuring<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  if (queryWatcher) throw new Error('queriesDuring: already counting');
  const queries: string[] = [];
  queryWatcher = (query) => queries.push(query);
  try {
    return { result: await run(), queries };
  } finally {
    queryWatcher = null;
  }
}

/** Waits until the database has been idle for 100 ms (an app's start resumes work in the background: media jobs …). */
export async function untilQuiet(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { queries } = await queriesDuring(() => new Promise((resolve) => setTimeout(resolve, 100)));
    if (!queries.length) return;
  }
  throw new Error('the database never went quiet');
}

/** The worker's PostgreSQL database (DATABASE_URL runs), for a second process to share it; null on PGlite. */
export let testDatabaseUrl: string | null = null;

/** The worker's database: in-memory PGlite, or (DATABASE_URL) a PostgreSQL database of its own for this run. */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    let databaseUrl: string | null = null;
    if (process.env.DATABASE_URL) {
      const name = `tessera_t_${process.env.TESSERA_TEST_RUN ?? 'adhoc'}_${process.env.VITEST_POOL_ID ?? process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!exists.rowCount) await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.href;
      testDatabaseUrl = databaseUrl;
    }
    const database = await openDatabase({ databaseUrl, pgliteDir: null, onQuery: (query) => queryWatcher?.(query) });
    await database.migrate();
    return database;
  })();
  return shared;
}

const tableNames = Object.values(schema)
  .filter((t) => is(t, PgTable))
  .map((t) => `"${getTableName(t as PgTable)}"`);

/** Empties every table and writes the default settings again. */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${tableNames.join(', ')} cascade`));
  await new SettingsService(database.db).ensureDefaults();
}

let dataDir: string | null = null;
/** The worker's data folder (media of seeded tests); removed when the process exits. */
function workerDataDir(): string {
  if (!dataDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-test-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    dataDir = dir;
  }
  return dataDir;
}

/** The demo admin's password in API tests (a real start generates one; see tests/e2e/lifecycle). */
export const DEMO_ADMIN_PASSWORD = 'admin-pass-123';

export const testConfig = (env: NodeJS.ProcessEnv = {}): Config => getConfig({ NODE_ENV: 'test', DATA_DIR: workerDataDir(), DEMO_ADMIN_PASSWORD, ...env });

export interface ApiHarness {
  app: App;
  database: Database;
  config: Config;
}

/**
 * beforeAll: a fresh app on the worker's database with empty tables; afterAll: close the app (not the database).
 * Returns a harness whose fields are filled once beforeAll ran.
 */
export function useApi(env: NodeJS.ProcessEnv = {}, opts: { realtime?: boolean; listen?: boolean } = {}): ApiHarness {
  const harness = {} as ApiHarness;
  beforeAll(async () => {
    harness.database = await testDatabase();
    await resetDatabase(harness.database);
    harness.config = testConfig(env);
    harness.app = await buildApp(harness.config, { database: harness.database, realtime: opts.realtime ?? false });
    if (opts.listen) await harness.app.listen({ port: 0, host: '127.0.0.1' });
    else await harness.app.ready();
  });
  afterAll(async () => {
    await harness.app?.close();
  });
  return harness;
}

let counter = 0;
export async function createMember(h: ApiHarness, input: Partial<CreateUserInput> = {}) {
  counter++;
  return createUser(
    h.database.db,
    { email: `m${counter}-${Date.now()}@test.local`, username: `m${counter}x${Date.now() % 100000}`, name: `Member ${counter}`, password: PASSWORD, ...input },
    h.config.passwordCost,
  );
}

export async function login(h: ApiHarness, username: string, password = PASSWORD, remember?: boolean): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/** Every item of a list passes `check`, and the list is not empty (an empty list would pass any `.every()`). */
export function expectEvery<T>(list: T[], check: (item: T) => boolean): void {
  expect(list.length, 'the list is empty: nothing was checked').toBeGreaterThan(0);
  expect(list.filter((item) => !check(item))).toEqual([]);
}
