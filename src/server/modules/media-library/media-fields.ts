import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';
import { CURRENT_FILE, type AdminUploads } from './uploads.ts';

/** Words for a reference that names no upload: made up, altered, or older than a day. */
const stale = (label: string) => `${label}: upload the file again (this reference is unknown or has expired).`;

/**
 * One picture field of a body: a new upload's reference, the item's own picture (its key: unchanged), or null
 * (removed, where that is allowed). Returns the column's new value, or nothing when it does not change.
 */
export function imageValue(
  uploads: AdminUploads,
  field: string,
  value: string | null | undefined,
  current: StoredImage | null,
  problems: Record<string, string>,
  opts: { optional?: boolean; label?: string } = {},
): Record<string, StoredImage | null> {
  const label = opts.label ?? 'Picture';
  if (value === undefined || (current && value === current.key)) return {};
  if (value === null) {
    if (!opts.optional) problems[field] = `${label}: choose a picture.`;
    return { [field]: null };
  }
  const image = uploads.image(value);
  if (!image) problems[field] = stale(label);
  return { [field]: image };
}

/** Several pictures, in the order given: each a new upload's reference or one of the item's own (by key). */
export function imagesValue(
  uploads: AdminUploads,
  field: string,
  value: string[] | undefined,
  current: StoredImage[],
  problems: Record<string, string>,
  label = 'Pictures',
): Record<string, StoredImage[]> {
  if (value === undefined) return {};
  const images = value.map((ref) => current.find((c) => c.key === ref) ?? uploads.image(ref));
  if (images.some((i) => !i)) problems[field] = stale(label);
  return { [field]: images.filter((i): i is StoredImage => Boolean(i)) };
}

/** A file field (a video, a download): a new upload's reference, `current` (unchanged), or null (removed where allowed). */
export function fileValue(
  uploads: AdminUploads,
  field: string,
  value: string | null | undefined,
  purpose: 'video' | 'download',
  current: StoredFile | null,
  problems: Record<string, string>,
  opts: { optional?: boolean; label: string },
): Record<string, StoredFile | null> {
  if (value === undefined || (current && value === CURRENT_FILE)) return {};
  if (value === null) {
    if (!opts.optional) problems[field] = `${opts.label}: choose a file.`;
    return { [field]: null };
  }
  const file = uploads.file(value, purpose);
  if (!file) problems[field] = stale(opts.label);
  return { [field]: file };
}
