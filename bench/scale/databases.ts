/**
 * The two databases of `npm run bench:scale` on the local PostgreSQL: A, the demo catalogue as `npm start` seeds it
 * (migrate + seed by the CLI, media in a kept data folder) after a few days of use (grow.ts ACTIVITY: members who
 * bought, paid, ordered, commented, reported), and B, a copy of A grown to a successful site's size (grow.ts). Both are kept between runs under fixed names and reused while their recipe is the same: the migrations,
 * the seed and grow.ts (a digest of them is the databases' comment). `rebuild` makes them afresh.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { admin, urlOf, withClient } from '../tessera.ts';
import { runCliProcess, serverEnv } from '../../tests/helpers/server.ts';
import { ACTIVITY, GROWN_TABLES, growSteps, sizes } from './grow.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'tessera-scale');

export interface ScaleDatabases {
  a: string;
  b: string;
  /** DATABASE_URL of each. */
  urlA: string;
  urlB: string;
  /** The data folder A was seeded with: its media (shared by both servers) and demo-logins.txt. */
  dataDir: string;
  /** How long growing B took (null: reused). */
  buildSeconds: number | null;
  sizeA: string;
  sizeB: string;
}

/**
 * A digest of what makes the databases' rows: the demo seed, the grower, the scale. Not the migrations: a kept pair is
 * migrated by the servers' own start, as a live site's database is.
 */
function recipe(scale: number): string {
  const hash = createHash('sha256').update(String(scale));
  const db = path.join(ROOT, 'src/server/db');
  const files = fs
    .readdirSync(path.join(db, 'demo'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
  for (const f of [...files.sort(), path.join(db, 'seed.ts'), path.join(db, 'demo-categories.ts'), path.join(import.meta.dirname, 'grow.ts')])
    hash.update(f).update(fs.readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

async function comment(database: string): Promise<string | null> {
  return admin(async (c) => {
    const { rows } = await c.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [
      database,
    ]);
    return rows[0]?.comment ?? null;
  });
}

const size = (database: string) =>
  admin(async (c) => (await c.query<{ size: string }>('select pg_size_pretty(pg_database_size($1)) as size', [database])).rows[0]!.size);

export async function scaleDatabases({ rebuild = false, scale = 1, log = console.log } = {}): Promise<ScaleDatabases> {
  const a = 'tessera_scale_a';
  const b = 'tessera_scale_b';
  const digest = recipe(scale);
  const dataDir = path.join(CACHE_DIR, digest);
  const reuse = !rebuild && (await comment(a)) === digest && (await comment(b)) === digest && fs.existsSync(path.join(dataDir, 'demo-logins.txt'));
  let buildSeconds: number | null = null;
  if (!reuse) {
    log(`Making A (the demo) and growing B (scale ${scale}); kept for later runs as ${a} and ${b}.`);
    await admin(async (c) => {
      await c.query(`drop database if exists ${b} with (force)`);
      await c.query(`drop database if exists ${a} with (force)`);
      await c.query(`create database ${a}`);
    });
    fs.rmSync(CACHE_DIR, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const env = serverEnv(dataDir, { DATABASE_URL: urlOf(a), LOG_LEVEL: 'warn' });
    for (const step of ['migrate', 'seed']) {
      const r = runCliProcess(env, step);
      if (r.status !== 0) throw new Error(`cli ${step} failed: ${r.stderr || r.stdout}`);
    }
    await withClient(urlOf(a), async (client) => {
      for (const step of growSteps(ACTIVITY, { tag: 'a', base: 0 })) await client.query(step.sql);
      await client.query('vacuum (analyze)');
    });
    await admin((c) => c.query(`create database ${b} template ${a}`));
    const started = performance.now();
    await withClient(urlOf(b), async (client) => {
      // As a restore does: the plain indexes of the tables it fills go first and are made again once, after the rows
      // (the unique ones stay: they check the rows as they come).
      const { rows: plain } = await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes
         where schemaname = 'public' and tablename = any($1) and indexdef not like 'CREATE UNIQUE %'`,
        [GROWN_TABLES],
      );
      for (const index of plain) await client.query(`drop index "${index.name}"`);
      for (const step of growSteps(sizes(scale), { tag: 'b', base: 1000 })) {
        const t = performance.now();
        await client.query(step.sql);
        log(`  ${step.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      const t = performance.now();
      // The steps' counters (comments, likes, balances) updated rows they had just written: a table that grew over
      // years under autovacuum is not twice its rows' size, so these are written again compactly first.
      await client.query('vacuum (full) videos, galleries, users');
      await client.query("set maintenance_work_mem = '512MB'");
      for (const index of plain) await client.query(index.def);
      await client.query('vacuum (analyze)');
      log(`  compacted, ${plain.length} indexes made again, vacuum and analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    });
    buildSeconds = (performance.now() - started) / 1000;
    log(`  B grown in ${buildSeconds.toFixed(0)} s`);
    await admin(async (c) => {
      await c.query(`comment on database ${a} is '${digest}'`);
      await c.query(`comment on database ${b} is '${digest}'`);
    });
  }
  return { a, b, urlA: urlOf(a), urlB: urlOf(b), dataDir, buildSeconds, sizeA: await size(a), sizeB: await size(b) };
}
