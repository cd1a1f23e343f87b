/**
 * npm run bench: requests/s and p99 of anonymous `/` from the production server, beside a plain node:http server
 * answering the same bytes from memory, measured alternately in one run and printed as ratios.
 * Each server runs in its own process; the load comes from this one (autocannon). Not a test: nothing here fails.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/build.ts';
import { startServer } from '../tests/helpers/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

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

ensureBuilt();
const app = await startServer({ env: { SEED: 'demo', LOG_LEVEL: 'warn' } });
const page = await fetch(`${app.url}/`);
const bytes = Buffer.from(await page.arrayBuffer());
const file = path.join(os.tmpdir(), `tessera-bench-${process.pid}.html`);
fs.writeFileSync(file, bytes);
const baseline = await startBaseline(file, page.headers.get('content-type') ?? 'text/html');

console.log(`\nGET / (anonymous, ${bytes.length} bytes uncompressed), ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating`);
console.log(`machine: ${os.cpus().length} cores, node ${process.version}\n`);
await load(baseline.url, 1);
await load(`${app.url}/`, 1);
const rounds: { base: Result; app: Result }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const base = await load(baseline.url);
  const appResult = await load(`${app.url}/`);
  rounds.push({ base, app: appResult });
  console.log(`round ${i + 1}: baseline ${fmt(base)}   tessera ${fmt(appResult)}   ratio ${(appResult.rps / base.rps).toFixed(3)}`);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rpsRatio = mean(rounds.map((r) => r.app.rps / r.base.rps));
const p99Ratio = mean(rounds.map((r) => r.app.p99 / Math.max(1, r.base.p99)));
console.log(`\nmean: tessera / baseline requests/s = ${rpsRatio.toFixed(3)}; p99 tessera / baseline = ${p99Ratio.toFixed(1)}×`);

baseline.stop();
await app.stop();
fs.rmSync(file, { force: true });
