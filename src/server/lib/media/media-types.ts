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

/** One HLS rendition (H.264/AAC) of a video: its playlist's storage key, next to its segments. */
export interface HlsRendition {
  /** e.g. `360p`. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, as the master playlist's BANDWIDTH. */
  bandwidth: number;
  /** RFC 6381 codecs, e.g. `avc1.4d401e,mp4a.40.2`. */
  codecs: string;
  /** Storage key of the media playlist, e.g. `videos/<id>/<run>/hls/360p/index.m3u8`; segments are beside it. */
  playlist: string;
}

/** The adaptive stream of a video, lowest rendition first. */
export interface HlsManifest {
  duration: number;
  renditions: HlsRendition[];
}

/** A sprite of frames taken every `interval` seconds, `columns` across, each `width`×`height`. */
export interface ThumbnailStrip {
  key: string;
  interval: number;
  count: number;
  columns: number;
  width: number;
  height: number;
}
