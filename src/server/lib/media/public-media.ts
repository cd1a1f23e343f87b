import { randomUUID } from 'node:crypto';

/**
 * Stored files anybody may see (avatars, covers, comment images) live under this prefix and are served by /media
 * without a signature, cached for a year: every upload gets a new random key, so a URL never changes meaning.
 */
export const PUBLIC_MEDIA_PREFIX = 'public/';
export const isPublicMediaKey = (key: string) => key.startsWith(PUBLIC_MEDIA_PREFIX);
export const publicMediaKey = (folder: string, ext: string) => `${PUBLIC_MEDIA_PREFIX}${folder}/${randomUUID()}.${ext}`;
export const publicMediaUrl = (key: string) => `/media/${key}`;
