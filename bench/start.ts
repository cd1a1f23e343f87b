/**
 * Start-up times of `npm start` (its command, `node scripts/start.ts`), from the command to the first 200 of
 * /api/health: a machine's first start (a new data folder and no demo-media cache, so the pictures are drawn) and a
 * restart on the data that start made, each idle and beside a process that keeps one core busy. The site build is
 * timed apart (only when it is not current; `--build` forces one). A benchmark, not a test: it prints what it measured.
 *
 *   npm run bench:start                  # first start once, restarts 3 times, idle then busy
 *   npm run bench:start -- --restarts 5  # more restarts per condition
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, isBuildCurrent } from '../scripts/build.ts';
import { DEMO_CLIPS } from '../src/server/db/demo/demo-clips.ts';
import { slugify } from '../src/server/lib/text/slug.ts';
import { freePort } from '../tests/helpers/ports.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const RESTARTS = Number(args[args.indexOf('--restarts') + 1] ?? 3) || 3;
const HEALTH_TIMEOUT_MS = 180_000;
const CLIPS_TIMEOUT_MS = 180_000;

const load = () => os.loadavg()[0]!.toFixed(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  ms: number;
  output: string;
  url: string;
  child: ChildProcess;
}

/** Runs the start command on `dataDir` and times it until /api/health answers 200; the server is left running. */
async function start(dataDir: string, cacheDir: string): Promise<Run> {
  // The site build is timed apart: a source edited meanwhile (by someone else in this tree) is built before, not inside.
  ensureBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_MEDIA_CACHE: cacheDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' };
  for (const key of ['NODE_ENV', 'VITEST', 'SEED', 'SEED_SCALE', 'MEDIA_WORKERS']) delete env[key];
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited before it was healthy:\n${output}`);
    if (performance.now() - began > HEALTH_TIMEOUT_MS) throw new Error(`not healthy after ${seconds(HEALTH_TIMEOUT_MS)}:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { ms: performance.now() - began, output, url, child };
    await sleep(25);
  }
}

async function stop(run: Run): Promise<void> {
  if (run.child.exitCode !== null) return;
  const exited = new Promise((r) => run.child.once('exit', r));
  run.child.kill('SIGTERM');
  await exited;
}

/** Waits until the demo clips have their streams (the media pipeline's work after a first start); ms, or null. */
async function clipsReady(run: Run): Promise<number | null> {
  const began = performance.now();
  const slugs = DEMO_CLIPS.map((c) => slugify(c.title));
  while (performance.now() - began < CLIPS_TIMEOUT_MS) {
    const found = await Promise.all(slugs.map((slug) => fetch(`${run.url}/api/assets/videos/${slug}`).then((r) => r.status)));
    if (found.every((status) => status === 200)) return performance.now() - began;
    await sleep(250);
  }
  return null;
}

/** The start's progress lines (not the JSON log lines), indented for the report. */
const steps = (output: string) =>
  output
    .split('\n')
    .filter((l) => /… done in|… failed/.test(l))
    .map((l) => `      ${l.trim()}`)
    .join('\n');

interface Figures {
  first: number;
  clips: number | null;
  restarts: number[];
  firstSteps: string;
  restartSteps: string;
}

/** A first start on a new data folder and an empty demo-media cache, then restarts on its data. */
async function measure(condition: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-start-data-'));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-start-cache-'));
  try {
    const first = await start(dataDir, cacheDir);
    // Restarts are measured on settled data: the demo clips made and through the media pipeline.
    const clips = await clipsReady(first).finally(() => stop(first));
    console.log(`  ${condition}: first start ${seconds(first.ms)}, its demo clips streamable ${clips === null ? 'not yet' : seconds(clips)} later`);
    const restarts: number[] = [];
    let restartSteps = '';
    for (let i = 0; i < RESTARTS; i++) {
      const run = await start(dataDir, cacheDir);
      restarts.push(run.ms);
      restartSteps = steps(run.output);
      await stop(run);
    }
    console.log(`  ${condition}: restarts ${restarts.map((ms) => seconds(ms)).join(', ')} (load average ${load()})`);
    return { first: first.ms, clips, restarts, firstSteps: steps(first.output), restartSteps };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Runs `work` beside a process that keeps one core busy. */
async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    spinner.kill('SIGKILL');
  }
}

console.log(`Start-up of npm start: ${os.availableParallelism()} cores, load average ${load()}`);
const buildCurrent = !args.includes('--build') && isBuildCurrent();
if (buildCurrent) console.log('  site build: current (not timed; --build times one)');
else {
  const began = performance.now();
  ensureBuilt({ force: true });
  console.log(`  site build: ${seconds(performance.now() - began)} (astro build and precompression)`);
}

const idle = await measure('idle');
const busy = await withBusyCore(() => measure('one core busy'));

const row = (label: string, a: string, b: string) => `  ${label.padEnd(36)}${a.padStart(10)}  ${b.padStart(14)}`;
const clips = (f: Figures) => (f.clips === null ? `> ${seconds(CLIPS_TIMEOUT_MS)}` : seconds(f.clips));
const restarts = (f: Figures) => `${seconds(median(f.restarts))}`;
console.log(
  [
    '',
    row('', 'idle', 'one core busy'),
    row('first start (new data, no cache)', seconds(idle.first), seconds(busy.first)),
    row('  then demo clips streamable after', clips(idle), clips(busy)),
    row(`restart, median of ${RESTARTS}`, restarts(idle), restarts(busy)),
    row('  each', idle.restarts.map((ms) => (ms / 1000).toFixed(1)).join(' '), busy.restarts.map((ms) => (ms / 1000).toFixed(1)).join(' ')),
    '',
    '  steps of the first start (idle):',
    idle.firstSteps,
    '  steps of a restart (idle):',
    idle.restartSteps,
    '',
  ].join('\n'),
);
