/**
 * What a video upload is, judged by its bytes rather than its name or the browser's type: MP4 (ISO base media with a
 * video brand), MOV (QuickTime, brand `qt  `), WebM (EBML with the `webm` document type) or another Matroska file.
 * AVIF and HEIC pictures are ISO base media files too, so the brand matters. The one-piece uploads keep to the two
 * formats every current browser plays (the default); the resumable uploads feed the media pipeline, which takes all four.
 */
export type VideoFormat =
  | { ext: 'mp4'; mimeType: 'video/mp4' }
  | { ext: 'mov'; mimeType: 'video/quicktime' }
  | { ext: 'webm'; mimeType: 'video/webm' }
  | { ext: 'mkv'; mimeType: 'video/x-matroska' };
export type VideoExt = VideoFormat['ext'];

/** What `videoFormatOf` accepts unless told otherwise: the formats browsers play as they are. */
export const BROWSER_VIDEO: readonly VideoExt[] = ['mp4', 'webm'];
export const ANY_VIDEO: readonly VideoExt[] = ['mp4', 'mov', 'webm', 'mkv'];

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4', 'f4v ']);
/** Brands of pictures in an ISO base media file (AVIF, HEIF/HEIC): never a video, whatever else they list. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'miaf']);

const FORMATS: Record<VideoExt, VideoFormat> = {
  mp4: { ext: 'mp4', mimeType: 'video/mp4' },
  mov: { ext: 'mov', mimeType: 'video/quicktime' },
  webm: { ext: 'webm', mimeType: 'video/webm' },
  mkv: { ext: 'mkv', mimeType: 'video/x-matroska' },
};

/** The container its first bytes (a few dozen are enough, 4 KiB is plenty) show, among `accept`; else null. */
export function videoFormatOf(data: Buffer, accept: readonly VideoExt[] = BROWSER_VIDEO): VideoFormat | null {
  const ext = containerOf(data);
  return ext && accept.includes(ext) ? FORMATS[ext] : null;
}

function containerOf(data: Buffer): VideoExt | null {
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const major = data.toString('latin1', 8, 12);
    if (major === 'qt  ') return 'mov';
    if (MP4_BRANDS.has(major)) return 'mp4';
    if (IMAGE_BRANDS.has(major)) return null;
    // An unusual major brand: the compatible brands (after the minor version) decide, a picture's brand refuses.
    const size = Math.min(data.readUInt32BE(0), data.length, 256);
    const brands: string[] = [];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(data.toString('latin1', at, at + 4));
    if (brands.some((b) => IMAGE_BRANDS.has(b))) return null;
    if (brands.includes('qt  ')) return 'mov';
    return brands.some((b) => MP4_BRANDS.has(b)) ? 'mp4' : null;
  }
  if (data.length >= 16 && data.readUInt32BE(0) === 0x1a45dfa3) {
    // The EBML header (its first few dozen bytes) names the document type.
    const header = data.subarray(0, 64);
    if (header.includes('webm', 0, 'latin1')) return 'webm';
    if (header.includes('matroska', 0, 'latin1')) return 'mkv';
  }
  return null;
}

/** The length in seconds, when the file says it where it is cheap to read (MP4/MOV `mvhd`, WebM/MKV `Duration`); else undefined. */
export function videoDurationOf(data: Buffer, format: VideoFormat): number | undefined {
  const seconds = format.ext === 'mp4' || format.ext === 'mov' ? mp4Duration(data) : webmDuration(data);
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 && seconds < 86_400 * 7 ? Math.round(seconds * 1000) / 1000 : undefined;
}

/** The top-level boxes, then `moov` → `mvhd` (version 0 or 1): duration / timescale. */
function mp4Duration(data: Buffer): number | undefined {
  const box = (from: number, to: number, type: string): [number, number] | null => {
    for (let at = from; at + 8 <= to;) {
      let size = data.readUInt32BE(at);
      let header = 8;
      if (size === 1 && at + 16 <= to) {
        size = Number(data.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header) return null;
      if (data.toString('latin1', at + 4, at + 8) === type) return [at + header, Math.min(at + size, to)];
      at += size;
    }
    return null;
  };
  const moov = box(0, data.length, 'moov');
  const mvhd = moov && box(moov[0], moov[1], 'mvhd');
  if (!mvhd) return undefined;
  const [at, end] = mvhd;
  const version = data[at];
  if (version === 1 && at + 32 <= end) return Number(data.readBigUInt64BE(at + 24)) / data.readUInt32BE(at + 20);
  if (version === 0 && at + 20 <= end) return data.readUInt32BE(at + 16) / data.readUInt32BE(at + 12);
  return undefined;
}

/** Segment → Info → `Duration` (ID 0x4489, a float in `TimecodeScale` units, by default milliseconds), near the start. */
function webmDuration(data: Buffer): number | undefined {
  const head = data.subarray(0, 8192);
  const at = head.indexOf(Buffer.from([0x44, 0x89]));
  if (at < 0 || at + 3 > head.length) return undefined;
  const size = head[at + 2];
  const value = size === 0x88 && at + 11 <= head.length ? head.readDoubleBE(at + 3) : size === 0x84 && at + 7 <= head.length ? head.readFloatBE(at + 3) : NaN;
  const scaleAt = head.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  let scale = 1_000_000;
  if (scaleAt >= 0 && scaleAt + 4 <= head.length) {
    // Its size as a one-byte EBML number (0x81–0x86): the value's length in bytes.
    const length = head[scaleAt + 3]! & 0x80 ? head[scaleAt + 3]! & 0x7f : 0;
    const bytes = head.subarray(scaleAt + 4, scaleAt + 4 + length);
    if (bytes.length === length && length > 0 && length <= 6) scale = bytes.readUIntBE(0, length);
  }
  return (value * scale) / 1e9;
}
