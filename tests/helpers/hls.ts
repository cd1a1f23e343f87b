import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from '../../src/server/lib/media/binaries.ts';
import type { HlsManifest, StoredFile } from '../../src/server/lib/media/media-types.ts';
import { makeClip } from './clips.ts';

const run = promisify(execFile);

const RENDITIONS = [
  { name: '240p', width: 426, height: 240, bitrate: 300_000 },
  { name: '360p', width: 640, height: 360, bitrate: 600_000 },
];

/** Where files are written: a storage port, or (e2e) the server's media folder on disk. */
export type Put = (key: string, file: string, contentType: string) => Promise<void>;

export const putInFolder =
  (dir: string): Put =>
  async (key, file) => {
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.copyFileSync(file, path.join(dir, key));
  };

/**
 * HLS renditions of a test clip made with ffmpeg (H.264 baseline + AAC, 1 s segments), stored under `prefix`
 * (`<prefix>/hls/<name>/index.m3u8` and its segments), plus a 10 s-style teaser MP4: what the media pipeline makes.
 */
export async function makeHls(put: Put, prefix: string, seconds = 6): Promise<{ hls: HlsManifest; teaser: StoredFile }> {
  const clip = await makeClip({ seconds });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-hls-'));
  try {
    const renditions: HlsManifest['renditions'] = [];
    for (const r of RENDITIONS) {
      const dir = path.join(out, r.name);
      fs.mkdirSync(dir);
      // prettier-ignore
      await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', clip, '-vf', `scale=${r.width}:${r.height}`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-g', '24',
        '-b:v', String(r.bitrate), '-c:a', 'aac', '-b:a', '64k', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod',
        '-hls_segment_filename', path.join(dir, 'seg%03d.ts'), path.join(dir, 'index.m3u8')]);
      for (const file of fs.readdirSync(dir)) {
        await put(`${prefix}/hls/${r.name}/${file}`, path.join(dir, file), file.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl');
      }
      renditions.push({
        name: r.name,
        width: r.width,
        height: r.height,
        bandwidth: r.bitrate + 64_000,
        codecs: 'avc1.42c01e,mp4a.40.2',
        playlist: `${prefix}/hls/${r.name}/index.m3u8`,
      });
    }
    await put(`${prefix}/teaser.mp4`, clip, 'video/mp4');
    const teaser: StoredFile = {
      key: `${prefix}/teaser.mp4`,
      name: 'teaser.mp4',
      mimeType: 'video/mp4',
      size: fs.statSync(clip).size,
      duration: seconds,
      width: 640,
      height: 360,
    };
    return { hls: { duration: seconds, renditions }, teaser };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
