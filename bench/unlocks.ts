/**
 * npm run bench:unlocks — purchases per second with 64 concurrent buyers, printed beside pgbench's TPC-B on the same
 * PostgreSQL server in the same run (the ratio is the number to watch; machines here are noisy), and on PGlite.
 * The API runs in its own process (bench/unlocks-server.ts); each buyer unlocks items it does not own yet through HTTP (guarded debit, ledger entry, token transaction
 * and entitlement in one database transaction). Not a test: nothing here fails.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; a fresh database is made for
 * each part and dropped afterwards. BENCH_SECONDS (default 10) per measurement.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

/** The API in its own process on `databaseUrl` (or PGlite): 64 buyers unlock distinct items for SECONDS; unlocks/s. */
async function unlocks(databaseUrl: string): Promise<{ perSecond: number; refused: number }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, path.join(import.meta.dirname, 'unlocks-server.ts'), String(BUYERS), String(ITEMS)], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { base, tokens } = await new Promise<{ base: string; tokens: string[] }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = out.match(/ready (\S+) (\[.*\])/);
      if (m) resolve({ base: m[1]!, tokens: JSON.parse(m[2]!) });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const slugs = Array.from({ length: ITEMS }, (_, i) => `bench-${i}`);
  let done = 0;
  let refused = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, b) => {
      for (let i = 0; i < ITEMS && Date.now() < until; i++) {
        const res = await fetch(`${base}/api/token-transactions/video/${slugs[(i + b * 7) % ITEMS]}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: '{}',
        });
        await res.arrayBuffer();
        if (res.status === 200) done++;
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { perSecond: done / seconds, refused };
}

console.log(`machine: ${os.cpus().length} cores, node ${process.version}; ${BUYERS} concurrent buyers, ${SECONDS} s per measurement`);
const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;

await withDatabase(`tessera_bench_${process.pid}`, async (url) => {
  {
    const app = await unlocks(url);
    console.log(`\nPostgreSQL: ${app.perSecond.toFixed(0)} unlocks/s through the HTTP API${app.refused ? ` (${app.refused} refused)` : ''}`);
    if (!hasPgbench) return console.log('  pgbench not installed: no baseline');
    const tps = await withDatabase(`tessera_pgbench_${process.pid}`, async (u) => pgbench(u));
    console.log(`  pgbench TPC-B, ${BUYERS} clients, scale 10: ${tps.toFixed(0)} tps`);
    console.log(`  ratio unlocks/s ÷ pgbench tps = ${(app.perSecond / tps).toFixed(3)}`);
  }
});

const pglite = await unlocks('');
console.log(
  `\nPGlite (in memory, one connection): ${pglite.perSecond.toFixed(0)} unlocks/s through the HTTP API${pglite.refused ? ` (${pglite.refused} refused)` : ''}`,
);
