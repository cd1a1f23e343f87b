/**
 * npm run bench:media: what the media pipeline costs on this machine. Not a test: nothing here fails.
 *
 * 1. A 60 s 1080p H.264/AAC clip (ffmpeg's testsrc2 and a tone, made once and kept in the temp folder) through every
 *    step the pipeline runs, in a process of its own as the worker would: renditions (360p, 720p, 1080p in one ffmpeg)
 *    as a realtime factor (transcode seconds / clip seconds), then poster, thumbnail strip and teaser.
 * 2. The production server's throughput while a transcode runs beside it, against idle, alternating idle and busy
 *    every few seconds in one run (machines here are noisy): a cached anonymous page and an uncached API call (a
 *    page of 12 videos from the database), with the transcode niced (the default, `nice -n 10`), at the lowest
 *    priority (19) and not niced (0).
 *
 * BENCH_CLIP_SECONDS (60), BENCH_SECONDS (4 per measurement), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32), BENCH_NICE
 * (the priorities to compare, default 10,19,0), BENCH_STEPS=0 to skip part 1.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/build.ts';
import { mean } from './compare.ts';
import { FFMPEG } from '../src/server/lib/media/binaries.ts';
import { probeVideo } from '../src/server/lib/media/probe.ts';
import { makeTeaser, makeThumbnailStrip, takePoster, transcodeHls } from '../src/server/lib/media/transcode.ts';
import { startServer } from '../tests/helpers/server.ts';

const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** The transcode's priorities to compare: 10 is the pipeline's default. */
const NICES = (process.env.BENCH_NICE ?? '10,19,0').split(',').map(Number);
/** BENCH_STEPS=0 skips part 1. */
const STEPS = process.env.BENCH_STEPS !== '0';

const seconds = (since: number) => (performance.now() - since) / 1000;

/** The benchmark clip: made once per machine (about a minute of ffmpeg), then reused. */
async function benchClip(): Promise<string> {
  const file = path.join(os.tmpdir(), `tessera-bench-1080p-${CLIP_SECONDS}s.mp4`);
  if (fs.existsSync(file)) return file;
  console.log(`Making the ${CLIP_SECONDS} s 1080p clip (once)…`);
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`);
  args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`);
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', '-shortest', tmp);
  await promisify(execFile)(FFMPEG, args);
  fs.renameSync(tmp, file);
  return file;
}

/** Child mode `steps <clip> <nice>`: every step once, timings as JSON on stdout. */
async function steps(clip: string, nice: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-media-'));
  try {
    const probe = await probeVideo(clip);
    let t = performance.now();
    const hls = await transcodeHls(clip, path.join(dir, 'hls'), probe, { nice });
    const times: Record<string, number> = { renditions: seconds(t) };
    t = performance.now();
    await takePoster(clip, path.join(dir, 'poster.jpg'), 2, { nice });
    times.poster = seconds(t);
    t = performance.now();
    await makeThumbnailStrip(clip, path.join(dir, 'strip.jpg'), probe, { nice });
    times.strip = seconds(t);
    t = performance.now();
    await makeTeaser(clip, path.join(dir, 'teaser.mp4'), probe, 20, { nice });
    times.teaser = seconds(t);
    console.log(JSON.stringify({ times, duration: probe.duration, renditions: hls.renditions }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Child mode `busy <clip> <nice>`: transcodes again and again until SIGTERM (which stops ffmpeg too). */
async function busy(clip: string, nice: number) {
  const controller = new AbortController();
  process.once('SIGTERM', () => controller.abort());
  const probe = await probeVideo(clip);
  let started = false;
  while (!controller.signal.aborted) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-busy-'));
    const onProgress = () => {
      if (!started) console.log('transcoding');
      started = true;
    };
    await transcodeHls(clip, dir, probe, { nice, signal: controller.signal, onProgress }).catch((err: unknown) => {
      if (controller.signal.aborted) return;
      console.error(err);
      process.exit(1);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function child(mode: string, clip: string, nice: number): ChildProcess {
  return spawn(process.execPath, [import.meta.filename, mode, clip, String(nice)], { stdio: ['ignore', 'pipe', 'inherit'] });
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, duration = SECONDS): Promise<Load> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const fmt = (r: Load) => `${r.rps.toFixed(0).padStart(6)} req/s p99 ${String(r.p99).padStart(4)} ms${r.errors ? ` (${r.errors} errors)` : ''}`;

/** A process and all its descendants (the busy child, `nice`/ffmpeg under it). */
function tree(pid: number): number[] {
  const r = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return [pid, ...r.stdout.split('\n').filter(Boolean).map(Number).flatMap(tree)];
}

/**
 * One transcode runs for the whole comparison; it is paused (SIGSTOP) for the idle measurements and resumed (SIGCONT)
 * for the busy ones, so that idle and busy alternate every few seconds. It stays in this session: with the kernel's
 * autogroups (sched_autogroup_enabled=1), `nice` only counts between processes of one session.
 */
async function besideTranscode(clip: string, nice: number, targets: { label: string; url: string }[]) {
  console.log(`\nThroughput beside a transcode ${nice ? `(nice -n ${nice})` : '(not niced)'}, load average ${os.loadavg()[0]!.toFixed(2)}:`);
  const worker = child('busy', clip, nice);
  await new Promise((resolve) => {
    worker.stdout!.once('data', resolve);
    worker.once('exit', resolve);
  });
  const group = (signal: NodeJS.Signals) => {
    for (const pid of tree(worker.pid!).reverse()) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone meanwhile
      }
    }
  };
  const rounds = new Map(targets.map((t) => [t.label, [] as { idle: Load; busy: Load }[]]));
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const t of targets) {
        group('SIGSTOP');
        const idle = await load(t.url);
        group('SIGCONT');
        const busy = await load(t.url);
        rounds.get(t.label)!.push({ idle, busy });
        console.log(`  round ${i + 1} ${t.label.padEnd(30)} idle ${fmt(idle)}   busy ${fmt(busy)}   ratio ${(busy.rps / idle.rps).toFixed(3)}`);
      }
    }
  } finally {
    group('SIGCONT');
    const exited = new Promise((r) => worker.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
  for (const [label, rs] of rounds) {
    const ratio = mean(rs.map((r) => r.busy.rps / r.idle.rps));
    const p99 = mean(rs.map((r) => r.busy.p99 / Math.max(1, r.idle.p99)));
    console.log(`  mean ${label.padEnd(31)} busy / idle requests/s = ${ratio.toFixed(3)}; p99 ${p99.toFixed(1)}× idle`);
  }
}

/** Part 1: every step once in a process of its own, as the worker would run them. */
async function stepTimes(clip: string) {
  console.log(`\n1. A ${CLIP_SECONDS} s 1080p30 H.264/AAC clip through the pipeline's steps (own process, not niced, site idle):`);
  const stepsChild = child('steps', clip, 0);
  let out = '';
  stepsChild.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => stepsChild.once('exit', r));
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
    times: Record<string, number>;
    duration: number;
    renditions: { name: string; bandwidth: number; codecs: string }[];
  };
  const { times, duration } = result;
  console.log(`  renditions ${result.renditions.map((r) => `${r.name} ${(r.bandwidth / 1e6).toFixed(2)} Mbit/s ${r.codecs}`).join('; ')}`);
  console.log(`  renditions: ${times.renditions!.toFixed(1)} s = ${(times.renditions! / duration).toFixed(2)}× realtime (transcode seconds / clip seconds)`);
  console.log(`  poster ${times.poster!.toFixed(2)} s, thumbnail strip ${times.strip!.toFixed(2)} s, teaser ${times.teaser!.toFixed(2)} s`);
  const total = Object.values(times).reduce((a, b) => a + b, 0);
  console.log(`  all steps: ${total.toFixed(1)} s = ${(total / duration).toFixed(2)}× realtime`);
}

async function main() {
  const clip = await benchClip();
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`);

  if (STEPS) await stepTimes(clip);

  ensureBuilt();
  const app = await startServer({ env: { SEED: 'demo', SEED_SCALE: '2', LOG_LEVEL: 'warn', MEDIA_WORKERS: '0' } });
  try {
    const targets = [
      { label: 'GET /videos (cached page)', url: `${app.url}/videos` },
      { label: 'GET /api/assets/videos/search', url: `${app.url}/api/assets/videos/search?limit=12` },
    ];
    for (const t of targets) {
      const res = await fetch(t.url);
      if (!res.ok) console.log(`  (${t.label} answers ${res.status})`);
      await load(t.url, 1);
    }
    for (const nice of NICES) await besideTranscode(clip, nice, targets);
  } finally {
    await app.stop();
  }
}

const [mode, clipArg, niceArg] = process.argv.slice(2);
if (mode === 'steps') await steps(clipArg!, Number(niceArg));
else if (mode === 'busy') await busy(clipArg!, Number(niceArg));
else await main();
