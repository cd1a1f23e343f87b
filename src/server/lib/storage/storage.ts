import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Byte range, both ends inclusive (as in HTTP). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where media files live. Keys are relative paths such as `img/<id>/w640.webp`; they never escape the root. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a local file (streamed: it may be gigabytes). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}

const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/){0,8}[a-z0-9][a-z0-9._-]*$/i;

/** A storage key: relative, no `.`/`..` segments, no backslashes or empty segments. */
export const isValidKey = (key: string): boolean => key.length <= 300 && KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..');

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
};

export const contentTypeOf = (key: string): string => TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
