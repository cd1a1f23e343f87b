/** A resized copy of a stored image. */
export interface ImageVariant {
  key: string;
  width: number;
  height: number;
  format: 'avif' | 'webp';
}

/** An image as the catalogue stores it: the re-encoded original, its derivatives and a small blurred preview. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  mimeType: string;
  size: number;
  variants: ImageVariant[];
  /** A tiny, server-blurred copy: all a viewer sees of a locked item. */
  previewKey: string;
}

/** Any other stored file (a video, a download). */
export interface StoredFile {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  /** Seconds, for audio and video. */
  duration?: number;
  width?: number;
  height?: number;
}
