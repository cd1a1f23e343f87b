/**
 * npm run bench:memory: does the server's memory settle under load? One production server per database (PGlite, then a
 * fresh PostgreSQL database; SEED=demo SEED_SCALE=2, pinned to core 1, a page cache of 50 pages), MEMORY_ROUNDS rounds
 * (5) of four loads from wrk on core 0, BENCH_SECONDS (5) each: `/videos` as the demo member, `/videos` anonymous (page
 * cache), `/videos` uncached (every request its own `?bench=<n>` URL: a render, and a page-cache entry that pushes out
 * the oldest), and the API video search. After each round: RSS; the V8 heap, external memory and array buffers
 * (process.memoryUsage() through the inspector: the server runs with --inspect=127.0.0.1:0); RSS split by
 * /proc/<pid>/smaps into other anonymous memory (V8's heap, PGlite's WASM memory), malloc's arenas and its main heap,
 * and mapped files; then the same after a full GC. Then a heap snapshot, as many rounds again, and another snapshot:
 * their growth by constructor is printed (snapshots come last because a snapshot leaves ~200 MB in malloc's heap).
 *
 * Verdict: RSS steady when its spread over the rounds is within 10 %; a leak when the live V8 heap or the array
 * buffers after a full GC keep growing from round to round.
 *
 * BENCH_DB=pglite|postgres|both (both), MEMORY_ROUNDS (5), BENCH_SECONDS (5), MEMORY_SNAPSHOTS=0 skips the heap
 * snapshots (and the extra rounds), MEMORY_KEEP=<folder> keeps them there. The environment reaches the server (the
 * server runs with MALLOC_ARENA_MAX=2, as `npm start` sets it, unless the environment sets another).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printGrowth, summarize } from './heap-summary.ts';
import { Inspector, type MemoryUsage } from './inspector.ts';
import { load, LOAD_TOOL, type LoadOptions } from './load.ts';
import { PIN } from './processes.ts';
import { startTessera, type Db, type Tessera } from './tessera.ts';
import { ensureBuilt } from '../scripts/build.ts';

const DBS: Db[] = process.env.BENCH_DB === 'pglite' ? ['pglite'] : process.env.BENCH_DB === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
const ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SNAPSHOTS = process.env.MEMORY_SNAPSHOTS !== '0';
const KEEP = process.env.MEMORY_KEEP ? path.resolve(process.env.MEMORY_KEEP) : null;
const API_PATH = '/api/assets/videos/search?limit=24&sortBy=newest&offset=0';
const STEADY = 0.1;
const WARM_UP_SECONDS = 3;
/** A small page cache, full after the warm-up: the uncached load then churns it (each miss evicts the oldest page). */
const CACHE_PAGES = 50;

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

/** RSS by kind of mapping, in bytes: malloc's per-thread arenas (64 MB-aligned anonymous heaps), its main heap, other
 * anonymous memory (V8's heap, WASM memories, mmap'd allocations) and files (code, shared libraries). */
interface RssSplit {
  arenas: number;
  brk: number;
  anonymous: number;
  files: number;
}

function rssSplit(pid: number): RssSplit {
  const split: RssSplit = { arenas: 0, brk: 0, anonymous: 0, files: 0 };
  let kind: keyof RssSplit = 'anonymous';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const [start, end] = [BigInt(`0x${head[1]}`), BigInt(`0x${head[2]}`)];
      const name = head[4]!;
      if (name === '[heap]') kind = 'brk';
      else if (name.startsWith('/')) kind = 'files';
      else if (!name && start % 0x4000000n === 0n && end - start <= 0x4000000n) kind = 'arenas';
      else kind = 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) split[kind] += Number(rss[1]) * 1024;
  }
  return split;
}

interface Round {
  label: string;
  rss: number;
  usage: MemoryUsage;
  split: RssSplit;
  /** After a full GC: the live V8 heap, and array buffers (Buffers, page-cache entries; not PGlite's WASM memory). */
  heapAfterGc: number;
  buffersAfterGc: number;
  rssAfterGc: number;
}

async function measure(label: string, app: Tessera, inspector: Inspector): Promise<Round> {
  const rss = app.rss() * MB;
  const usage = await inspector.memoryUsage();
  const split = rssSplit(app.pid);
  await inspector.collectGarbage();
  const afterGc = await inspector.memoryUsage();
  const round = { label, rss, usage, split, heapAfterGc: afterGc.heapUsed, buffersAfterGc: afterGc.arrayBuffers, rssAfterGc: app.rss() * MB };
  const s = round.split;
  console.log(
    `  ${label.padEnd(10)} RSS ${mb(rss).padStart(5)} MB │ heap ${mb(usage.heapUsed).padStart(4)}/${mb(usage.heapTotal).padStart(4)} MB, external ${mb(usage.external).padStart(4)} (buffers ${mb(usage.arrayBuffers).padStart(3)}) │ ` +
      `anon ${mb(s.anonymous).padStart(4)}, malloc arenas ${mb(s.arenas).padStart(4)} + heap ${mb(s.brk).padStart(3)}, files ${mb(s.files).padStart(3)} │ after GC: heap ${mb(round.heapAfterGc).padStart(4)}, buffers ${mb(round.buffersAfterGc).padStart(3)}, RSS ${mb(round.rssAfterGc).padStart(5)} MB`,
  );
  return round;
}

async function snapshot(dir: string, name: string, inspector: Inspector) {
  const file = path.join(dir, `${name}.heapsnapshot`);
  await inspector.heapSnapshot(file);
  const summary = summarize(file);
  if (!KEEP) fs.rmSync(file);
  return summary;
}

async function memoryOf(db: Db): Promise<{ db: Db; rounds: Round[] }> {
  console.log(`\n=== ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'} ===`);
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim();
  const app = await startTessera(db, { NODE_OPTIONS: nodeOptions, PAGE_CACHE_MAX_PAGES: String(CACHE_PAGES) });
  const dir = KEEP ? path.join(KEEP, db) : fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-heap-'));
  fs.mkdirSync(dir, { recursive: true });
  let inspector: Inspector | null = null;
  try {
    inspector = await Inspector.connect(app.output());
    const member = { cookie: `token=${app.memberToken}` };
    const loads: [string, Omit<LoadOptions, 'seconds'>][] = [
      ['member', { url: `${app.url}/videos`, headers: member }],
      ['anonymous', { url: `${app.url}/videos` }],
      ['uncached', { url: `${app.url}/videos`, uniquePaths: true }],
      ['API', { url: `${app.url}${API_PATH}` }],
    ];
    const rounds: Round[] = [await measure('started', app, inspector)];
    for (const [, options] of loads) await load({ ...options, seconds: WARM_UP_SECONDS });
    rounds.push(await measure('warmed up', app, inspector));
    const loadRound = async (label: string) => {
      const rates: string[] = [];
      for (const [name, options] of loads) {
        const r = await load({ ...options, seconds: SECONDS });
        rates.push(`${name} ${Math.round(r.rps)}${r.errors ? ` (${r.errors} errors)` : ''}`);
      }
      console.log(`  ${label} req/s: ${rates.join(', ')}`);
      return measure(label, app, inspector!);
    };
    for (let i = 1; i <= ROUNDS; i++) rounds.push(await loadRound(`round ${i}`));
    if (SNAPSHOTS) {
      // Only now: a snapshot's own bookkeeping is native memory that malloc keeps (~200 MB), so it would spoil the RSS above.
      console.log(`  heap snapshot, then ${ROUNDS} more rounds and another (RSS from here includes the snapshot's own memory):`);
      const before = await snapshot(dir, `round-${ROUNDS}`, inspector);
      for (let i = ROUNDS + 1; i <= 2 * ROUNDS; i++) await loadRound(`round ${i}`);
      const after = await snapshot(dir, `round-${2 * ROUNDS}`, inspector);
      console.log('\n  Heap snapshots (self sizes by constructor, after V8’s own full GC):');
      printGrowth(`round ${ROUNDS} → round ${2 * ROUNDS}`, before, after);
    }
    return { db, rounds };
  } finally {
    inspector?.close();
    await app.stop();
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Grows from round to round (a little noise allowed) by more than 10 % and 5 MB in all. */
function keepsGrowing(xs: number[]): boolean {
  const growth = xs.at(-1)! - xs[0]!;
  return xs.every((x, i) => i === 0 || x >= xs[i - 1]! - MB) && growth > Math.max(5 * MB, 0.1 * xs[0]!);
}

function verdict({ db, rounds }: { db: Db; rounds: Round[] }): string {
  const loaded = rounds.filter((r) => r.label.startsWith('round'));
  const spreadOf = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / Math.min(...xs);
  const rss = loaded.map((r) => r.rss);
  const rssGc = loaded.map((r) => r.rssAfterGc);
  const heaps = loaded.map((r) => r.heapAfterGc);
  const buffers = loaded.map((r) => r.buffersAfterGc);
  const leak = keepsGrowing(heaps) || keepsGrowing(buffers);
  const [first, last, started] = [loaded[0]!, loaded.at(-1)!, rounds[0]!];
  const series = (xs: number[]) => xs.map(mb).join(' → ');
  return [
    `${db}: RSS ${mb(started.rss)} MB started, ${series(rss)} MB after rounds 1–${loaded.length}: spread ${(spreadOf(rss) * 100).toFixed(1)} % ` +
      `(${spreadOf(rss) <= STEADY ? 'steady' : 'NOT steady'}, goal ≤ ${STEADY * 100} %); after a full GC ${series(rssGc)} MB (spread ${(spreadOf(rssGc) * 100).toFixed(1)} %)`,
    `live after GC: V8 heap ${series(heaps)} MB, array buffers ${series(buffers)} MB: ${leak ? 'KEEPS GROWING — a leak (see the snapshot growth above)' : 'no retained growth (not a leak)'}`,
    `round 1 → ${loaded.length}: malloc ${mb(first.split.arenas + first.split.brk)} → ${mb(last.split.arenas + last.split.brk)} MB, other anonymous (V8 heap, WASM) ` +
      `${mb(first.split.anonymous)} → ${mb(last.split.anonymous)} MB, V8 heap committed ${mb(first.usage.heapTotal)} → ${mb(last.usage.heapTotal)} MB`,
  ].join('\n  ');
}

ensureBuilt();
console.log(
  `machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}; ${LOAD_TOOL}, ${SECONDS} s per load, ${ROUNDS} rounds${PIN ? '; server on core 1, load on core 0' : ''}`,
);
const results = [];
for (const db of DBS) results.push(await memoryOf(db));
console.log('\nVerdict');
for (const r of results) console.log(`  ${verdict(r)}`);
