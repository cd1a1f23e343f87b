import { reencodeImage } from '../../lib/media/images.ts';
import { PUBLIC_MEDIA_PREFIX, publicMediaKey, publicMediaUrl } from '../../lib/media/public-media.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { IMAGE_SETTINGS, type ImageSetting } from '../../../shared/admin/settings.ts';
import type { SettingsChange, SettingsService } from './settings.service.ts';

const EXTENSIONS = { webp: 'webp', png: 'png', jpeg: 'jpg' } as const;
const TYPES = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' } as const;
const SITE_FOLDER = `/media/${PUBLIC_MEDIA_PREFIX}site/`;

/**
 * A picture setting from an upload (logo, favicon, login picture, share picture): re-encoded by the image code (any
 * JPEG, PNG, WebP, AVIF or GIF; metadata stripped; the size its place needs), stored as public media under a new name,
 * set, and the picture it replaces removed when it was an earlier upload.
 */
export async function setSiteImage(settings: SettingsService, storage: Storage, key: ImageSetting, input: Buffer): Promise<SettingsChange> {
  const spec = IMAGE_SETTINGS[key];
  const image = await reencodeImage(input, spec.width, spec.height, { fit: spec.fit, format: spec.format });
  const storageKey = publicMediaKey('site', EXTENSIONS[spec.format]);
  await storage.put(storageKey, image.data, TYPES[spec.format]);
  const old = await settings.get<string>(key);
  const change = await settings.setMany({ [key]: publicMediaUrl(storageKey) });
  if (typeof old === 'string' && old.startsWith(SITE_FOLDER)) await storage.delete(old.slice('/media/'.length)).catch(() => {});
  return change;
}
