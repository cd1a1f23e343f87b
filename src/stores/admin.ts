import { map } from 'nanostores';
import { admin, tokenCookie } from '../client/api.ts';
import { navigation } from '../client/navigation.ts';
import type { SetupBody } from '../shared/contracts/setup.ts';
import type { ListResult, Query } from '../shared/api-client.ts';
import type { AdminSettings } from '../shared/admin/settings.ts';
import type { AdminPhoto, BulkAction } from '../shared/admin/calls.ts';
import type { AdminItem, AdminMedia, UploadPurpose } from '../shared/admin/resource.ts';
import type { ApiFailure } from '../shared/contracts/errors.ts';
import { toFailure } from '../shared/contracts/errors.ts';
import { onResetAll } from './reset.ts';
import { IDLE, payload, requestFamily, requestStore, track, type RequestState } from './request.ts';

/** The back office's list on screen: its resource and query, the page of items, and the state of loading it. */
export interface AdminListState {
  resource: string;
  query: Query;
  items: AdminItem[];
  total: number;
  request: RequestState<ListResult<AdminItem>>;
}

const empty = (): AdminListState => ({ resource: '', query: {}, items: [], total: 0, request: IDLE });
export const $adminList = map<AdminListState>(empty());

/** Starts from what the page rendered. */
export function seedAdminList(resource: string, query: Query, page: ListResult<AdminItem>): void {
  $adminList.set({ resource, query, items: page.data, total: page.total, request: IDLE });
}

/** Asks for the list again with another query (search, filter, sort, page); the items shown stay until it arrives. */
export async function queryAdminList(query: Query): Promise<void> {
  const { resource } = $adminList.get();
  $adminList.setKey('query', query);
  const result = await track(
    () => $adminList.get().request,
    (request) => $adminList.setKey('request', request),
    () => payload(admin.list(resource, query)),
  );
  if (result.ok && $adminList.get().query === query) $adminList.set({ ...$adminList.get(), items: result.data.data, total: result.data.total });
}

/** Creating (no id) or changing one item: one form per page. */
export const $adminSave = requestStore((resource: string, id: string | null, body: Record<string, unknown>) =>
  payload(id ? admin.update(resource, id, body) : admin.create(resource, body)),
);

/** A named verb on one item (ship, ban, refund), per item and verb (`<id>:<action>`). */
export const adminActions = requestFamily((_key: string, resource: string, id: string, action: string, body: Record<string, unknown>) =>
  payload(admin.act(resource, id, action, body)),
);

/** Deleting one item, per item. */
export const adminRemovals = requestFamily((id: string, resource: string) => payload(admin.remove(resource, id)));

/** Publishing, unpublishing or deleting the items checked in the list; the list is asked again after. */
export const $adminBulk = requestStore(async (action: BulkAction, ids: string[]) => {
  const { resource, query } = $adminList.get();
  const outcome = await payload(admin.bulk(resource, action, ids));
  await queryAdminList(query);
  return outcome;
});

/** The site's settings as last read or saved (the settings, menus and site-mode pages start from what they rendered). */
export const $adminSettings = map<AdminSettings>({ values: {}, secretsSet: {} });

/** Saving settings (any of them at once); the saved settings replace what was shown. */
export const $adminSettingsSave = requestStore(async (patch: Record<string, unknown>) => {
  const saved = await payload(admin.updateSettings(patch));
  $adminSettings.set(saved);
  return saved;
});

/** How far each picture setting's upload has gone (0–100), while it goes. */
export const $settingUploadProgress = map<Record<string, number | undefined>>({});

/** Uploading a picture setting (logo, favicon …), per setting; it is applied at once, like any other change. */
export const settingUploads = requestFamily(async (key: string, file: Blob) => {
  $settingUploadProgress.setKey(key, 0);
  try {
    const saved = await payload(admin.uploadSettingImage(key, file, { onProgress: (percent) => $settingUploadProgress.setKey(key, percent) }));
    $adminSettings.set(saved);
    return saved;
  } finally {
    $settingUploadProgress.setKey(key, undefined);
  }
});

/** First run: the admin account made with the setup token; the new admin is logged in and taken to the back office. */
export const $setup = requestStore(async (body: SetupBody) => {
  const session = await payload(admin.completeSetup(body));
  tokenCookie.set(session.token, true);
  navigation.go('/admin');
  return session;
});

/** One file being sent from a form: its name, the percentage sent (a real progress bar), or why it was refused. */
export interface AdminUpload {
  name: string;
  percent: number;
  error?: ApiFailure;
}
/** The uploads of the back office's forms, by `<group>/<n>` (a field's name, or a gallery's photos). */
export const $adminUploads = map<Record<string, AdminUpload>>({});

/** Forgets a group's finished uploads and their refusals (a new choice of files starts afresh). */
export function clearAdminUploads(group: string): void {
  for (const key of Object.keys($adminUploads.get())) if (key.startsWith(`${group}/`)) $adminUploads.setKey(key, undefined as never);
}

let uploadCount = 0;
/**
 * Sends files one after the other (the server works on each picture as it arrives), each with its progress under
 * `group`; a refused file stays listed with its reason. Resolves to what each accepted file became, in order.
 */
async function uploadEach<T>(group: string, files: File[], send: (file: File, onProgress: (percent: number) => void) => Promise<T>): Promise<T[]> {
  clearAdminUploads(group);
  const done: T[] = [];
  for (const file of files) {
    const key = `${group}/${++uploadCount}`;
    $adminUploads.setKey(key, { name: file.name, percent: 0 });
    try {
      done.push(await send(file, (percent) => $adminUploads.setKey(key, { name: file.name, percent })));
      $adminUploads.setKey(key, undefined as never);
    } catch (err) {
      $adminUploads.setKey(key, { name: file.name, percent: 0, error: toFailure(err) });
    }
  }
  return done;
}

/** Uploads the files chosen in a form's field; their references go in the field. */
export const uploadAdminFiles = (field: string, purpose: UploadPurpose, files: File[]): Promise<AdminMedia[]> =>
  uploadEach(field, files, (file, onProgress) => payload(admin.upload(purpose, file, { onProgress })));

/** A gallery's photos as the back office shows them, and the state of the last change to them. */
export const $galleryPhotos = map<{ galleryId: string; photos: AdminPhoto[] }>({ galleryId: '', photos: [] });

export function seedGalleryPhotos(galleryId: string, photos: AdminPhoto[]): void {
  $galleryPhotos.set({ galleryId, photos });
}

/** Adds photos to the gallery on screen, one upload at a time; each appears as soon as it is stored. */
export async function addGalleryPhotos(files: File[]): Promise<number> {
  const { galleryId } = $galleryPhotos.get();
  const added = await uploadEach('photos', files, async (file, onProgress) => {
    const photo = await payload(admin.addPhoto(galleryId, file, { onProgress }));
    if ($galleryPhotos.get().galleryId === galleryId) $galleryPhotos.setKey('photos', [...$galleryPhotos.get().photos, photo]);
    return photo;
  });
  // The gallery's cover may have changed with the first photo: the whole list says so.
  if (added.length) await $photoChange.run({ op: 'reload' });
  return added.length;
}

type PhotoChange = { op: 'reload' } | { op: 'order'; ids: string[] } | { op: 'cover'; photoId: string } | { op: 'remove'; photoId: string };
/** Ordering, choosing the cover, removing a photo (one change at a time); the list on screen follows the answer. */
export const $photoChange = requestStore(async (change: PhotoChange) => {
  const { galleryId } = $galleryPhotos.get();
  const answer =
    change.op === 'order'
      ? admin.orderPhotos(galleryId, change.ids)
      : change.op === 'cover'
        ? admin.coverPhoto(galleryId, change.photoId)
        : change.op === 'remove'
          ? admin.removePhoto(galleryId, change.photoId)
          : admin.photos(galleryId);
  const list = await payload(answer);
  if ($galleryPhotos.get().galleryId === galleryId) $galleryPhotos.setKey('photos', list.data);
  return list;
});

onResetAll(() => {
  $adminList.set(empty());
  $adminSettings.set({ values: {}, secretsSet: {} });
  $settingUploadProgress.set({});
  $adminUploads.set({});
  $galleryPhotos.set({ galleryId: '', photos: [] });
});
