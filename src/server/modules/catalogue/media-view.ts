import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';
import type { MediaSigner } from '../../lib/media/signed-url.ts';
import type { ImageRef, MediaFile } from '../../../shared/contracts/media.ts';

/** Turns stored media into what a viewer may see: signed links to the real files, or only the blurred preview. */
export class MediaView {
  private readonly signer: MediaSigner;
  /**
   * The links signed during the current second, by storage key. A link is the same for every request of a second (its
   * expiry is rounded up to a whole step), and every list request signs the same few covers again: one HMAC each.
   */
  private readonly signed = new Map<string, string>();
  private signedSecond = -1;
  constructor(signer: MediaSigner) {
    this.signer = signer;
  }

  /** The signed link to a stored file with the default lifetime (see `signed`). */
  private link(key: string): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.signedSecond) {
      this.signed.clear();
      this.signedSecond = second;
    }
    let url = this.signed.get(key);
    if (url === undefined) this.signed.set(key, (url = this.signer.url(key)));
    return url;
  }

  image(stored: StoredImage, locked: boolean): ImageRef {
    if (locked) {
      const preview = this.link(stored.previewKey);
      return { url: preview, thumbnails: [preview], sources: [], width: stored.width, height: stored.height, locked: true };
    }
    const sources = stored.variants.map((v) => ({ url: this.link(v.key), width: v.width, height: v.height, format: v.format }));
    const webp = sources.filter((s) => s.format === 'webp').map((s) => s.url);
    return { url: this.link(stored.key), thumbnails: webp, sources, width: stored.width, height: stored.height, locked: false };
  }

  file(stored: StoredFile, allowed: boolean): MediaFile {
    return {
      url: allowed ? this.link(stored.key) : null,
      duration: stored.duration ?? null,
      width: stored.width ?? null,
      height: stored.height ?? null,
      mimeType: stored.mimeType,
    };
  }

  /** A signed download link (Content-Disposition: attachment) valid for `ttlSeconds`. */
  download(stored: StoredFile, ttlSeconds: number): string {
    return this.signer.url(stored.key, { ttlSeconds, download: stored.name });
  }
}
