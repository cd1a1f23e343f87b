import type { StoredFile, StoredImage } from '../../lib/media-types.ts';
import type { MediaSigner } from '../../lib/signed-url.ts';
import type { ImageRef, MediaFile } from '../../../shared/contracts/media.ts';

/** Turns stored media into what a viewer may see: signed links to the real files, or only the blurred preview. */
export class MediaView {
  private readonly signer: MediaSigner;
  constructor(signer: MediaSigner) {
    this.signer = signer;
  }

  image(stored: StoredImage, locked: boolean): ImageRef {
    if (locked) {
      const preview = this.signer.url(stored.previewKey);
      return { url: preview, thumbnails: [preview], sources: [], width: stored.width, height: stored.height, locked: true };
    }
    const sources = stored.variants.map((v) => ({ url: this.signer.url(v.key), width: v.width, height: v.height, format: v.format }));
    const webp = sources.filter((s) => s.format === 'webp').map((s) => s.url);
    return { url: this.signer.url(stored.key), thumbnails: webp, sources, width: stored.width, height: stored.height, locked: false };
  }

  file(stored: StoredFile, allowed: boolean): MediaFile {
    return {
      url: allowed ? this.signer.url(stored.key) : null,
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
