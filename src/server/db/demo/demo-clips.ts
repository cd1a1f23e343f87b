import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { categories, videos } from '../schema.ts';
import { FFMPEG } from '../../lib/media/binaries.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { step } from '../../lib/runtime/progress.ts';
import { demoCacheRoot } from './demo-media.ts';

/**
 * Two real clips for the demo (8 s, 720p H.264/AAC, made with ffmpeg's own sources at the first start on a machine and
 * cached beside the demo pictures). They are seeded as new uploads would be, `processing`, with no poster: the media
 * pipeline then makes their renditions, poster, thumbnail strip and (the priced one) teaser, as for any upload.
 */
export interface DemoClip {
  title: string;
  description: string;
  tags: string[];
  categories: string[];
  price: number;
  /** ffmpeg's lavfi inputs: the picture, then the sound. */
  picture: string;
  sound: string;
}

const SECONDS = 8;
const SIZE = '1280x720';

export const DEMO_CLIPS: DemoClip[] = [
  {
    title: 'Cellular Bloom',
    description: 'A field of cells lives, blooms and fades by the rules of the Game of Life, in full HD colour and sound.',
    tags: ['generative', 'life', 'hd'],
    categories: ['workshops'],
    price: 0,
    picture: `life=size=320x180:rate=24:ratio=0.2:death_color=#0f172a:life_color=#7dd3fc:mold=12:mold_color=#4c1d95,scale=${SIZE}:flags=neighbor`,
    sound: 'sine=frequency=330:sample_rate=48000',
  },
  {
    title: 'Test Pattern Symphony',
    description: 'The broadcast test card, moving, with its tone: a premium study in signal and colour. Watch the preview first.',
    tags: ['pattern', 'broadcast', 'hd'],
    categories: ['workshops'],
    price: 35,
    picture: `testsrc2=size=${SIZE}:rate=24`,
    sound: 'sine=frequency=523.25:sample_rate=48000',
  },
];

/** The cache folder of this set of clips (a new one whenever their recipe changes). */
function cacheDir(cacheRoot: string): string {
  const recipe = createHash('sha256')
    .update(JSON.stringify([SECONDS, SIZE, DEMO_CLIPS.map((c) => [c.picture, c.sound])]))
    .digest('hex');
  return path.join(cacheRoot, `clips-${recipe.slice(0, 16)}`);
}

/** Makes one clip with ffmpeg, reporting its progress in percent. */
function makeClip(clip: DemoClip, file: string, n: number, print: (detail: string) => void): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', clip.picture, '-f', 'lavfi', '-i', clip.sound];
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k');
  args.push('-t', String(SECONDS), '-movflags', '+faststart', '-progress', 'pipe:1', file);
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let shown = -1;
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d: Buffer) => {
      const us = /out_time_(?:us|ms)=(\d+)/.exec(String(d).split('\n').reverse().join('\n'))?.[1];
      const percent = us ? Math.min(100, Math.floor(Number(us) / 1e4 / SECONDS)) : shown;
      if (percent >= shown + 25) print(`${n} of ${DEMO_CLIPS.length} (${clip.title}): ${(shown = percent)}%`);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not make a demo clip: ${err.trim().slice(-500)}`));
      if (shown < 100) print(`${n} of ${DEMO_CLIPS.length} (${clip.title}): 100%`);
      resolve();
    });
  });
}

/**
 * The clips' files, made once per machine (a few seconds of ffmpeg work, a progress line of the start's) and then read
 * from the cache.
 */
export async function ensureDemoClips(cacheRoot = demoCacheRoot()): Promise<string[]> {
  const dir = cacheDir(cacheRoot);
  const files = DEMO_CLIPS.map((_, i) => path.join(dir, `clip-${i}.mp4`));
  if (files.every((f) => fs.existsSync(f))) return files;
  const tmp = `${dir}.${process.pid}.tmp`;
  await fsp.rm(tmp, { recursive: true, force: true });
  await fsp.mkdir(tmp, { recursive: true });
  const making = step('Making the demo video clips (once on this machine)', { announce: true });
  try {
    for (const [i, clip] of DEMO_CLIPS.entries()) await makeClip(clip, path.join(tmp, `clip-${i}.mp4`), i + 1, (detail) => making.update(detail));
  } catch (err) {
    making.fail();
    throw err;
  }
  making.done();
  // Another process may have finished first; either copy is good.
  await fsp.rename(tmp, dir).catch(() => fsp.rm(tmp, { recursive: true, force: true }));
  return files;
}

/** Inserts the demo clips as videos waiting for the media pipeline (which the server queues when it starts). */
export async function seedDemoClips(db: Tx, storage: Storage, { cacheRoot = demoCacheRoot(), now = Date.now() } = {}): Promise<void> {
  const files = await ensureDemoClips(cacheRoot);
  const found = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...new Set(DEMO_CLIPS.flatMap((c) => c.categories)), '']));
  const rows = [];
  for (const [i, clip] of DEMO_CLIPS.entries()) {
    const key = `demo/clip-${i}/source.mp4`;
    await storage.putFile(key, files[i]!, 'video/mp4');
    const { size } = await fsp.stat(files[i]!);
    const at = new Date(now - i * 60_000);
    rows.push({
      slug: slugify(clip.title),
      title: clip.title,
      description: clip.description,
      tags: clip.tags,
      categoryIds: clip.categories.map((s) => found.find((c) => c.slug === s)?.id).filter((id): id is string => Boolean(id)),
      thumbnail: null,
      video: { key, name: `${slugify(clip.title)}.mp4`, mimeType: 'video/mp4', size, duration: SECONDS, width: 1280, height: 720 },
      mediaState: 'processing' as const,
      mediaStep: 'Waiting for its turn',
      isSale: clip.price > 0,
      price: clip.price,
      teaserStart: 2,
      createdAt: at,
      updatedAt: at,
    });
  }
  await db.insert(videos).values(rows).onConflictDoNothing();
}
