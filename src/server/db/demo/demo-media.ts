import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { storeImage, type RawPixels } from '../../lib/media/images.ts';
import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';
import { LocalStorage } from '../../lib/storage/local-storage.ts';
import { contentTypeOf, type Storage } from '../../lib/storage/storage.ts';
import { artwork, type ArtKind } from './art.ts';
import { progressTarget, step } from '../../lib/runtime/progress.ts';
import { CLIPS, DEMO_BANNERS, DEMO_GALLERIES, DEMO_POSTS, DEMO_PRODUCTS, DEMO_STORIES, DEMO_VIDEOS } from './catalogue-data.ts';

/** Every file the demo catalogue refers to, by item, in the order of catalogue-data.ts. */
export interface DemoMedia {
  videos: { thumbnail: StoredImage; video: StoredFile }[];
  galleries: { photos: StoredImage[] }[];
  stories: StoredImage[];
  posts: (StoredImage | null)[];
  products: { images: StoredImage[]; file: StoredFile | null }[];
  banners: StoredImage[];
}

const HERE = import.meta.dirname;
const CLIP_DIR = path.join(HERE, 'media');
const SOURCES = ['art.ts', 'catalogue-data.ts', 'demo-media.ts', '../../lib/media/images.ts'];

/** Changes whenever the artwork, the data, the image pipeline or the clips change. */
function sourceHash(): string {
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(fs.readFileSync(path.join(HERE, f)));
  for (const f of fs.readdirSync(CLIP_DIR).sort()) h.update(f).update(String(fs.statSync(path.join(CLIP_DIR, f)).size));
  return h.digest('hex').slice(0, 16);
}

/**
 * Where the demo media are cached: node_modules/.cache/tessera-demo-media, or DEMO_MEDIA_CACHE (bench/start.ts points
 * it at an empty folder to time a machine's first start without removing the cache other processes use).
 */
export const demoCacheRoot = (): string => path.resolve(process.env.DEMO_MEDIA_CACHE || path.join(HERE, '../../../../node_modules/.cache/tessera-demo-media'));

const pixels = async (image: Sharp): Promise<RawPixels> => {
  // The artwork is opaque: without its alpha channel every encoder has a quarter less to do (and AVIF no alpha plane).
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
};

const draw = (kind: ArtKind, seed: string, w: number, h: number) => pixels(sharp(Buffer.from(artwork(kind, seed, w, h))));

/** Runs `tasks` at most `limit` at a time; the results in the tasks' order (so the output never depends on timing). */
async function inPool<T>(tasks: (() => Promise<T>)[], limit: number, onDone: () => void): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Builds all demo media into `storage` (pictures with their derivatives, clips, downloads), the pictures a few at a time
 * (sharp works on libuv's threads: one picture per core keeps every core busy). Cached by loadDemoMedia.
 */
async function buildDemoMedia(storage: Storage, onProgress: (done: number, total: number) => void): Promise<DemoMedia> {
  const file = async (key: string, body: Buffer, name: string, extra: Partial<StoredFile> = {}): Promise<StoredFile> => {
    await storage.put(key, body, contentTypeOf(key));
    return { key, name, mimeType: contentTypeOf(key), size: body.length, ...extra };
  };
  // Every picture as a task, in the catalogue's order; each item below takes its pictures from the results by index.
  const tasks: (() => Promise<StoredImage>)[] = [];
  const picture = (make: () => Promise<RawPixels>, prefix: string) =>
    tasks.push(async () => storeImage(storage, await make(), `demo/${prefix}`, { fast: true })) - 1;
  const art = (kind: ArtKind, seed: string, w: number, h: number, prefix: string) => picture(() => draw(kind, seed, w, h), prefix);

  const posters = DEMO_VIDEOS.map((v, i) =>
    picture(
      () =>
        pixels(
          sharp(path.join(CLIP_DIR, `clip-${v.clip}.jpg`))
            .modulate({ hue: v.hue, saturation: 1.15 })
            .resize(1280, 720),
        ),
      `video-${i}-poster`,
    ),
  );
  const galleryPhotos = DEMO_GALLERIES.map((g, i) => {
    const [w, h] = g.portrait ? [1200, 1500] : [1600, 1067];
    return Array.from({ length: g.photos }, (_, p) => art(g.art, `${g.title}-${p}`, w, h, `gallery-${i}-photo-${p}`));
  });
  const storyCovers = DEMO_STORIES.map((s, i) => art(s.art, s.title, 1600, 900, `story-${i}`));
  const postImages = DEMO_POSTS.map((p, i) => (p.art ? art(p.art, p.title, 1600, 900, `post-${i}`) : null));
  const productImages = DEMO_PRODUCTS.map((p, i) => [
    art('product', p.name, 1200, 1200, `product-${i}-a`),
    art('abstract', `${p.name}-b`, 1200, 1200, `product-${i}-b`),
  ]);
  const bannerImages = DEMO_BANNERS.map((b, i) => art(b.art, b.title, 1920, 640, `banner-${i}`));

  let done = 0;
  onProgress(0, tasks.length);
  const stored = await inPool(tasks, Math.max(2, os.availableParallelism()), () => onProgress(++done, tasks.length));

  const videos: DemoMedia['videos'] = [];
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const clip = await fsp.readFile(path.join(CLIP_DIR, `clip-${v.clip}.webm`));
    videos.push({
      thumbnail: stored[posters[i]!]!,
      video: await file(`demo/video-${i}.webm`, clip, `video-${i}.webm`, { duration: CLIPS[v.clip].duration, width: 640, height: 360 }),
    });
  }
  const products: DemoMedia['products'] = [];
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    let download: StoredFile | null = null;
    if (p.file?.kind === 'wallpaper')
      download = await file(
        `demo/download-${i}.png`,
        await sharp(Buffer.from(artwork('landscape', p.name, 1920, 1080)))
          .png()
          .toBuffer(),
        p.file.name,
      );
    if (p.file?.kind === 'preset')
      download = await file(
        `demo/download-${i}.txt`,
        Buffer.from(`# ${p.name}\nexposure=+0.3\ncontrast=+12\nhighlights=-20\nshadows=+15\nvibrance=+10\n`),
        p.file.name,
      );
    products.push({ images: productImages[i]!.map((t) => stored[t]!), file: download });
  }
  return {
    videos,
    galleries: galleryPhotos.map((photos) => ({ photos: photos.map((t) => stored[t]!) })),
    stories: storyCovers.map((t) => stored[t]!),
    posts: postImages.map((t) => (t === null ? null : stored[t]!)),
    products,
    banners: bannerImages.map((t) => stored[t]!),
  };
}

async function* walk(dir: string, prefix = ''): AsyncGenerator<string> {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else yield `${prefix}${entry.name}`;
  }
}

/** The builds this process has under way, by cache folder (a start begins one early; the seed then waits for it). */
const building = new Map<string, Promise<string>>();

/** Builds the demo media into the cache folder unless it is there already (some seconds of sharp work, once per machine). */
export function ensureDemoMediaCache(cacheRoot = demoCacheRoot()): Promise<string> {
  const dir = path.join(cacheRoot, sourceHash());
  if (fs.existsSync(path.join(dir, 'manifest.json'))) return Promise.resolve(dir);
  let build = building.get(dir);
  if (!build) {
    build = buildCache(dir).finally(() => building.delete(dir));
    building.set(dir, build);
  }
  return build;
}

/**
 * Draws the pictures in a worker thread into a folder beside the cache, then moves it in place. In a thread of its own
 * the drawing goes on whatever the main thread does meanwhile: a start's PGlite makes its new database there, a long
 * piece of synchronous work that would otherwise hold the pictures up until it ends.
 */
async function buildCache(dir: string): Promise<string> {
  const tmp = `${dir}.${process.pid}.tmp`;
  await fsp.rm(tmp, { recursive: true, force: true });
  const label = 'Drawing the demo pictures (once on this machine)';
  // Its counter is written by the drawing thread itself: the main thread may be too busy to print it (threadProgress).
  const drawing = step(label);
  try {
    const worker = new Worker(new URL('./draw-worker.ts', import.meta.url), { workerData: { folder: tmp, label, progress: progressTarget() } });
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`drawing the demo pictures stopped (exit ${code})`))));
    });
  } catch (err) {
    drawing.fail();
    await fsp.rm(tmp, { recursive: true, force: true });
    throw err;
  }
  drawing.done();
  // Another process may have finished first; either copy is good.
  await fsp.rename(tmp, dir).catch(() => fsp.rm(tmp, { recursive: true, force: true }));
  return dir;
}

/** Draws every demo picture, with its files, into `folder` (files/ and manifest.json); the drawing thread's work. */
export async function drawDemoMedia(folder: string, onProgress: (done: number, total: number) => void): Promise<void> {
  const manifest = await buildDemoMedia(new LocalStorage(path.join(folder, 'files')), onProgress);
  await fsp.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
}

/** The demo media in `target`, copied from the cache (built first when missing), a few files at a time. */
export async function loadDemoMedia(target: Storage, cacheRoot = demoCacheRoot()): Promise<DemoMedia> {
  const dir = await ensureDemoMediaCache(cacheRoot);
  const files = path.join(dir, 'files');
  const keys: string[] = [];
  for await (const key of walk(files)) keys.push(key);
  const copies = keys.map((key) => () => target.putFile(key, path.join(files, key), contentTypeOf(key)));
  await inPool(copies, 8, () => {});
  return JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as DemoMedia;
}
