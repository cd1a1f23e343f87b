import { NOT_AN_IMAGE } from '../../lib/media/images.ts';
import { ANY_VIDEO, videoFormatOf } from '../../lib/media/video-files.ts';

export type UploadPurpose = 'video' | 'image';

/** How many first bytes decide what an upload is: its type is checked once this many have arrived (or all of it). */
export const HEAD_BYTES = 4096;

export const NOT_A_VIDEO_FILE = 'Only MP4, MOV, WebM and MKV videos can be uploaded.';

/** What the refusal of a purpose's wrong bytes says, and its code (the contract's error body). */
export const REFUSAL = {
  video: { code: 'NOT_A_VIDEO', message: NOT_A_VIDEO_FILE },
  image: { code: 'NOT_AN_IMAGE', message: NOT_AN_IMAGE },
} as const;

const ISO_IMAGE_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  hevc: 'image/heic',
  hevx: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};

/**
 * A picture's type from its magic bytes: JPEG, PNG, GIF, WebP, AVIF or HEIF/HEIC (ISO base media with a picture brand,
 * major or compatible). A magic-byte check, not a decode: the first bytes of a picture are all there is so far.
 */
export function imageTypeOf(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.toString('latin1', 0, 6))) return 'image/gif';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const major = ISO_IMAGE_BRANDS[data.toString('latin1', 8, 12)];
    if (major) return major;
    const end = Math.min(data.readUInt32BE(0), data.length, 256);
    for (let at = 16; at + 4 <= end; at += 4) {
      const brand = ISO_IMAGE_BRANDS[data.toString('latin1', at, at + 4)];
      if (brand) return brand;
    }
  }
  return null;
}

/** The type of an upload of this purpose from its first bytes, or null when they are not that. */
export function sniff(purpose: UploadPurpose, head: Buffer): string | null {
  return purpose === 'video' ? (videoFormatOf(head, ANY_VIDEO)?.mimeType ?? null) : imageTypeOf(head);
}
