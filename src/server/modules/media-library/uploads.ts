import { buffer } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AdminMedia, UploadPurpose } from '../../../shared/admin/resource.ts';
import { badRequest } from '../../errors.ts';
import { NOT_AN_IMAGE, reencodeImage, shareKey, storeImage } from '../../lib/media/images.ts';
import { publicMediaKey, publicMediaUrl } from '../../lib/media/public-media.ts';
import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';
import type { UploadedFile } from '../../lib/http/multipart.ts';
import type { MediaSigner } from '../../lib/media/signed-url.ts';
import { contentTypeOf, type Storage } from '../../lib/storage/storage.ts';
import { safeFileName } from '../../lib/text/slug.ts';
import { videoDurationOf, videoFormatOf } from '../../lib/media/video-files.ts';
import type { Tx } from '../../db/client.ts';
import { recordMediaAsset, type MediaAssetRow } from './media-library.repository.ts';

/** How long an upload's reference may be used in a form before it must be sent again. */
const REF_TTL_SECONDS = 24 * 3600;
/** The widest a picture in a text is kept (the reading column is 760 px: twice that for dense screens). */
const TEXT_IMAGE_WIDTH = 1600;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);
export const NOT_A_VIDEO = 'Only MP4 and WebM videos can be uploaded.';

type Stored = { purpose: 'image'; image: StoredImage } | { purpose: 'video' | 'download'; file: StoredFile };

/**
 * The back office's uploads. A file is stored at once (images through the catalogue's image work: re-encoded,
 * derivatives, blurred preview), and the answer carries a signed reference to it that a create or a change then
 * sends in the item's field; the server reads the stored file's description back from the reference, and a reference
 * cannot be made up or altered (it names storage keys). Every stored file is also kept in the media library
 * (modules/media-library), which owns its files from then on; `pick` signs a reference to one of its files.
 */
export class AdminUploads {
  private readonly storage: Storage;
  private readonly signer: MediaSigner;
  private readonly db: Tx;
  constructor(storage: Storage, signer: MediaSigner, db: Tx) {
    this.storage = storage;
    this.signer = signer;
    this.db = db;
  }

  /**
   * Stores an upload of the purpose given and keeps it in the media library (named after its file, `uploadedBy`);
   * 400 (`NOT_AN_IMAGE`, or a video's own words) when its bytes are not that. A rich text's picture is kept apart, at
   * a stable public address (not yet in the library).
   */
  async store(purpose: UploadPurpose, upload: UploadedFile, uploadedBy: string | null): Promise<AdminMedia> {
    if (purpose === 'text-image') return this.storeTextImage(upload.data);
    const stored = await this.put(purpose, upload);
    const name = upload.filename.slice(0, 200);
    if (stored.purpose === 'image') await this.recordImage(stored.image, name, uploadedBy);
    else await recordMediaAsset(this.db, { kind: stored.purpose === 'video' ? 'video' : 'file', name, stored: stored.file, uploadedBy });
    return this.describe(stored, this.sign(stored));
  }

  /** Keeps a stored picture in the media library. */
  recordImage(image: StoredImage, name: string, uploadedBy: string | null): Promise<void> {
    return recordMediaAsset(this.db, { kind: 'image', name, stored: image, uploadedBy });
  }

  /** A library file as a fresh upload of its kind: the reference a form sends to use it (a picture, video or download field). */
  pick(asset: MediaAssetRow): AdminMedia {
    const stored: Stored =
      asset.kind === 'image'
        ? { purpose: 'image', image: asset.stored as StoredImage }
        : { purpose: asset.kind === 'video' ? 'video' : 'download', file: asset.stored as StoredFile };
    return this.describe(stored, this.sign(stored));
  }

  /** How the library shows one of its files: a picture's preview, a video's link, a download's name (no link). */
  assetMedia(asset: MediaAssetRow): AdminMedia {
    return asset.kind === 'image'
      ? this.imageMedia(asset.stored as StoredImage)
      : this.fileMedia(asset.stored as StoredFile, asset.kind === 'video' ? 'video' : 'download');
  }

  /**
   * A picture for a rich text: re-encoded (WebP, at most 1600 px wide, metadata stripped) under the public media prefix,
   * so its address is stable and needs no signature; the text keeps that address (`ref` and `url` are both it).
   */
  /** A stored picture (a library file's original) copied for a rich text, as `storeTextImage` keeps an upload. */
  async textImageOf(key: string): Promise<AdminMedia> {
    return this.storeTextImage(await buffer(await this.storage.read(key)));
  }

  private async storeTextImage(data: Buffer): Promise<AdminMedia> {
    const picture = await reencodeImage(data, TEXT_IMAGE_WIDTH, null);
    const key = publicMediaKey('text', 'webp');
    await this.storage.put(key, picture.data, 'image/webp');
    const url = publicMediaUrl(key);
    return { ref: url, url, width: picture.width, height: picture.height, mimeType: 'image/webp', size: picture.data.length };
  }

  /** Stores a picture through the catalogue's image work; 400 `NOT_AN_IMAGE` when sharp cannot read it as one. */
  async storeImage(data: Buffer): Promise<StoredImage> {
    const format = await sharp(data)
      .metadata()
      .then((m) => m.format)
      .catch(() => undefined);
    if (!format || !IMAGE_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE');
    return storeImage(this.storage, data, `img/${randomUUID()}`).catch(() => {
      throw badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE');
    });
  }

  /**
   * Removes a library file's files from storage, as far as they exist: a picture's original, derivatives, preview and
   * share renditions; a video's or download's one file.
   */
  async removeFiles(asset: MediaAssetRow): Promise<void> {
    const image = asset.kind === 'image' ? (asset.stored as StoredImage) : null;
    const keys = image ? [image.key, image.previewKey, ...image.variants.map((v) => v.key), shareKey(image, false), shareKey(image, true)] : [asset.key];
    await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => {})));
  }

  private async put(purpose: Exclude<UploadPurpose, 'text-image'>, upload: UploadedFile): Promise<Stored> {
    const id = randomUUID();
    if (purpose === 'image') return { purpose, image: await this.storeImage(upload.data) };
    if (purpose === 'video') {
      const format = videoFormatOf(upload.data);
      if (!format) throw badRequest(NOT_A_VIDEO, 'NOT_A_VIDEO');
      const key = `videos/${id}/video.${format.ext}`;
      await this.storage.put(key, upload.data, format.mimeType);
      const duration = videoDurationOf(upload.data, format);
      return {
        purpose,
        file: { key, name: upload.filename.slice(0, 200), mimeType: format.mimeType, size: upload.data.length, ...(duration ? { duration } : {}) },
      };
    }
    const key = `downloads/${id}/${safeFileName(upload.filename)}`;
    const mimeType = contentTypeOf(key);
    await this.storage.put(key, upload.data, mimeType);
    return { purpose, file: { key, name: upload.filename.slice(0, 200), mimeType, size: upload.data.length } };
  }

  private sign(stored: Stored): string {
    const body = Buffer.from(JSON.stringify(stored)).toString('base64url');
    const { e, s } = Object.fromEntries(this.signer.params(`admin-upload:${body}`, { ttlSeconds: REF_TTL_SECONDS })) as { e: string; s: string };
    return `up.${body}.${e}.${s}`;
  }

  private read(ref: string): Stored | null {
    const [tag, body, e, s, ...rest] = ref.split('.');
    if (tag !== 'up' || !body || !e || !s || rest.length) return null;
    if (this.signer.verify(`admin-upload:${body}`, { e, s }) !== 'ok') return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Stored;
    } catch {
      return null;
    }
  }

  /** A signed link to a stored file the back office shows as it is (a video's thumbnail strip). */
  link(key: string): string {
    return this.signer.url(key);
  }

  /** The image an upload reference names, or null when it names none (made up, altered, expired, or not an image). */
  image(ref: string): StoredImage | null {
    const stored = this.read(ref);
    return stored?.purpose === 'image' ? stored.image : null;
  }

  /** The file an upload reference of that purpose names, or null. */
  file(ref: string, purpose: 'video' | 'download'): StoredFile | null {
    const stored = this.read(ref);
    return stored && stored.purpose === purpose ? stored.file : null;
  }

  /** How the back office shows a stored image: a small preview, its size; `ref` is its key (images are not secret). */
  imageMedia(image: StoredImage): AdminMedia {
    return this.describe({ purpose: 'image', image }, image.key);
  }

  /** How the back office shows a stored file: name, type and size, never its key (`ref` says "the current one"). */
  fileMedia(file: StoredFile, purpose: 'video' | 'download'): AdminMedia {
    return this.describe({ purpose, file }, CURRENT_FILE);
  }

  private describe(stored: Stored, ref: string): AdminMedia {
    if (stored.purpose === 'image') {
      const { image } = stored;
      const preview = image.variants.find((v) => v.format === 'webp') ?? null;
      return { ref, url: this.signer.url(preview?.key ?? image.key), width: image.width, height: image.height, mimeType: image.mimeType, size: image.size };
    }
    const { file } = stored;
    return {
      ref,
      // A video can be watched from the back office; a download's key stays on the server.
      url: stored.purpose === 'video' && file.key ? this.signer.url(file.key) : null,
      name: file.name,
      mimeType: file.mimeType,
      size: file.size,
    };
  }
}

/** The reference of the file an item already has: sending it back changes nothing. */
export const CURRENT_FILE = 'current';
