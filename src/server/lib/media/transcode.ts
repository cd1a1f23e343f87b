import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HlsRendition } from './media-types.ts';
import { FFMPEG } from './binaries.ts';
import { FFMPEG_ENV, probeVideo, type VideoProbe } from './probe.ts';

/**
 * The ffmpeg work of the media pipeline: HLS renditions in one decoding pass, a poster, a thumbnail strip and a
 * teaser. Every call is one ffmpeg process (an argument array, never a shell), niced below the web process by default.
 */

export interface FfmpegOptions {
  /** Stops ffmpeg (SIGKILL); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the share of the work done (0..1), increasing, ending with 1. */
  onProgress?: (fraction: number) => void;
  /** Scheduling priority (`nice -n`): 10 by default, so that a transcode leaves the web process the CPU it needs; 0 for none. */
  nice?: number;
}

/** ffmpeg failed: the message ends with the last lines it wrote. */
export class FfmpegError extends Error {
  readonly exitCode: number | null;
  constructor(what: string, exitCode: number | null, stderr: string, killedBy: string | null = null) {
    const tail = stderr
      .split('\n')
      .filter((l) => l.trim() && !l.includes('Cannot use rename on non file protocol'))
      .slice(-8)
      .join('\n');
    super(`ffmpeg could not ${what} (${killedBy ? `killed by ${killedBy}` : `exit code ${exitCode}`}):\n${tail || '(no message)'}`);
    this.name = 'FfmpegError';
    this.exitCode = exitCode;
  }
}

const DEFAULT_NICE = 10;
const NICE_BIN = ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p));

/** Runs ffmpeg with `args` after the common flags; resolves when it exits cleanly. */
export function runFfmpeg(what: string, args: string[], opts: FfmpegOptions & { duration?: number } = {}): Promise<void> {
  const { signal, onProgress, duration = 0, nice = DEFAULT_NICE } = opts;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const full = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', ...(onProgress ? ['-progress', 'pipe:1'] : []), ...args];
  const [cmd, cmdArgs] = nice && NICE_BIN ? [NICE_BIN, ['-n', String(nice), FFMPEG, ...full]] : [FFMPEG, full];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { env: FFMPEG_ENV, stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    let done = 0;
    let pending = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8192)));
    child.stdout?.on('data', (d: Buffer) => {
      const lines = (pending + d.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const us = /^out_time_(?:us|ms)=(\d+)/.exec(line)?.[1];
        const fraction = us && duration > 0 ? Math.min(1, Number(us) / 1e6 / duration) : null;
        if (fraction != null && fraction > done) onProgress!((done = fraction));
      }
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (err) => {
      signal?.removeEventListener('abort', abort);
      reject(err);
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(abortReason(signal));
      else if (code !== 0) reject(new FfmpegError(what, code, stderr, killedBy));
      else {
        if (onProgress && done < 1) onProgress(1);
        resolve();
      }
    });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The media work was stopped.');
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
const evenDown = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** A picture of `short` pixels on its shorter side, the other side by the source's aspect ratio (even, never above it). */
function sizeFor(probe: VideoProbe, short: number): { width: number; height: number } {
  const landscape = probe.width >= probe.height;
  const [srcShort, srcLong] = landscape ? [probe.height, probe.width] : [probe.width, probe.height];
  const long = Math.min(even((short * srcLong) / srcShort), evenDown(srcLong));
  return landscape ? { width: long, height: short } : { width: short, height: long };
}

interface Rung {
  name: string;
  width: number;
  height: number;
  profile: 'main' | 'high';
  /** Peak video bit rate, kbit/s (x264's VBV cap; quality is CRF below it). */
  maxrate: number;
}

const LADDER = [
  { short: 360, profile: 'main', maxrate: 800 },
  { short: 720, profile: 'high', maxrate: 2800 },
  { short: 1080, profile: 'high', maxrate: 5000 },
] as const;

/**
 * The renditions of a video: 360p, 720p and 1080p (by the shorter side, so a portrait video gets the same sharpness),
 * never above the source; a source smaller than 360p gets one rendition at its own size.
 */
export function renditionPlan(probe: VideoProbe): Rung[] {
  const short = Math.min(probe.width, probe.height);
  const rungs = LADDER.filter((r) => r.short <= short);
  if (!rungs.length) return [{ name: `${evenDown(short)}p`, ...sizeFor(probe, evenDown(short)), profile: 'main', maxrate: 800 }];
  return rungs.map((r) => ({ name: `${r.short}p`, ...sizeFor(probe, r.short), profile: r.profile, maxrate: r.maxrate }));
}

/** Frames per second above which renditions are made at half (or less) the rate: 120 and 240 fps phone clips. */
const MAX_FPS = 60;

/** Filters every encode of the picture starts with: deinterlacing (camcorder and broadcast files) and a frame rate cap. */
function pictureFilters(probe: VideoProbe): string[] {
  const filters = probe.interlaced ? ['yadif=0:-1:1'] : [];
  if (probe.frameRate > MAX_FPS) filters.push(`fps=${probe.frameRate / Math.ceil(probe.frameRate / MAX_FPS)}`);
  return filters;
}

const X264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];
const PLAYLIST = 'index.m3u8';
/** Seconds between keyframes (every segment starts on one) and the target segment length. */
const KEYFRAME_EVERY = 2;
const SEGMENT = 4;

/**
 * HLS renditions of `source` in `outDir` (`<name>/index.m3u8` with its `.ts` segments), H.264 + AAC (no audio when
 * the source has none), from ONE ffmpeg process: the source is decoded once and split to one encoder per rendition.
 */
export async function transcodeHls(
  source: string,
  outDir: string,
  probe: VideoProbe,
  opts: FfmpegOptions = {},
): Promise<{ duration: number; renditions: HlsRendition[] }> {
  const plan = renditionPlan(probe);
  await Promise.all(plan.map((r) => fs.mkdir(path.join(outDir, r.name), { recursive: true })));
  const scaled = plan.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`);
  const filter = `[0:${probe.videoStream}]${[...pictureFilters(probe), `split=${plan.length}`].join(',')}${plan.map((_, i) => `[s${i}]`).join('')};${scaled.join(';')}`;
  const args = ['-i', source, '-filter_complex', filter];
  for (const [i, r] of plan.entries()) {
    const dir = path.join(outDir, r.name);
    args.push('-map', `[v${i}]`, ...(probe.audioStream != null ? ['-map', `0:${probe.audioStream}`, ...AAC] : []));
    args.push(...X264, '-profile:v', r.profile, '-maxrate', `${r.maxrate}k`, '-bufsize', `${r.maxrate * 2}k`);
    args.push('-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_EVERY})`, '-sc_threshold', '0');
    args.push('-map_metadata', '-1', '-map_chapters', '-1', '-max_muxing_queue_size', '4096');
    args.push('-f', 'hls', '-hls_time', String(SEGMENT), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments');
    args.push('-hls_segment_filename', path.join(dir, '%05d.ts'), path.join(dir, PLAYLIST));
  }
  await runFfmpeg('make the renditions', args, { ...opts, duration: probe.duration });

  const renditions: HlsRendition[] = [];
  let duration = 0;
  for (const r of plan) {
    const dir = path.join(outDir, r.name);
    const segments = parsePlaylist(await fs.readFile(path.join(dir, PLAYLIST), 'utf8'));
    if (!segments.length) throw new Error(`ffmpeg made no segments for ${r.name}`);
    duration = Math.max(
      duration,
      segments.reduce((sum, s) => sum + s.duration, 0),
    );
    const video = await avcCodec(path.join(dir, segments[0]!.file), opts.nice);
    renditions.push({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: await peakBitrate(dir, segments),
      codecs: probe.audioStream != null ? `${video},mp4a.40.2` : video,
      playlist: `${r.name}/${PLAYLIST}`,
    });
  }
  return { duration: Math.round(duration * 1000) / 1000, renditions };
}

/** The segments of a media playlist: file (relative) and seconds. */
export function parsePlaylist(text: string): { file: string; duration: number }[] {
  const out: { file: string; duration: number }[] = [];
  let next: number | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) next = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && next != null) {
      out.push({ file: line, duration: next });
      next = null;
    }
  }
  return out;
}

/**
 * BANDWIDTH as HLS defines it: the highest bit rate of a segment (its bytes over its duration, audio and MPEG-TS
 * overhead included). Segments under a second (a short last one) only count when there is nothing else.
 */
async function peakBitrate(dir: string, segments: { file: string; duration: number }[]): Promise<number> {
  const rates = await Promise.all(segments.map(async (s) => ({ s, bps: ((await fs.stat(path.join(dir, s.file))).size * 8) / Math.max(s.duration, 0.001) })));
  const counted = rates.filter((r) => r.s.duration >= 1);
  return Math.ceil(Math.max(...(counted.length ? counted : rates).map((r) => r.bps)));
}

/**
 * The RFC 6381 name of the H.264 stream in a segment (`avc1.PPCCLL`), read from its sequence parameter set: profile,
 * constraint flags and level exactly as x264 wrote them (it picks the level from the size, frame rate and bit rate).
 */
async function avcCodec(segment: string, nice?: number): Promise<string> {
  const raw = path.join(path.dirname(segment), `.sps-${process.pid}.h264`);
  try {
    await runFfmpeg('read the renditions back', ['-i', segment, '-map', '0:v:0', '-c', 'copy', '-frames:v', '1', '-f', 'h264', raw], { nice });
    const bytes = await fs.readFile(raw);
    for (let i = 0; i + 6 < bytes.length; i++) {
      if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1 && (bytes[i + 3]! & 0x1f) === 7) {
        return `avc1.${[...bytes.subarray(i + 4, i + 7)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      }
    }
    throw new Error(`no H.264 sequence parameter set in ${segment}`);
  } finally {
    await fs.rm(raw, { force: true });
  }
}

/** One full-size JPEG frame (up to 1920 wide) at `atSeconds`, or the first frame when the video is shorter. */
export async function takePoster(source: string, outJpg: string, atSeconds: number, opts: FfmpegOptions = {}): Promise<void> {
  const args = (at: number) => [
    '-ss',
    at.toFixed(3),
    '-i',
    source,
    '-map',
    '0:V:0',
    '-an',
    '-vf',
    POSTER_SCALE,
    '-frames:v',
    '1',
    '-q:v',
    '2',
    '-f',
    'image2',
    '-update',
    '1',
    outJpg,
  ];
  await fs.rm(outJpg, { force: true });
  await runFfmpeg('take the poster', args(Math.max(0, atSeconds)), opts);
  const made = await fs.stat(outJpg).catch(() => null);
  if (!made?.size && atSeconds > 0) await runFfmpeg('take the poster', args(0), opts);
  if (!(await fs.stat(outJpg).catch(() => null))?.size) throw new Error('ffmpeg made no poster frame');
}

/** Square pixels, then at most 1920 wide, even sizes. */
const POSTER_SCALE = 'scale=trunc(iw*sar/2)*2:ih,setsar=1,scale=min(1920\\,iw):-2';

const STRIP_WIDTH = 160;
const STRIP_COLUMNS = 10;
const STRIP_MAX = 100;

/**
 * A sprite of frames, one every `interval` seconds (whole seconds, at least 1, so that there are at most 100), each
 * 160 px wide, `columns` across: the back office shows it to pick the teaser's start (a player with its own seek bar
 * could show the frame under the pointer).
 */
export async function makeThumbnailStrip(
  source: string,
  outJpg: string,
  probe: VideoProbe,
  opts: FfmpegOptions = {},
): Promise<{ interval: number; count: number; columns: number; width: number; height: number }> {
  const interval = Math.max(1, Math.ceil(probe.duration / STRIP_MAX));
  // A frame for each whole interval that starts half a second before the end or earlier (so that one exists).
  const count = Math.min(STRIP_MAX, Math.max(1, Math.floor((probe.duration - 0.5) / interval) + 1));
  const columns = Math.min(STRIP_COLUMNS, count);
  const rows = Math.ceil(count / columns);
  const width = STRIP_WIDTH;
  const height = even((STRIP_WIDTH * probe.height) / probe.width);
  const filter = [
    'setpts=PTS-STARTPTS',
    `select=gte(t\\,selected_n*${interval})`,
    `scale=${width}:${height}`,
    'setsar=1',
    `tile=${columns}x${rows}:nb_frames=${count}`,
  ].join(',');
  const args = ['-i', source, '-map', `0:${probe.videoStream}`, '-an', '-vf', filter, '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-update', '1', outJpg];
  await runFfmpeg('make the thumbnail strip', args, opts);
  return { interval, count, columns, width, height };
}

export const TEASER_SECONDS = 10;

/**
 * A short MP4 (H.264/AAC, `+faststart`, 360p or the source's size when smaller) of 10 s from `start`, moved back so
 * that it fits in the video. Never more than half of the video: a teaser must not give a short priced video away.
 */
export async function makeTeaser(
  source: string,
  outMp4: string,
  probe: VideoProbe,
  start: number,
  opts: FfmpegOptions = {},
): Promise<{ duration: number; width: number; height: number; start: number }> {
  const length = Math.min(TEASER_SECONDS, probe.duration / 2);
  const from = Math.max(0, Math.min(Number.isFinite(start) ? start : 0, probe.duration - length));
  const size = renditionPlan(probe)[0]!;
  const args = ['-ss', from.toFixed(3), '-t', length.toFixed(3), '-i', source, '-map', `0:${probe.videoStream}`];
  args.push(...(probe.audioStream != null ? ['-map', `0:${probe.audioStream}`, ...AAC] : ['-an']));
  const filter = [...pictureFilters(probe), `scale=${size.width}:${size.height}`, 'setsar=1', 'format=yuv420p'].join(',');
  args.push('-vf', filter, ...X264, '-profile:v', 'main', '-maxrate', '800k', '-bufsize', '1600k');
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart', '-f', 'mp4', outMp4);
  await runFfmpeg('make the teaser', args, opts);
  const made = await probeVideo(outMp4);
  return { duration: made.duration, width: made.width, height: made.height, start: from };
}
