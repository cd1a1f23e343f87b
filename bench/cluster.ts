/**
 * npm run bench:cluster — issue 17's scale-out, in one run, side by side: one Tessera process against two on this
 * machine's cores, both on one fresh PostgreSQL database and the local Redis (REDIS_URL: socket.io's Redis adapter).
 * Not a test: nothing here fails.
 *
 * 1. Live fan-out: SOCKETS idle member sockets (websocket transport, one distinct member each, half on each process),
 *    then PUSHES unlocks by a few probe members, committed on one process in turn: the time from the unlock's HTTP
 *    response to the `update_balance` event on the member's socket held by the *other* process (through Redis), and on
 *    the committing process's own socket beside it; RSS per 1,000 sockets of each process (after connecting minus
 *    before). The sockets are this script's own (one process holds 10,000: ~90 MB, 20,000 descriptors allowed here);
 *    they are closed before part 2.
 * 2. Throughput through our own nginx (2 workers, upstream keepalive): `/videos` as the demo member (its `token` cookie)
 *    and unlocks (64 buyers with tokens, each unlocking priced videos it does not own yet, as in bench/unlocks.ts), with
 *    one upstream (process A; B stays up, idle) and with two (A and B), alternating, ROUNDS rounds. Nothing is pinned: each server, nginx,
 *    wrk and PostgreSQL get the whole machine (on two cores the load generator and the proxy take their share of
 *    the same cores, which bounds the ratio; the CPU columns show where the time went).
 *
 * DURATION (10) seconds per measurement, ROUNDS (2), CONNECTIONS (64) wrk connections (2 threads), SOCKETS (10000),
 * PUSHES (50), REDIS_URL (redis://127.0.0.1:6379/11), POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres).
 * Every server, nginx, wrk and the database it made are stopped or dropped at the end, on an error and on Ctrl-C.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { ensureBuilt } from '../scripts/build.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { sessions, users, videos } from '../src/server/db/schema.ts';
import { hashPassword } from '../src/server/lib/auth/password.ts';
import { closeRedis, redisClient } from '../src/server/lib/runtime/redis.ts';
import { SITE_CHANGES_CHANNEL } from '../src/server/lib/runtime/site-changes.ts';
import { hashSecret, newSecret } from '../src/server/lib/auth/secrets.ts';
import { insertSession } from '../src/server/modules/auth/sessions.repository.ts';
import { createUser } from '../src/server/modules/users/users.service.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../src/shared/socket-events.ts';
import { nginxMainConfig } from './baselines.ts';
import { mean, ms, rps } from './compare.ts';
import { parseWrk, type LoadResult } from './load.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { spawnServer, waitForHttp, type Spawned } from './processes.ts';
import { admin, POSTGRES_URL, startTessera, type Tessera } from './tessera.ts';

const SECONDS = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const WRK_THREADS = 2;
const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
const PUSHES = Number(process.env.PUSHES ?? 50);
/**
 * Database 11 of the local Redis: the limits' and throttles' keys apart from the tests' (database 0). Its publish/
 * subscribe channels are not apart (Redis has one set for all databases): announcements from other work on this
 * machine reach these servers, and are counted.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379/11';
const BUYERS = 64;
/** Priced videos: BUYERS × ITEMS distinct unlocks per measurement, more than the fastest run makes. */
const ITEMS = Math.max(300, Math.ceil((SECONDS * 4000) / BUYERS));
/** Members whose unlocks are timed; each has one socket on each process. */
const PROBES = 10;
const PASSWORD = 'bench-pass-123';
const PASSWORD_COST = 1024;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((f) => fs.existsSync(f));
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((f) => fs.existsSync(f));
const CLK_TCK = 100;

// ---------------------------------------------------------------------------------------------------------------
// Everything started is stopped in reverse order at the end, on an error, on Ctrl-C or SIGTERM.

const running: { name: string; stop: () => Promise<void> }[] = [];
function started<T>(name: string, thing: T, stop: () => Promise<void>): T {
  running.push({ name, stop });
  return thing;
}
let stopping: Promise<void> | null = null;
/** Stops everything once, however many callers ask (the end of main and a signal may both). */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    while (running.length) {
      const { name, stop } = running.pop()!;
      await stop().catch((err: Error) => console.error(`stopping ${name} failed: ${err.message}`));
    }
  })();
  return stopping;
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.log(`\n${signal}: stopping the servers, nginx and the database…`);
    void stopAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// CPU time of processes (/proc), to see where a measurement's time went.

function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}
const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** Busy CPU seconds of the whole machine (everyone's work, /proc/stat). */
function machineBusy(): number {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = f.map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLK_TCK;
}

type CpuGroups = Record<'servers' | 'nginx' | 'wrk' | 'postgres' | 'machine', number>;
type CpuSnapshot = { pids: Record<'servers' | 'nginx' | 'postgres', Map<number, number>>; machine: number };
/** The CPU seconds of each process of each group so far; `database`'s backends are PostgreSQL's share. */
async function cpuSnapshot(servers: Tessera[], nginx: Spawned, database: string): Promise<CpuSnapshot> {
  const backends = await admin((c) => c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]));
  const of = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  return {
    pids: {
      servers: of(servers.map((s) => s.pid)),
      nginx: of([nginx.child.pid!, ...childrenOf(nginx.child.pid!)]),
      postgres: of(backends.rows.map((r) => r.pid)),
    },
    machine: machineBusy(),
  };
}

/**
 * Cores used between two snapshots: per process, a process started in between counts from zero; one that ended in
 * between (an idle pool connection closed) is left out, so PostgreSQL's share is a lower bound.
 */
function coresBetween(before: CpuSnapshot, after: CpuSnapshot, seconds: number): CpuGroups {
  const group = (k: keyof CpuSnapshot['pids']) => [...after.pids[k]].reduce((sum, [pid, cpu]) => sum + cpu - (before.pids[k].get(pid) ?? 0), 0) / seconds;
  return { servers: group('servers'), nginx: group('nginx'), wrk: 0, postgres: group('postgres'), machine: (after.machine - before.machine) / seconds };
}

// ---------------------------------------------------------------------------------------------------------------
// The data: priced items, buyers with tokens, idle members with a session each (as bench/unlocks-server.ts does it:
// copies of a demo video on sale for 1 token, members made by the app's own createUser).

async function addItems(database: Database): Promise<void> {
  const [template] = await database.db.select().from(videos).where(eq(videos.slug, 'glass-blowing-masterclass'));
  if (!template) throw new Error('the demo video glass-blowing-masterclass is missing: was the database seeded?');
  const { id: _id, search: _search, ...rest } = template;
  for (let from = 0; from < ITEMS; from += 500) {
    const count = Math.min(500, ITEMS - from);
    await database.db
      .insert(videos)
      .values(Array.from({ length: count }, (_, i) => ({ ...rest, slug: `bench-${from + i}`, title: `Bench ${from + i}`, isSale: true, price: 1 })));
  }
}

const EXPIRES = () => new Date(Date.now() + 86_400_000);
let members = 0;

/** `count` members with `tokens` each (createUser, as bench/unlocks-server.ts), each with a session: their tokens. */
async function buyers(database: Database, count: number, tokens: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const n = ++members;
      const user = await createUser(
        database.db,
        { email: `cluster${n}@bench.local`, username: `cluster${n}`, name: `Cluster ${n}`, password: PASSWORD, tokens },
        PASSWORD_COST,
      );
      const token = newSecret();
      await insertSession(database.db, { userId: user.id, tokenHash: hashSecret(token), expiresAt: EXPIRES() });
      return token;
    }),
  );
}

/** `count` idle members with a session each, inserted in bulk (createUser one by one would take minutes for 10,000). */
async function idleMembers(database: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD, PASSWORD_COST);
  const tokens: string[] = [];
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, () => {
      const n = ++members;
      return { email: `cluster${n}@bench.local`, username: `cluster${n}`, name: `Cluster ${n}`, passwordHash, verifiedEmail: true };
    });
    const ids = await database.db.insert(users).values(rows).returning({ id: users.id });
    const batch = ids.map(() => newSecret());
    await database.db.insert(sessions).values(ids.map(({ id }, i) => ({ userId: id, tokenHash: hashSecret(batch[i]!), expiresAt: EXPIRES() })));
    tokens.push(...batch);
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Part 1: live fan-out.

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A member's socket on `url`, resolved once the server says the token was accepted (the member's room joined). */
function connect(url: string, token: string): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const socket: LiveSocket = io(url, { transports: ['websocket'], query: { token }, forceNew: true, reconnection: false, timeout: 60_000 });
    const timer = setTimeout(() => fail(new Error('no auth/status in 60 s')), 60_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    };
    socket.once('connect_error', fail);
    socket.once('auth/status', ({ authenticated }) => {
      clearTimeout(timer);
      if (authenticated) resolve(socket);
      else fail(new Error('socket token refused'));
    });
  });
}

/** Opens every (url, token) socket, `parallel` handshakes at a time. */
async function connectAll(targets: { url: string; token: string }[], parallel = 100): Promise<LiveSocket[]> {
  const sockets: LiveSocket[] = new Array(targets.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < targets.length) {
        const i = next++;
        sockets[i] = await connect(targets[i]!.url, targets[i]!.token);
      }
    }),
  );
  return sockets;
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

interface FanOut {
  sockets: number;
  perProcess: [number, number];
  connectSeconds: number;
  /** ms from the unlock's HTTP response to the event: on the other process's socket, on the committing one's. */
  other: number[];
  same: number[];
  /** ms from sending the unlock to the event on the other process's socket. */
  otherFromRequest: number[];
  lost: number;
  rssPer1000: [number, number];
  rss: [[number, number], [number, number]];
  clientRssMb: number;
}

async function fanOut(a: Tessera, b: Tessera, database: Database): Promise<FanOut> {
  const servers = [a, b];
  const probeTokens = await buyers(database, PROBES, 1_000);
  const idle = await idleMembers(database, Math.max(0, SOCKETS - 2 * PROBES));
  // Idle members alternate between the processes; each probe member has one socket on each.
  const targets = [
    ...probeTokens.flatMap((token) => servers.map((s) => ({ url: s.url, token }))),
    ...idle.map((token, i) => ({ url: servers[i % 2]!.url, token })),
  ];
  const perProcess: [number, number] = [0, 0];
  targets.forEach((t) => perProcess[t.url === a.url ? 0 : 1]++);
  await sleep(3000); // the servers settle after the start and the inserts
  const before = servers.map((s) => s.rss());
  const clientBefore = process.memoryUsage.rss();
  const t0 = performance.now();
  const sockets: LiveSocket[] = [];
  started('sockets', null, async () => void sockets.splice(0).forEach((s) => s.close()));
  sockets.push(...(await connectAll(targets)));
  const connectSeconds = (performance.now() - t0) / 1000;
  await sleep(3000);
  const after = servers.map((s) => s.rss());
  const clientRssMb = (process.memoryUsage.rss() - clientBefore) / 1024 / 1024;
  console.log(
    `  ${sockets.length} sockets in ${connectSeconds.toFixed(1)} s (A ${perProcess[0]}, B ${perProcess[1]}); RSS A ${before[0]!.toFixed(0)} → ${after[0]!.toFixed(0)} MB, ` +
      `B ${before[1]!.toFixed(0)} → ${after[1]!.toFixed(0)} MB; this process +${clientRssMb.toFixed(0)} MB`,
  );

  const other: number[] = [];
  const same: number[] = [];
  const otherFromRequest: number[] = [];
  let lost = 0;
  const event = (socket: LiveSocket) =>
    new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(NaN), 5000);
      socket.once('update_balance', () => {
        clearTimeout(timer);
        resolve(performance.now());
      });
    });
  for (let i = 0; i < PUSHES; i++) {
    const probe = i % PROBES;
    const committer = i % 2; // A, B, A, …
    const [own, far] = [sockets[probe * 2 + committer]!, sockets[probe * 2 + 1 - committer]!];
    const arrivals = Promise.all([event(far), event(own)]);
    const sent = performance.now();
    const res = await fetch(`${servers[committer]!.url}/api/token-transactions/video/bench-${Math.floor(i / PROBES)}`, {
      method: 'POST',
      headers: { authorization: probeTokens[probe]!, 'content-type': 'application/json' },
      body: '{}',
    });
    const answered = performance.now();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`probe unlock answered ${res.status}`);
    const [farAt, ownAt] = await arrivals;
    if (Number.isNaN(farAt)) lost++;
    else {
      other.push(farAt - answered);
      otherFromRequest.push(farAt - sent);
    }
    if (!Number.isNaN(ownAt)) same.push(ownAt - answered);
    await sleep(50);
  }
  for (const s of sockets.splice(0)) s.close();
  await sleep(1000);
  const rssPer1000 = [0, 1].map((i) => (after[i]! - before[i]!) / (perProcess[i]! / 1000)) as [number, number];
  return {
    sockets: targets.length,
    perProcess,
    connectSeconds,
    other,
    same,
    otherFromRequest,
    lost,
    rssPer1000,
    rss: [
      [before[0]!, after[0]!],
      [before[1]!, after[1]!],
    ],
    clientRssMb,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Part 2: throughput through nginx.

function nginxConfig(dir: string, one: number, two: number, a: Tessera, b: Tessera): string {
  const hostPort = (t: Tessera) => new URL(t.url).host;
  const upstream = (name: string, servers: Tessera[]) =>
    `upstream ${name} {\n    ${servers.map((s) => `server ${hostPort(s)};`).join('\n    ')}\n    keepalive 64;\n    keepalive_requests 1000000;\n  }`;
  const server = (port: number, name: string) => `server {
    listen 127.0.0.1:${port};
    keepalive_requests 1000000;
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The member page (~44 KB) fits in memory: no temp files.
      proxy_buffer_size 16k;
      proxy_buffers 16 16k;
    }
  }`;
  return nginxMainConfig(dir, {
    head: 'worker_processes 2;',
    http: [upstream('one', [a]), upstream('two', [a, b]), server(one, 'one'), server(two, 'two')].map((block) => `  ${block}`).join('\n'),
  });
}

/** nginx in a temp folder: `one` proxies to A alone, `two` to A and B (round robin). */
async function startNginx(a: Tessera, b: Tessera): Promise<{ nginx: Spawned; one: string; two: string }> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-cluster-nginx-'));
  const [one, two] = [await freePort(), await freePort()];
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, one, two, a, b));
  const nginx = spawnServer(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { pinned: false });
  started('nginx', null, async () => {
    await nginx.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  for (const port of [one, two]) await waitForHttp(`http://127.0.0.1:${port}/api/health`, nginx.child);
  return { nginx, one: `http://127.0.0.1:${one}`, two: `http://127.0.0.1:${two}` };
}

/** wrk (WRK_THREADS × CONNECTIONS, not pinned) for `seconds`; its output parsed. */
/** wrk's own CPU seconds ride along (sampled every 100 ms while it runs: its last tenth of a second is missed). */
async function wrk(seconds: number, url: string, extra: string[]): Promise<LoadResult & { cpu: number }> {
  if (!WRK) throw new Error('wrk is not installed');
  const args = [`-t${WRK_THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '30s', ...extra, url];
  const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: (seconds + 60) * 1000 });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let cpu = 0;
  const sampler = setInterval(() => (cpu = Math.max(cpu, cpuSeconds(child.pid!))), 100);
  const entry = { name: 'wrk', stop: async () => void child.kill('SIGKILL') };
  running.push(entry);
  try {
    const result = await new Promise<LoadResult>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk exited ${code}: ${out}`))));
    });
    return { ...result, cpu };
  } finally {
    clearInterval(sampler);
    if (running.includes(entry)) running.splice(running.indexOf(entry), 1);
  }
}

let scriptCount = 0;
/** A wrk script: each request an unlock of item `bench-<i>` by buyer `b`, every (buyer, item) pair once. */
function unlockScript(dir: string, tokens: string[]): string {
  const file = path.join(dir, `unlocks-${++scriptCount}.lua`);
  fs.writeFileSync(
    file,
    `local tokens = {${tokens.map((t) => JSON.stringify(t)).join(', ')}}
local threads = ${WRK_THREADS}
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
function init(args)
  n = id - threads
end
function request()
  n = n + threads
  local b = n % #tokens
  local i = math.floor(n / #tokens) % ${ITEMS}
  return wrk.format("POST", "/api/token-transactions/video/bench-" .. i, { ["authorization"] = tokens[b + 1], ["content-type"] = "application/json" }, "{}")
end
`,
  );
  return file;
}

interface Measured extends LoadResult {
  /** Cores used over the measurement by the servers, nginx, wrk, this database's PostgreSQL backends, the whole machine. */
  cores: CpuGroups;
  /** Server CPU per request, µs. */
  serverUs: number;
}

async function measured(servers: Tessera[], nginx: Spawned, database: string, run: () => Promise<LoadResult & { cpu: number }>): Promise<Measured> {
  const before = await cpuSnapshot(servers, nginx, database);
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  const after = await cpuSnapshot(servers, nginx, database);
  const cores = { ...coresBetween(before, after, seconds), wrk: result.cpu / seconds };
  const { cpu: _cpu, ...load } = result;
  return { ...load, cores, serverUs: (cores.servers * 1e6) / result.rps };
}

function meanOf(ms: Measured[]): Measured {
  const keys = Object.keys(ms[0]!.cores) as (keyof CpuGroups)[];
  return {
    rps: mean(ms.map((m) => m.rps)),
    p50: mean(ms.map((m) => m.p50)),
    p99: mean(ms.map((m) => m.p99)),
    errors: ms.reduce((s, m) => s + m.errors, 0),
    serverUs: mean(ms.map((m) => m.serverUs)),
    cores: Object.fromEntries(keys.map((k) => [k, mean(ms.map((m) => m.cores[k]))])) as CpuGroups,
  };
}

// ---------------------------------------------------------------------------------------------------------------

const cell = (r: Measured) => `${rps(r.rps)} req/s · p50 ${ms(r.p50)} · p99 ${ms(r.p99)}${r.errors ? ` · ${r.errors} errors` : ''}`;
const cpuCell = (r: Measured) =>
  [r.cores.servers, r.cores.nginx, r.cores.wrk, r.cores.postgres, r.cores.machine - r.cores.servers - r.cores.nginx - r.cores.wrk - r.cores.postgres]
    .map((c) => c.toFixed(2))
    .join(' · ') + ` (${r.serverUs.toFixed(0)} µs/req)`;
const signed = (v: number) => (Number.isNaN(v) ? '?' : `${v < 0 ? '−' : ''}${ms(Math.abs(v))}`);

async function main() {
  const fdLimit = Number(execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  if (SOCKETS + 1000 > fdLimit)
    throw new Error(`SOCKETS=${SOCKETS} needs more file descriptors than ulimit -n (${fdLimit}) allows: raise it (ulimit -n) first`);
  ensureBuilt();
  console.log(
    `machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}; wrk ${WRK_THREADS} threads × ${CONNECTIONS} connections, ` +
      `${SECONDS} s × ${ROUNDS} rounds per figure; nothing pinned; Redis ${REDIS_URL}; ${SOCKETS} sockets, ${PUSHES} pushes`,
  );
  // The per-address login limits do not matter here (sessions are made directly, sockets authenticate with their
  // token), but the demo member logs in once per process.
  const env = { REDIS_URL, LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' };
  const a: Tessera = started('server A', await startTessera('postgres', env, { pinned: false }), () => a.stop());
  const b: Tessera = started('server B', await startTessera('postgres', env, { pinned: false, shareWith: a }), () => b.stop());
  const dbUrl = new URL(POSTGRES_URL);
  dbUrl.pathname = `/${a.database}`;
  const database = await openDatabase({ databaseUrl: dbUrl.href, pgliteDir: null });
  started('database connection', null, () => database.close());
  await addItems(database);
  console.log(`servers: A ${a.url} (pid ${a.pid}), B ${b.url} (pid ${b.pid}) on database ${a.database}; ${ITEMS} priced items`);

  console.log('\n=== live fan-out ===');
  const fan = await fanOut(a, b, database);

  console.log('\n=== throughput through nginx ===');
  // Site changes empty every process's page cache: any announced by other work on this Redis during the measurements.
  const listener = await redisClient(REDIS_URL);
  listener.on('error', () => {});
  await listener.connect();
  started('Redis listener', null, () => closeRedis(listener));
  let announcements = 0;
  listener.on('message', (channel: string) => void (channel === SITE_CHANGES_CHANNEL && announcements++));
  await listener.subscribe(SITE_CHANGES_CHANNEL);
  const { nginx, one, two } = await startNginx(a, b);
  const scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-cluster-wrk-'));
  started('wrk scripts', null, async () => fs.rmSync(scripts, { recursive: true, force: true }));
  const configs = [
    { label: '1 process', url: one, servers: [a] },
    { label: '2 processes', url: two, servers: [a, b] },
  ];
  const cookie = ['-H', `cookie: token=${a.memberToken}`];
  for (const c of configs) {
    const res = await fetch(`${c.url}/videos`, { headers: { cookie: `token=${a.memberToken}` } });
    console.log(
      `  ${c.label}: GET /videos as the member → ${res.status}, ${(await res.arrayBuffer()).byteLength} bytes, page cache ${res.headers.get('x-page-cache')}`,
    );
    await wrk(2, `${c.url}/videos`, cookie); // warm-up: both processes' page caches, JIT
    await wrk(2, c.url, ['-s', unlockScript(scripts, await buyers(database, BUYERS, 1_000_000))]);
  }
  const results: Record<'videos' | 'unlocks', Measured[][]> = { videos: [[], []], unlocks: [[], []] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const c = configs[i]!;
      const v = await measured(c.servers, nginx, a.database!, () => wrk(SECONDS, `${c.url}/videos`, cookie));
      results.videos[i]!.push(v);
      const script = unlockScript(scripts, await buyers(database, BUYERS, 1_000_000));
      const u = await measured(c.servers, nginx, a.database!, () => wrk(SECONDS, c.url, ['-s', script]));
      results.unlocks[i]!.push(u);
      console.log(`  round ${round + 1}, ${c.label}: /videos ${cell(v)}; unlocks ${cell(u)}; load ${os.loadavg()[0]!.toFixed(1)}`);
    }
  }

  console.log(`  site changes announced on ${REDIS_URL} while measuring throughput (each empties the page caches): ${announcements}`);
  const rows = (['videos', 'unlocks'] as const).map((kind) => {
    const [r1, r2] = results[kind].map(meanOf) as [Measured, Measured];
    const ratio = r2.rps / r1.rps;
    const name = kind === 'videos' ? '`/videos` as the demo member (cookie)' : 'unlocks `POST /api/token-transactions/video/:id`';
    return `| ${name} | ${cell(r1)} | ${cell(r2)} | ${ratio.toFixed(2)} ${ratio >= 1.7 ? '✓' : '✗'} | ${cpuCell(r1)} | ${cpuCell(r2)} |`;
  });
  const load = os.loadavg();
  console.log(
    `\n${SECONDS} s × ${ROUNDS} rounds per figure (means), wrk ${WRK_THREADS} × ${CONNECTIONS} connections through nginx (2 workers, upstream keepalive), ` +
      `nothing pinned, ${os.cpus().length} cores, load ${load.map((l) => l.toFixed(1)).join(' / ')}:\n`,
  );
  console.log(
    [
      '| throughput | 1 process | 2 processes | ratio 2/1 (goal ≥ 1.7×) | cores used, 1 process: servers · nginx · wrk · PostgreSQL · the rest (other work, this script, Redis) (server CPU per request) | same, 2 processes |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  const p = (xs: number[]) => `p50 ${signed(percentile(xs, 0.5))} · p99 ${signed(percentile(xs, 0.99))}`;
  const p99 = percentile(fan.other, 0.99);
  console.log(
    `\n${fan.sockets.toLocaleString('en-US')} idle member sockets (websocket; A ${fan.perProcess[0]}, B ${fan.perProcess[1]}; opened in ${fan.connectSeconds.toFixed(1)} s), ` +
      `${PUSHES} unlocks committed on A and B in turn (negative: the event came before the HTTP response):\n`,
  );
  console.log(
    [
      '| live fan-out | from the HTTP response | from sending the unlock | goal |',
      '|---|---|---|---|',
      `| \`update_balance\` on the member's socket on the other process (Redis) | ${p(fan.other)}${fan.lost ? ` · ${fan.lost} lost` : ''} | ${p(fan.otherFromRequest)} | p99 < 50 ms ${p99 < 50 && !fan.lost ? '✓' : '✗'} |`,
      `| the same event on the committing process's own socket | ${p(fan.same)} | | |`,
      `| RSS per 1,000 sockets | A ${fan.rssPer1000[0].toFixed(1)} MB (${fan.rss[0][0].toFixed(0)} → ${fan.rss[0][1].toFixed(0)} MB) | B ${fan.rssPer1000[1].toFixed(1)} MB (${fan.rss[1][0].toFixed(0)} → ${fan.rss[1][1].toFixed(0)} MB) | |`,
    ].join('\n'),
  );
}

try {
  await main();
} catch (err) {
  // After a signal, what failed is what was being stopped under it.
  if (!interrupted) {
    console.error(err);
    process.exitCode = 1;
  }
} finally {
  await stopAll();
}
