/**
 * The load generator of the benchmarks: wrk (1 thread, BENCH_CONNECTIONS connections) pinned to the load core, or
 * autocannon in a child process pinned the same way when wrk is not installed. Run as a script it is that child:
 * `node bench/load.ts '<json options>'` prints one JSON result.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOAD_CORE, pinned } from './processes.ts';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((f) => fs.existsSync(f)) ?? null;
export const LOAD_TOOL = WRK ? 'wrk' : 'autocannon';

export interface LoadResult {
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  headers?: Record<string, string>;
  connections?: number;
  /** Every request a URL of its own (`?bench=<n>` appended): page-cache misses that fill and churn the cache. */
  uniquePaths?: boolean;
}

/** Runs the load generator on the load core; killed if it outlives its measurement by a minute. */
function run(command: string, args: string[], seconds: number): Promise<string> {
  const [cmd, argv] = pinned(command, args, LOAD_CORE);
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: (seconds + 60) * 1000 });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err || out}`))));
  });
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's "50%    1.23ms" lines, in milliseconds. */
function wrkPercentile(out: string, pct: string): number {
  const m = new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : NaN;
}

export function parseWrk(out: string): LoadResult {
  const rps = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(out)?.[1] ?? NaN);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, n) => a + Number(n), 0) : 0);
  return { rps, p50: wrkPercentile(out, '50'), p99: wrkPercentile(out, '99'), errors };
}

/** One measurement: `seconds` of load on `url` from the load core. */
export async function load({ url, seconds, headers = {}, connections = CONNECTIONS, uniquePaths = false }: LoadOptions): Promise<LoadResult> {
  if (WRK) {
    const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const script = uniquePaths ? uniquePathScript(new URL(url)) : null;
    try {
      const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '30s', ...h, ...(script ? ['-s', script] : []), url];
      return parseWrk(await run(WRK, args, seconds));
    } finally {
      if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
    }
  }
  const options = JSON.stringify({ url, seconds, headers, connections, uniquePaths });
  return JSON.parse(await run(process.execPath, [import.meta.filename, options], seconds)) as LoadResult;
}

/** A wrk script that sends `path?bench=<n>` (or `&bench=`) with n counting up. */
function uniquePathScript(url: URL): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-wrk-'));
  const file = path.join(dir, 'unique.lua');
  const base = `${url.pathname}${url.search}${url.search ? '&' : '?'}bench=`;
  fs.writeFileSync(file, `counter = 0\nrequest = function()\n  counter = counter + 1\n  return wrk.format(nil, "${base}" .. counter)\nend\n`);
  return file;
}

if (import.meta.main) {
  const { url, seconds, headers, connections, uniquePaths } = JSON.parse(process.argv[2]!) as Required<LoadOptions>;
  const { pathname, search } = new URL(url);
  let n = 0;
  const requests = uniquePaths ? [{ setupRequest: (req: object) => ({ ...req, path: `${pathname}${search}${search ? '&' : '?'}bench=${++n}` }) }] : undefined;
  const r = await autocannon({ url, headers, connections, duration: seconds, requests });
  const result: LoadResult = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
  console.log(JSON.stringify(result));
}
