import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { ImageVariant, StoredImage } from './media-types.ts';
import type { Storage } from '../storage/storage.ts';
import { badRequest } from '../../errors.ts';
import { SHARE_IMAGE } from '../../../shared/routes.ts';

/** Widths of the derivatives (each in AVIF and WebP); pages pick one through srcset. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The stored original is re-encoded (metadata stripped) and at most this wide. */
const MAX_WIDTH = 2048;
/** The blurred preview of a locked item: tiny, blurred on the server, scaled up by the page. */
const PREVIEW_WIDTH = 48;

/** Decoded pixels (sharp's `raw` output): a picture drawn once, stored without being encoded and decoded again. */
export interface RawPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Stores an uploaded or generated image: the re-encoded original (JPEG), AVIF and WebP derivatives at fixed widths
 * (never wider than the original), and a small blurred preview. Returns what the catalogue keeps about it. `fast`: the
 * encoders' quick settings (plain JPEG, AVIF effort 1, WebP effort 2), for the demo's flat artwork, drawn on a
 * machine's first start, where they look the same.
 */
export async function storeImage(
  storage: Storage,
  input: Buffer | RawPixels,
  prefix = `img/${randomUUID()}`,
  { fast = false }: { fast?: boolean } = {},
): Promise<StoredImage> {
  const base = Buffer.isBuffer(input) ? sharp(input, { failOn: 'error' }).rotate() : sharp(input.data, { raw: input.info });
  const original = await base
    .clone()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 84, mozjpeg: !fast })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  const widths: number[] = fitting.length ? fitting : [width];

  const variants: ImageVariant[] = [];
  const writes: Promise<void>[] = [storage.put(`${prefix}/original.jpg`, original.data, 'image/jpeg')];
  for (const w of widths) {
    const resized = base.clone().resize({ width: w });
    const h = Math.round((height * w) / width);
    const [avif, webp] = await Promise.all([
      resized
        .clone()
        .avif({ quality: 52, effort: fast ? 1 : 2 })
        .toBuffer(),
      resized
        .clone()
        .webp({ quality: 76, ...(fast ? { effort: 2 } : {}) })
        .toBuffer(),
    ]);
    variants.push({ key: `${prefix}/w${w}.avif`, width: w, height: h, format: 'avif' }, { key: `${prefix}/w${w}.webp`, width: w, height: h, format: 'webp' });
    writes.push(storage.put(`${prefix}/w${w}.avif`, avif, 'image/avif'), storage.put(`${prefix}/w${w}.webp`, webp, 'image/webp'));
  }
  const preview = await base.clone().resize({ width: PREVIEW_WIDTH }).blur(1.6).webp({ quality: 45 }).toBuffer();
  writes.push(storage.put(`${prefix}/preview.webp`, preview, 'image/webp'));
  await Promise.all(writes);
  return { key: `${prefix}/original.jpg`, width, height, mimeType: 'image/jpeg', size: original.data.length, variants, previewKey: `${prefix}/preview.webp` };
}

/** Where the share renditions of a stored image live: beside its other files (`share.jpg`, `share-locked.jpg`). */
export function shareKey(stored: Pick<StoredImage, 'key'>, locked: boolean): string {
  const folder = stored.key.slice(0, stored.key.lastIndexOf('/') + 1);
  return `${folder}${locked ? 'share-locked.jpg' : 'share.jpg'}`;
}

/** Side of the copy a locked share picture is made from: nothing finer than this survives (less than the 48 px preview). */
const LOCKED_SHARE_SOURCE = 32;

/** The picture reduced to a colour wash: scaled down to a few pixels, back up to the share size, and blurred. */
async function colourWash(input: Buffer): Promise<Sharp> {
  const { width, height } = SHARE_IMAGE;
  const tiny = await sharp(input)
    .resize(LOCKED_SHARE_SOURCE, Math.round((LOCKED_SHARE_SOURCE * height) / width), { fit: 'cover' })
    .flatten({ background: '#000000' })
    .png()
    .toBuffer();
  return sharp(tiny).resize(width, height, { kernel: 'cubic' }).blur(14);
}

/**
 * The share rendition of an image (og:image, twitter:image, JSON-LD), a 1200×630 JPEG: the size link previews show
 * uncropped. Open: the whole picture, fitted, over a colour wash of itself (a portrait or square picture is not cut).
 * Locked: the colour wash alone, made from a 32 px copy, so that nothing of a paid picture can be recovered from it.
 */
export async function renderShareImage(input: Buffer, locked: boolean): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const jpeg = { quality: 82, mozjpeg: true } as const;
  const wash = await colourWash(input);
  if (locked) return wash.jpeg(jpeg).toBuffer();
  const fitted = await sharp(input).resize(width, height, { fit: 'inside' }).flatten({ background: '#000000' }).toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = fitted.info;
  return wash
    .composite([{ input: fitted.data, left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2) }])
    .jpeg(jpeg)
    .toBuffer();
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);
export const NOT_AN_IMAGE = 'Only images can be uploaded (JPEG, PNG, WebP, AVIF or GIF).';

/**
 * Re-encodes an upload (metadata stripped) to WebP of a fixed size, or with `opts` another format (PNG for a favicon,
 * JPEG for a share picture) or a fit inside the box; 400 when it is not an image sharp can read.
 */
export async function reencodeImage(
  input: Buffer,
  width: number,
  height: number | null,
  opts: { fit?: 'cover' | 'inside'; format?: 'webp' | 'png' | 'jpeg' } = {},
): Promise<{ data: Buffer; width: number; height: number }> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE');
  const fit = opts.fit ?? 'cover';
  const resized = sharp(input, { failOn: 'error', animated: false })
    .rotate()
    .resize(height ? { width, height, fit, ...(fit === 'inside' ? { withoutEnlargement: true } : {}) } : { width, withoutEnlargement: true });
  const encoded =
    opts.format === 'png'
      ? resized.png()
      : opts.format === 'jpeg'
        ? resized.flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true })
        : resized.webp({ quality: 82 });
  const out = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE');
  });
  return { data: out.data, width: out.info.width, height: out.info.height };
}
