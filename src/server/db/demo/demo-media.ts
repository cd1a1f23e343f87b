import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage } from '../../lib/images.ts';
import type { StoredFile, StoredImage } from '../../lib/media-types.ts';
import { LocalStorage } from '../../lib/storage/local-storage.ts';
import { contentTypeOf, type Storage } from '../../lib/storage/storage.ts';
import { artwork, type ArtKind } from './art.ts';
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
const SOURCES = ['art.ts', 'catalogue-data.ts', 'demo-media.ts', '../../lib/images.ts'];

/** Changes whenever the artwork, the data, the image pipeline or the clips change. */
function sourceHash(): string {
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(fs.readFileSync(path.join(HERE, f)));
  for (const f of fs.readdirSync(CLIP_DIR).sort()) h.update(f).update(String(fs.statSync(path.join(CLIP_DIR, f)).size));
  return h.digest('hex').slice(0, 16);
}

const defaultCacheRoot = () => path.resolve(HERE, '../../../../node_modules/.cache/tessera-demo-media');

const render = (kind: ArtKind, seed: string, w: number, h: number) =>
  sharp(Buffer.from(artwork(kind, seed, w, h)))
    .png()
    .toBuffer();

/** Builds all demo media into `storage` (sharp derivatives, clips, downloads). Takes a while: cached by loadDemoMedia. */
async function buildDemoMedia(storage: Storage): Promise<DemoMedia> {
  const image = async (buffer: Promise<Buffer> | Buffer, prefix: string) => storeImage(storage, await buffer, `demo/${prefix}`);
  const file = async (key: string, body: Buffer, name: string, extra: Partial<StoredFile> = {}): Promise<StoredFile> => {
    await storage.put(key, body, contentTypeOf(key));
    return { key, name, mimeType: contentTypeOf(key), size: body.length, ...extra };
  };

  const videos: DemoMedia['videos'] = [];
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const poster = sharp(path.join(CLIP_DIR, `clip-${v.clip}.jpg`))
      .modulate({ hue: v.hue, saturation: 1.15 })
      .resize(1280, 720)
      .jpeg()
      .toBuffer();
    const clip = await fsp.readFile(path.join(CLIP_DIR, `clip-${v.clip}.webm`));
    videos.push({
      thumbnail: await image(poster, `video-${i}-poster`),
      video: await file(`demo/video-${i}.webm`, clip, `video-${i}.webm`, { duration: CLIPS[v.clip].duration, width: 640, height: 360 }),
    });
  }
  const galleries: DemoMedia['galleries'] = [];
  for (const [i, g] of DEMO_GALLERIES.entries()) {
    const [w, h] = g.portrait ? [1200, 1500] : [1600, 1067];
    const photos: StoredImage[] = [];
    for (let p = 0; p < g.photos; p++) photos.push(await image(render(g.art, `${g.title}-${p}`, w, h), `gallery-${i}-photo-${p}`));
    galleries.push({ photos });
  }
  const stories: StoredImage[] = [];
  for (const [i, s] of DEMO_STORIES.entries()) stories.push(await image(render(s.art, s.title, 1600, 900), `story-${i}`));
  const posts: DemoMedia['posts'] = [];
  for (const [i, p] of DEMO_POSTS.entries()) posts.push(p.art ? await image(render(p.art, p.title, 1600, 900), `post-${i}`) : null);
  const products: DemoMedia['products'] = [];
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const images = [
      await image(render('product', p.name, 1200, 1200), `product-${i}-a`),
      await image(render('abstract', `${p.name}-b`, 1200, 1200), `product-${i}-b`),
    ];
    let stored: StoredFile | null = null;
    if (p.file?.kind === 'wallpaper') stored = await file(`demo/download-${i}.png`, await render('landscape', p.name, 1920, 1080), p.file.name);
    if (p.file?.kind === 'preset')
      stored = await file(
        `demo/download-${i}.txt`,
        Buffer.from(`# ${p.name}\nexposure=+0.3\ncontrast=+12\nhighlights=-20\nshadows=+15\nvibrance=+10\n`),
        p.file.name,
      );
    products.push({ images, file: stored });
  }
  const banners: StoredImage[] = [];
  for (const [i, b] of DEMO_BANNERS.entries()) banners.push(await image(render(b.art, b.title, 1920, 640), `banner-${i}`));
  return { videos, galleries, stories, posts, products, banners };
}

async function* walk(dir: string, prefix = ''): AsyncGenerator<string> {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else yield `${prefix}${entry.name}`;
  }
}

/** Builds the demo media into the cache folder unless it is there already (a minute of sharp work, once per machine). */
export async function ensureDemoMediaCache(cacheRoot = defaultCacheRoot()): Promise<string> {
  const dir = path.join(cacheRoot, sourceHash());
  if (fs.existsSync(path.join(dir, 'manifest.json'))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  await fsp.rm(tmp, { recursive: true, force: true });
  const manifest = await buildDemoMedia(new LocalStorage(path.join(tmp, 'files')));
  await fsp.writeFile(path.join(tmp, 'manifest.json'), JSON.stringify(manifest));
  // Another process may have finished first; either copy is good.
  await fsp.rename(tmp, dir).catch(() => fsp.rm(tmp, { recursive: true, force: true }));
  return dir;
}

/** The demo media in `target`, copied from the cache (built first when missing). */
export async function loadDemoMedia(target: Storage, cacheRoot = defaultCacheRoot()): Promise<DemoMedia> {
  const dir = await ensureDemoMediaCache(cacheRoot);
  const files = path.join(dir, 'files');
  for await (const key of walk(files)) await target.put(key, await fsp.readFile(path.join(files, key)), contentTypeOf(key));
  return JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as DemoMedia;
}
