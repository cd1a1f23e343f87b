import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from '../../src/server/lib/media/binaries.ts';

const run = promisify(execFile);

export interface ClipOptions {
  seconds?: number;
  width?: number;
  height?: number;
  /** A tone on an AAC (MP4) or Opus (WebM) track; default true. */
  audio?: boolean;
  format?: 'mp4' | 'webm';
}

const made = new Map<string, Promise<string>>();

/**
 * A real video made with ffmpeg's test sources (moving test pattern, a tone), cached per options for the process:
 * H.264/AAC in MP4 or VP9/Opus in WebM. Returns its path (in a temp folder removed at exit).
 */
export function makeClip(opts: ClipOptions = {}): Promise<string> {
  const { seconds = 3, width = 640, height = 360, audio = true, format = 'mp4' } = opts;
  const name = `clip-${seconds}s-${width}x${height}-${audio ? 'a' : 'n'}.${format}`;
  let clip = made.get(name);
  if (!clip) {
    clip = (async () => {
      const file = path.join(clipDir(), name);
      const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`];
      if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
      if (format === 'mp4')
        args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : []), '-movflags', '+faststart');
      else args.push('-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', ...(audio ? ['-c:a', 'libopus'] : []));
      args.push('-shortest', file);
      await run(FFMPEG, args);
      return file;
    })();
    made.set(name, clip);
  }
  return clip;
}

let dir: string | null = null;
function clipDir(): string {
  if (!dir) {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-clips-'));
    process.once('exit', () => fs.rmSync(d, { recursive: true, force: true }));
    dir = d;
  }
  return dir;
}
