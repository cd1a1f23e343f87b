/**
 * npm run bench: the production server beside a plain node:http server answering the same bytes from memory, measured
 * alternately in one run and printed as ratios (machines here are noisy). Each server runs in its own process; the
 * load comes from this one (autocannon). Not a test: nothing here fails.
 *
 * 1. cached anonymous /videos (the page cache) against the baseline;
 * 2. uncached server render of /videos (24 items from the database; PAGE_CACHE_SECONDS=0) against the same baseline;
 * 3. JavaScript a first view loads, anonymous and member side by side (bench/js-weight.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/build.ts';
import { firstLoadJs, pagesOf } from './js-weight.ts';
import { startServer } from '../tests/helpers/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = '/videos';

interface Result {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, seconds = SECONDS): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function startBaseline(file: string, contentType: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline-server.ts'), file, contentType], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout!.on('data', (d) => {
      const port = String(d).match(/listening (\d+)/)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') });
    });
  });
}

const fmt = (r: Result) => `${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms${r.errors ? `  (${r.errors} errors)` : ''}`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Alternates baseline and app for ROUNDS rounds; prints each round and the mean ratios. */
async function compare(label: string, baselineUrl: string, appUrl: string) {
  console.log(`\n${label}`);
  await load(baselineUrl, 1);
  await load(appUrl, 1);
  const rounds: { base: Result; app: Result }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const base = await load(baselineUrl);
    const app = await load(appUrl);
    rounds.push({ base, app });
    console.log(`  round ${i + 1}: baseline ${fmt(base)}   tessera ${fmt(app)}   ratio ${(app.rps / base.rps).toFixed(3)}`);
  }
  const rps = mean(rounds.map((r) => r.app.rps / r.base.rps));
  const p99 = mean(rounds.map((r) => r.app.p99 / Math.max(1, r.base.p99)));
  console.log(
    `  mean: tessera / baseline requests/s = ${rps.toFixed(3)}; tessera ${mean(rounds.map((r) => r.app.rps)).toFixed(0)} req/s, p99 ${mean(rounds.map((r) => r.app.p99)).toFixed(0)} ms (${p99.toFixed(1)}× baseline)`,
  );
}

ensureBuilt();
console.log(`machine: ${os.cpus().length} cores, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds`);
const file = path.join(os.tmpdir(), `tessera-bench-${process.pid}.html`);

// 1. Cached.
let app = await startServer({ env: { SEED: 'demo', SEED_SCALE: '2', LOG_LEVEL: 'warn' } });
const page = await fetch(`${app.url}${PATH}`);
const bytes = Buffer.from(await page.arrayBuffer());
fs.writeFileSync(file, bytes);
const baseline = await startBaseline(file, page.headers.get('content-type') ?? 'text/html');
await compare(`GET ${PATH} cached (anonymous, ${bytes.length} bytes uncompressed)`, baseline.url, `${app.url}${PATH}`);
await firstLoadJs(app, await pagesOf(app));
await app.stop();

// 2. Uncached: every request renders 24 videos from the database.
app = await startServer({ env: { SEED: 'demo', SEED_SCALE: '2', LOG_LEVEL: 'warn', PAGE_CACHE_SECONDS: '0' } });
await compare(`GET ${PATH} uncached (PAGE_CACHE_SECONDS=0: server render with its API calls each time)`, baseline.url, `${app.url}${PATH}`);
await app.stop();

baseline.stop();
fs.rmSync(file, { force: true });
