/**
 * npm run bench:unlocks — purchases per second with 64 concurrent buyers, printed beside pgbench's TPC-B on the same
 * PostgreSQL server in the same run (the ratio is the number to watch; machines here are noisy), and on PGlite.
 * Each buyer unlocks items it does not own yet through the HTTP API (guarded debit, ledger entry, token transaction
 * and entitlement in one database transaction). Not a test: nothing here fails.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; a fresh database is made for
 * each part and dropped afterwards. BENCH_SECONDS (default 10) per measurement.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { getConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { videos } from '../src/server/db/schema.ts';
import { SettingsService } from '../src/server/modules/settings/settings.service.ts';
import { createUser } from '../src/server/modules/users/users.service.ts';

const BUYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ITEMS = 400;
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function withDatabase<T>(name: string, use: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await use(url.href);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** pgbench TPC-B (the default script) with 64 clients on scale 10. */
function pgbench(url: string): number {
  const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync('pgbench', ['-c', String(BUYERS), '-j', String(os.cpus().length), '-T', String(SECONDS), '-n', url], { encoding: 'utf8' });
  const tps = run.stdout.match(/tps = ([\d.]+)/)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${run.stdout}\n${run.stderr}`);
  return Number(tps);
}

/** The app on `database`, 64 buyers with tokens, ITEMS priced videos; unlocks for SECONDS; returns unlocks/s. */
async function unlocks(database: Database): Promise<{ perSecond: number; refused: number }> {
  await database.migrate();
  const config = getConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED: 'none', PASSWORD_COST: '1024', LOGIN_LIMIT_PER_IP: '100000', DATA_DIR: os.tmpdir() });
  await new SettingsService(database.db).ensureDefaults();
  await seedDemo(database, { ...config, seedScale: 1 });
  const [template] = await database.db.select().from(videos).where(eq(videos.slug, 'glass-blowing-masterclass'));
  const { id: _id, search: _search, ...rest } = template!;
  const slugs = Array.from({ length: ITEMS }, (_, i) => `bench-${i}`);
  await database.db.insert(videos).values(slugs.map((slug, i) => ({ ...rest, slug, title: `Bench ${i}`, isSale: true, price: 1 })));
  const app = await buildApp(config, { database, realtime: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = await Promise.all(
    Array.from({ length: BUYERS }, async (_, i) => {
      const user = await createUser(database.db, { email: `bench${i}@bench.local`, username: `bench${i}`, name: `Bench ${i}`, password: 'bench-pass-123', tokens: 1_000_000 }, config.passwordCost);
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: 'bench-pass-123' }) });
      return (await res.json()).data.token as string;
    }),
  );
  let done = 0;
  let refused = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, b) => {
      for (let i = 0; i < ITEMS && Date.now() < until; i++) {
        const res = await fetch(`${base}/api/token-transactions/video/${slugs[(i + b * 7) % ITEMS]}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: '{}' });
        await res.arrayBuffer();
        if (res.status === 200) done++;
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  return { perSecond: done / seconds, refused };
}

console.log(`machine: ${os.cpus().length} cores, node ${process.version}; ${BUYERS} concurrent buyers, ${SECONDS} s per measurement`);
const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;

await withDatabase(`tessera_bench_${process.pid}`, async (url) => {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    const app = await unlocks(database);
    console.log(`\nPostgreSQL: ${app.perSecond.toFixed(0)} unlocks/s through the HTTP API${app.refused ? ` (${app.refused} refused)` : ''}`);
    if (!hasPgbench) return console.log('  pgbench not installed: no baseline');
    const tps = await withDatabase(`tessera_pgbench_${process.pid}`, async (u) => pgbench(u));
    console.log(`  pgbench TPC-B, ${BUYERS} clients, scale 10: ${tps.toFixed(0)} tps`);
    console.log(`  ratio unlocks/s ÷ pgbench tps = ${(app.perSecond / tps).toFixed(3)}`);
  } finally {
    await database.close();
  }
});

const pglite = await openDatabase({ databaseUrl: null, pgliteDir: null });
try {
  const app = await unlocks(pglite);
  console.log(`\nPGlite (in memory, one connection): ${app.perSecond.toFixed(0)} unlocks/s through the HTTP API${app.refused ? ` (${app.refused} refused)` : ''}`);
} finally {
  await pglite.close();
}
