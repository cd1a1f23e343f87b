/**
 * `npm run bench:scale`: does a request cost what its page returns, not what its table holds? Two production servers
 * on the local PostgreSQL, page and answer caches off: one on the demo catalogue (A), one on a copy grown to a
 * successful site's size (B, scale/grow.ts). Each endpoint is loaded (wrk, 1 thread × 16 connections, from the load
 * core; the servers on the server core) on A and on B, alternately, for BENCH_ROUNDS rounds of BENCH_SECONDS; the
 * table gives the median of the rounds' B/A ratios and B's p99. Goal: B/A ≥ 0.5 and p99 on B ≤ 250 ms. Then the
 * operations that are not requests per second: `ledger check` on A and B, and each CSV export of B streamed whole
 * (time to first byte, rows, the server's memory while it streams).
 *
 *   npm run bench:scale [-- --rebuild] [--scale 0.1] [--only <text in the endpoint's name>[|<another>…]]
 *
 * The databases are kept between runs (scale/databases.ts); --rebuild makes them afresh. BENCH_LEDGER_TIMEOUT (600 s)
 * bounds each `ledger check`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { load, LOAD_TOOL, type LoadResult } from './load.ts';
import { ms, rps } from './compare.ts';
import { rssMb } from './processes.ts';
import { admin, demoToken, startTessera, type Tessera } from './tessera.ts';
import { scaleDatabases, type ScaleDatabases } from './scale/databases.ts';
import { endpointsOf, itemsOf, type Endpoint } from './scale/endpoints.ts';
import { serverEnv, TEST_NODE_FLAGS } from '../tests/helpers/server.ts';

const { values: args } = parseArgs({
  options: { rebuild: { type: 'boolean', default: false }, scale: { type: 'string', default: '1' }, only: { type: 'string' } },
});
/** `--only a|b`: the endpoints whose name holds any of the texts (`ledger check`, `export`: those parts). */
const only = args.only?.split('|').filter(Boolean) ?? [];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const GOAL_RATIO = 0.5;
const GOAL_P99 = 250;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Row {
  endpoint: Endpoint;
  a: LoadResult[];
  b: LoadResult[];
  ratio: number;
}

async function measure(servers: { a: Side; b: Side }, endpoint: Endpoint): Promise<Row> {
  const pathOn = (side: Side) => (side === servers.a ? (endpoint.onA ?? endpoint.path) : endpoint.path);
  const run = async (side: Side, seconds = SECONDS) => {
    const path = pathOn(side);
    const result = await load({ url: `${side.server.url}${path}`, headers: side.headers(endpoint.who, path), seconds, connections: CONNECTIONS });
    await settle(side.server.database!);
    return result;
  };
  const probes = await Promise.all([servers.a, servers.b].map((s) => probe(s, endpoint.who, pathOn(s))));
  console.log(`\n${endpoint.name}  (${endpoint.path})  A: ${probes[0]}  B: ${probes[1]}`);
  await run(servers.a, 1);
  await run(servers.b, 1);
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so that neither always follows the other's load.
    const [first, second] = i % 2 ? [servers.b, servers.a] : [servers.a, servers.b];
    const r1 = await run(first);
    const r2 = await run(second);
    a.push(first === servers.a ? r1 : r2);
    b.push(first === servers.a ? r2 : r1);
    console.log(
      `  round ${i + 1}: A ${rps(a[i]!.rps)} req/s p99 ${ms(a[i]!.p99)} · B ${rps(b[i]!.rps)} req/s p99 ${ms(b[i]!.p99)} · B/A ${(b[i]!.rps / a[i]!.rps).toFixed(3)}`,
    );
  }
  return { endpoint, a, b, ratio: median(a.map((r, i) => b[i]!.rps / r.rps)) };
}

/**
 * Waits until no query of `database` is running: when the load stops, PostgreSQL goes on with the queries it was
 * given (seconds of them on a slow endpoint), which would otherwise load the other side's round.
 */
async function settle(database: string): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    const busy = await admin(async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      return rows[0]!.n;
    });
    if (!busy || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Side {
  server: Tessera;
  /** A page sends the session as the `token` cookie, an API call in the Authorization header (the API reads no cookie). */
  headers: (who: Endpoint['who'], path: string) => Record<string, string>;
}

async function probe(side: Side, who: Endpoint['who'], path: string): Promise<string> {
  const res = await fetch(`${side.server.url}${path}`, { headers: side.headers(who, path) });
  const bytes = (await res.arrayBuffer()).byteLength;
  return `${res.status} ${bytes} B${res.ok ? '' : ' ← not a 2xx'}`;
}

async function side(server: Tessera, dataDir: string): Promise<Side> {
  const admin = await demoToken(server.url, dataDir, 'admin');
  return {
    server,
    headers: (who, path): Record<string, string> => {
      if (who === 'visitor') return {};
      const token = who === 'admin' ? admin : server.memberToken;
      return path.startsWith('/api/') ? { authorization: token } : { cookie: `token=${token}` };
    },
  };
}

/** `npm run cli -- ledger check` on one database: seconds, and its verdict's first line. */
function ledgerCheck(url: string): { seconds: number; said: string } {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-scale-cli-'));
  const r = spawnSync(process.execPath, [...TEST_NODE_FLAGS, 'src/server/cli/index.ts', 'ledger', 'check'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: serverEnv(dataDir, { DATABASE_URL: url }),
    encoding: 'utf8',
    timeout: Number(process.env.BENCH_LEDGER_TIMEOUT ?? 600) * 1000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  const said = r.error ? `did not finish: ${r.error.message}` : ((r.stdout || r.stderr).trim().split('\n')[0] ?? '');
  return { seconds: (performance.now() - started) / 1000, said };
}

/** Streams one export of B whole: time to first byte, bytes, lines, time, and the server's RSS before and at most. */
async function exportRun(b: Side, pathname: string) {
  const before = rssMb(b.server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(b.server.pid))), 100);
  const started = performance.now();
  try {
    const res = await fetch(`${b.server.url}${pathname}`, { headers: b.headers('admin', pathname) });
    const firstByte = performance.now() - started;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const c of chunk) if (c === 10) lines++;
    }
    return { status: res.status, firstByte, seconds: (performance.now() - started) / 1000, bytes, lines, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

async function main() {
  const dbs: ScaleDatabases = await scaleDatabases({ rebuild: args.rebuild, scale: Number(args.scale) });
  console.log(`A ${dbs.sizeA}, B ${dbs.sizeB}${dbs.buildSeconds !== null ? ` (grown in ${dbs.buildSeconds.toFixed(0)} s)` : ' (kept from an earlier run)'}`);
  const env = { PAGE_CACHE_SECONDS: '0', API_CACHE_SECONDS: '0', LOG_LEVEL: 'warn' };
  const servers: Tessera[] = [];
  try {
    const on = (database: string, databaseUrl: string) => ({ database, databaseUrl, dataDir: dbs.dataDir });
    servers.push(await startTessera('postgres', env, { existing: on(dbs.a, dbs.urlA) }));
    servers.push(await startTessera('postgres', env, { existing: on(dbs.b, dbs.urlB) }));
    const pair = { a: await side(servers[0]!, dbs.dataDir), b: await side(servers[1]!, dbs.dataDir) };
    const endpoints = endpointsOf(await itemsOf(dbs.urlA)).filter((e) => only.length === 0 || only.some((text) => e.name.includes(text)));
    console.log(
      `${LOAD_TOOL} 1 thread × ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per endpoint and database; ${endpoints.length} endpoints`,
    );
    const rows: Row[] = [];
    for (const endpoint of endpoints) rows.push(await measure(pair, endpoint));

    console.log(`\n## Requests: B (${dbs.sizeB}) against A (${dbs.sizeA}), median of ${ROUNDS} rounds; goal B/A ≥ ${GOAL_RATIO}, B p99 ≤ ${GOAL_P99} ms\n`);
    console.log('| endpoint | A req/s | B req/s | B/A | B p99 | goal |');
    console.log('|---|---|---|---|---|---|');
    let met = 0;
    for (const r of rows) {
      const bRps = median(r.b.map((x) => x.rps));
      const aRps = median(r.a.map((x) => x.rps));
      const p99 = median(r.b.map((x) => x.p99));
      const errors = r.a.concat(r.b).reduce((n, x) => n + x.errors, 0);
      const ok = r.ratio >= GOAL_RATIO && p99 <= GOAL_P99 && errors === 0;
      if (ok) met++;
      console.log(
        `| ${pad(r.endpoint.name, 44)} | ${lpad(rps(aRps), 6)} | ${lpad(rps(bRps), 6)} | ${r.ratio.toFixed(2)} | ${lpad(ms(p99), 7)} | ${ok ? '✓' : '✗'}${errors ? ` (${errors} errors)` : ''} |`,
      );
    }
    console.log(`\n${met} of ${rows.length} endpoints meet the goal.`);

    if (only.length === 0 || only.includes('ledger check')) {
      console.log('\n## ledger check\n');
      for (const [name, url] of [
        ['A', dbs.urlA],
        ['B', dbs.urlB],
      ] as const) {
        const r = ledgerCheck(url);
        console.log(`- ${name}: ${r.seconds.toFixed(1)} s — ${r.said}`);
      }
    }
    if (only.length === 0 || only.includes('export')) {
      console.log('\n## CSV exports of B, streamed whole\n');
      console.log('| export | status | first byte | rows | MB | seconds | server RSS before → peak |');
      console.log('|---|---|---|---|---|---|---|');
      // The API's, and the back office's link (the site's page, which hands the API's stream on).
      for (const p of ['/api/admin/token-transactions/export.csv', '/api/admin/payments/export.csv', '/admin/token-transactions/export.csv']) {
        const r = await exportRun(pair.b, p);
        console.log(
          `| ${p} | ${r.status} | ${ms(r.firstByte)} | ${(r.lines - 1).toLocaleString('en-US')} | ${(r.bytes / 1e6).toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.before.toFixed(0)} → ${r.peak.toFixed(0)} MB (+${(r.peak - r.before).toFixed(0)}) |`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

await main();
