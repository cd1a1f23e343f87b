/**
 * API speed: the production server (NODE_ENV=production, LOG_LEVEL=warn) on a fresh PostgreSQL database seeded with
 * SEED=demo SEED_SCALE=2 (bench/tessera.ts), pinned to one core, loaded by autocannon (32 connections, 5 s) on the hot API calls: the
 * video search (anonymous and as a member), a video's detail (counting a view, as a page does), the session lookup
 * (`/api/users/me`), and `/api/health` (one `select 1`) for the floor. Prints req/s, p50 and p99 per call, and the CPU
 * time per request of the server and of the PostgreSQL backends serving it: on a shared, busy machine req/s swing a
 * lot, CPU per request much less. Not a test: nothing here fails.
 *
 *   ./node_modules/node/bin/node bench/api-speed.ts
 *
 * API_SPEED_BEFORE=<folder>: also runs the server of another checkout of the project (e.g. `git archive HEAD`
 * unpacked, with node_modules and dist linked), alternating the two call by call in one run, and prints the ratios.
 * API_SPEED_PROFILE=<folder>: writes a V8 CPU profile of each server (--cpu-prof) there when it stops.
 * API_SPEED_ONLY=<text>: only the calls whose name holds this text (e.g. `search (anonymous)`), for a profile of one.
 * BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_ROUNDS: 32, 5, 1.
 * POSTGRES_URL: the server to make the databases on (postgres://postgres@127.0.0.1:5432/postgres). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOAD_CORE, PIN, pin, SERVER_CORE } from './processes.ts';
import { admin, startTessera } from './tessera.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const BEFORE = process.env.API_SPEED_BEFORE ? path.resolve(process.env.API_SPEED_BEFORE) : null;
const PROFILE = process.env.API_SPEED_PROFILE ? path.resolve(process.env.API_SPEED_PROFILE) : null;
const here = path.resolve(import.meta.dirname, '..');

interface Server {
  label: string;
  pid: number;
  dbName: string;
  url: string;
  token: string;
  videoId: string;
  stop: () => Promise<void>;
}

/** The production server of `root` on its own PostgreSQL database (bench/tessera.ts), pinned to the server core. */
async function startServer(label: string, root: string): Promise<Server> {
  const env: Record<string, string> = PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(PROFILE, label)}` } : {};
  const server = await startTessera('postgres', env, { root });
  const list = (await (await fetch(`${server.url}/api/assets/videos/search`)).json()) as { data: { data: { _id: string }[]; total: number } };
  console.log(`${label}: ${root}, ${list.data.total} videos listed`);
  return { label, pid: server.pid, dbName: server.database!, url: server.url, token: server.memberToken, videoId: list.data.data[0]!._id, stop: server.stop };
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time (user + system) per request, µs: steadier than req/s on a busy machine. */
  cpu: number;
  /** The CPU time of the PostgreSQL backends serving its database, per request, µs (they share the machine). */
  dbCpu: number;
  errors: number;
}

/** CPU seconds (user + system) a process has used so far (Linux), or NaN. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/** The PostgreSQL backends connected to a database now (the server's pool). */
const backendsOf = (dbName: string) =>
  admin(async (c) => (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function load(server: Server, url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Result> {
  const dbBefore = new Map((await backendsOf(server.dbName)).map((pid) => [pid, cpuSeconds(pid)]));
  const before = cpuSeconds(server.pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const perRequest = (s: number) => (s * 1e6) / Math.max(1, r.requests.total);
  const cpu = perRequest(cpuSeconds(server.pid) - before);
  // Backends the pool opened during the run (it closes idle ones after 10 s) count from their start.
  const dbAfter = (await backendsOf(server.dbName)).map((pid) => cpuSeconds(pid) - (dbBefore.get(pid) ?? 0));
  const dbCpu = perRequest(sum(dbAfter.filter((x) => !Number.isNaN(x))));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, dbCpu, errors: r.errors + r.non2xx };
}

interface Call {
  name: string;
  path: (s: Server) => string;
  member: boolean;
}

const CALLS: Call[] = [
  { name: 'GET /api/assets/videos/search (anonymous)', path: () => '/api/assets/videos/search', member: false },
  { name: 'GET /api/assets/videos/search (member)', path: () => '/api/assets/videos/search', member: true },
  { name: 'GET /api/assets/videos/search?q=desert&limit=24', path: () => '/api/assets/videos/search?q=desert&limit=24', member: false },
  { name: 'GET /api/assets/videos/:id (member, counts a view)', path: (s) => `/api/assets/videos/${s.videoId}`, member: true },
  { name: 'GET /api/users/me (session lookup)', path: () => '/api/users/me', member: true },
  { name: 'GET /api/health (one `select 1`: the floor of a call that reaches the database)', path: () => '/api/health', member: false },
];

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ` +
  `CPU/request: server ${r.cpu.toFixed(0).padStart(5)} µs, PostgreSQL ${r.dbCpu.toFixed(0).padStart(5)} µs${r.errors ? `  (${r.errors} errors)` : ''}`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

if (PIN) pin(process.pid, LOAD_CORE);
console.log(
  `machine: ${os.cpus().length} cores, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} round(s)${PIN ? `; server on core ${SERVER_CORE}, load on core ${LOAD_CORE}` : ''}`,
);
const servers: Server[] = [];
try {
  if (BEFORE) servers.push(await startServer('before', BEFORE));
  servers.push(await startServer(BEFORE ? 'after' : 'server', here));
  for (const call of CALLS.filter((c) => c.name.includes(process.env.API_SPEED_ONLY ?? ''))) {
    console.log(`\n${call.name}`);
    const results = new Map<string, Result[]>(servers.map((s) => [s.label, []]));
    const target = (s: Server): [Server, string, Record<string, string>] => [s, `${s.url}${call.path(s)}`, call.member ? { authorization: s.token } : {}];
    for (const s of servers) await load(...target(s), 1); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of servers) {
        const r = await load(...target(s));
        results.get(s.label)!.push(r);
        console.log(`  ${s.label.padEnd(6)} ${fmt(r)}`);
      }
    }
    if (BEFORE && ROUNDS > 0) {
      const avg = (label: string, of: (r: Result) => number) => mean(results.get(label)!.map(of));
      const rps = (r: Result) => r.rps;
      const cpu = (r: Result) => r.cpu;
      const dbCpu = (r: Result) => r.dbCpu;
      const ratio = (of: (r: Result) => number) => (avg('after', of) / avg('before', of)).toFixed(2);
      console.log(`  after / before: requests/s ${ratio(rps)}; CPU per request: server ${ratio(cpu)}, PostgreSQL ${ratio(dbCpu)}`);
    }
  }
} finally {
  for (const s of servers) await s.stop();
}
if (PROFILE) console.log(`\nCPU profiles in ${PROFILE}`);
