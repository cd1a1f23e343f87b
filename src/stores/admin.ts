import { map } from 'nanostores';
import { admin } from '../client/admin-api.ts';
import { sessionCookie } from '../client/api.ts';
import { navigation } from '../client/navigation.ts';
import type { SetupBody } from '../shared/contracts/setup.ts';
import type { ListResult, Query } from '../shared/api-client.ts';
import type { AdminSettings } from '../shared/admin/settings.ts';
import type { AdminPhoto } from '../shared/operations/admin.ts';
import type { BulkAction } from '../shared/admin/resource.ts';
import type { AdminItem, AdminMedia, UploadPurpose } from '../shared/admin/resource.ts';
import type { ApiFailure } from '../shared/contracts/errors.ts';
import { toFailure } from '../shared/contracts/errors.ts';
import { startResumableUpload, type ResumablePurpose, type ResumableUpload } from '../client/resumable-upload.ts';
import { onResetAll } from './reset.ts';
import { IDLE, payload, requestFamily, requestStore, track, type RequestState } from './request.ts';

/** The back office's list on screen: its resource and query, the page of items, and the state of loading it. */
export interface AdminListState {
  resource: string;
  query: Query;
  items: AdminItem[];
  total: number;
  /** There are at least `total` (the server stopped counting: shared/totals.ts). */
  totalCapped?: boolean;
  request: RequestState<ListResult<AdminItem>>;
}

const empty = (): AdminListState => ({ resource: '', query: {}, items: [], total: 0, request: IDLE });

/**
 * A list of the back office on screen, asked for by `fetch` (a resource's list, its trash): `seed` starts it from
 * what the page rendered; `query` asks again with another query (search, filter, sort, page), the items shown staying
 * until the answer arrives (an answer to an older query is dropped). Emptied with every store.
 */
export function adminListStore(fetch: (resource: string, query: Query) => Promise<ListResult<AdminItem>>) {
  const $list = map<AdminListState>(empty());
  const seed = (resource: string, query: Query, page: ListResult<AdminItem>): void =>
    $list.set({ resource, query, items: page.data, total: page.total, totalCapped: page.totalCapped === true, request: IDLE });
  async function query(next: Query): Promise<void> {
    const { resource } = $list.get();
    $list.setKey('query', next);
    const result = await track(
      () => $list.get().request,
      (request) => $list.setKey('request', request),
      () => fetch(resource, next),
    );
    if (result.ok && $list.get().query === next)
      $list.set({ ...$list.get(), items: result.data.data, total: result.data.total, totalCapped: result.data.totalCapped === true });
  }
  onResetAll(() => $list.set(empty()));
  return { $list, seed, query };
}

const resourceList = adminListStore((resource, query) => payload(admin.list(resource, query)));
export const $adminList = resourceList.$list;
/** Starts from what the page rendered. */
export const seedAdminList = resourceList.seed;
/** Asks for the list again with another query (search, filter, sort, page); the items shown stay until it arrives. */
export const queryAdminList = resourceList.query;

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
export const $adminBulk = requestStore(async (action: BulkAction, ids: string[], value?: number | string) => {
  const { resource, query } = $adminList.get();
  const outcome = await payload(admin.bulk(resource, action, ids, value));
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
  sessionCookie.set(session.token, true);
  navigation.go('/admin');
  return session;
});

/**
 * One file being sent from a form: its name, the percentage sent (a real progress bar), or why it was refused. A
 * resumable (tus) upload also says its bytes (`sent` of `total`), whether it is `paused` by the operator,
 * `reconnecting` by itself after a dropped request, or waiting while the browser is `offline`, and where it started
 * again (`resumedFrom`, a percentage) when the server already held part of the file.
 */
export interface AdminUpload {
  name: string;
  percent: number;
  sent?: number;
  total?: number;
  state?: 'uploading' | 'paused' | 'reconnecting' | 'offline';
  resumedFrom?: number;
  error?: ApiFailure;
}
/**
 * The uploads of the back office's forms, by `<group>/<n>` (a field's name, or a gallery's photos). An entry without
 * an error is a file still on its way (or paused): forms stay unsaved until none is left.
 */
export const $adminUploads = map<Record<string, AdminUpload>>({});

/** The resumable uploads running (or paused), by their key in `$adminUploads`, with the bytes the server confirmed. */
const running = new Map<string, ResumableUpload & { accepted: () => number }>();

/** Forgets a group's finished uploads and their refusals (a new choice of files starts afresh). */
export function clearAdminUploads(group: string): void {
  for (const key of Object.keys($adminUploads.get()))
    if (key.startsWith(`${group}/`)) {
      void running.get(key)?.cancel();
      running.delete(key);
      $adminUploads.setKey(key, undefined as never);
    }
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

/** Uploads the files chosen in a form's field (pictures, downloads) in one piece each; their references go in the field. */
export const uploadAdminFiles = (field: string, purpose: UploadPurpose, files: File[]): Promise<AdminMedia[]> =>
  uploadEach(field, files, (file, onProgress) => payload(admin.upload(purpose, file, { onProgress })));

/** How a resumable upload goes: `chunkSize` (bytes per request) is smaller in tests, to see several pieces. */
export interface ResumableSettings {
  chunkSize?: number;
}

/**
 * Sends one file resumably under `key` in `$adminUploads`, with its bytes, pause and resume (`pauseUpload`,
 * `resumeUpload`). Resolves to the finished upload's id, or null when it was refused (the entry keeps why) or cancelled.
 */
function sendResumable(key: string, file: File, purpose: ResumablePurpose, settings: ResumableSettings): Promise<string | null> {
  const entry = (): AdminUpload | undefined => $adminUploads.get()[key];
  const update = (change: Partial<AdminUpload>) => {
    const now = entry();
    if (now && running.has(key)) $adminUploads.setKey(key, { ...now, ...change });
  };
  const percentOf = (sent: number, total: number) => (total ? Math.floor((sent / total) * 100) : 0);
  $adminUploads.setKey(key, { name: file.name, percent: 0, sent: 0, total: file.size, state: 'uploading' });
  /** Until the first bytes go: a known upload's first answer says where it starts again. */
  let fresh = true;
  /** What the server has confirmed: a pause shows this, not what was in flight. */
  let accepted = 0;
  return new Promise((resolve) => {
    const upload = startResumableUpload(file, {
      purpose,
      chunkSize: settings.chunkSize,
      onProgress: (sent, total) => {
        fresh = false;
        update({ sent, total, percent: percentOf(sent, total), ...(entry()?.state === 'paused' ? {} : { state: 'uploading' as const }) });
      },
      onResumed: (offset, total) => {
        // Only a new choice's first answer is "resuming" (a resume after a pause, or a retry, asks again too).
        if (fresh && offset > 0) update({ resumedFrom: percentOf(offset, total) });
        fresh = false;
        accepted = offset;
        update({ sent: offset, total, percent: percentOf(offset, total) });
      },
      onAccepted: (offset) => (accepted = offset),
      onRetrying: (offline) => update({ state: offline ? 'offline' : 'reconnecting' }),
      onSuccess: (id) => {
        running.delete(key);
        resolve(id);
      },
      onError: (error) => {
        const now = entry();
        running.delete(key);
        if (now) $adminUploads.setKey(key, { name: now.name, percent: now.percent, error });
        resolve(null);
      },
    });
    running.set(key, {
      ...upload,
      accepted: () => accepted,
      cancel: async () => {
        resolve(null);
        await upload.cancel();
      },
    });
  });
}

/** Pauses a resumable upload: what the server has stays there; the form stays unsaved meanwhile. */
export function pauseUpload(key: string): void {
  const upload = running.get(key);
  const now = $adminUploads.get()[key];
  if (!upload || !now || now.error) return;
  upload.pause();
  // What was in flight is lost: the bar goes back to what the server holds.
  const sent = Math.min(upload.accepted(), now.sent ?? 0);
  const total = now.total ?? 0;
  $adminUploads.setKey(key, { ...now, state: 'paused', sent, percent: total ? Math.floor((sent / total) * 100) : now.percent });
}

/** Resumes a paused upload from where the server stopped. */
export function resumeUpload(key: string): void {
  const upload = running.get(key);
  const now = $adminUploads.get()[key];
  if (!upload || !now || now.error || now.state !== 'paused') return;
  $adminUploads.setKey(key, { ...now, state: 'uploading' });
  upload.resume();
}

/**
 * Sends a video chosen in a form's field resumably (tus), under `<field>/<n>`: a new choice replaces what the field
 * was sending. The same file chosen again after a reload continues where it stopped. Resolves to what goes in the
 * field (its `ref` is the upload's id) once every byte is on the server, or null when it was refused or replaced.
 */
export async function startVideoUpload(field: string, file: File, settings: ResumableSettings = {}): Promise<AdminMedia | null> {
  clearAdminUploads(field);
  const key = `${field}/${++uploadCount}`;
  const id = await sendResumable(key, file, 'video', settings);
  if (!id) return null;
  $adminUploads.setKey(key, undefined as never);
  return { ref: id, url: null, name: file.name, size: file.size, mimeType: file.type || undefined };
}

/** A gallery's photos as the back office shows them, and the state of the last change to them. */
export const $galleryPhotos = map<{ galleryId: string; photos: AdminPhoto[] }>({ galleryId: '', photos: [] });

export function seedGalleryPhotos(galleryId: string, photos: AdminPhoto[]): void {
  $galleryPhotos.set({ galleryId, photos });
}

/** How many files of a batch (photos, videos) are sent at once. */
const FILES_AT_ONCE = 3;

/** Starts sending the files (each under its key, with its progress), a few at a time; each promise is its upload's id. */
async function sendFew(files: File[], keys: string[], purpose: ResumablePurpose, settings: ResumableSettings): Promise<Promise<string | null>[]> {
  const sent: Promise<string | null>[] = [];
  const slots: Promise<unknown>[] = [];
  for (const [i, file] of files.entries()) {
    if (slots.length >= FILES_AT_ONCE) await Promise.race(slots);
    const one = sendResumable(keys[i]!, file, purpose, settings);
    const slot: Promise<unknown> = one.finally(() => slots.splice(slots.indexOf(slot), 1));
    slots.push(slot);
    sent.push(one);
  }
  return sent;
}

/** A video's first title: its file's name without the extension, dashes and underscores as spaces, a capital first. */
export const titleOfFile = (name: string): string =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^./, (c) => c.toUpperCase())
    .slice(0, 200) || 'Untitled video';

/**
 * Videos picked at once on the videos list: each is sent resumably (a few at a time, each with its progress and
 * Pause under `batch/<n>`), and as each finishes it becomes a draft video of that title, its streams on their way; the
 * list on screen shows it. Resolves to how many were made.
 */
export async function addVideos(files: File[], settings: ResumableSettings = {}): Promise<number> {
  clearAdminUploads('batch');
  const keys = files.map((file) => {
    const key = `batch/${++uploadCount}`;
    $adminUploads.setKey(key, { name: file.name, percent: 0, sent: 0, total: file.size, state: 'uploading' });
    return key;
  });
  const sent = await sendFew(files, keys, 'video', settings);
  let made = 0;
  await Promise.all(
    sent.map(async (one, i) => {
      const uploadId = await one;
      const key = keys[i]!;
      if (!uploadId) return;
      try {
        await payload(admin.create('videos', { title: titleOfFile(files[i]!.name), video: uploadId, status: 'inactive' }));
        $adminUploads.setKey(key, undefined as never);
        made++;
        if ($adminList.get().resource === 'videos') await queryAdminList($adminList.get().query);
      } catch (err) {
        $adminUploads.setKey(key, { name: files[i]!.name, percent: 100, error: toFailure(err) });
      }
    }),
  );
  return made;
}

/**
 * Adds photos to the gallery on screen: each is sent resumably (a few at once, each with its progress under
 * `photos/<n>`), then the server makes it a photo from the finished upload; they join the gallery in the order chosen,
 * each as soon as it and those before it are in. Resolves to how many were added.
 */
export async function addGalleryPhotos(files: File[], settings: ResumableSettings = {}): Promise<number> {
  const { galleryId } = $galleryPhotos.get();
  clearAdminUploads('photos');
  const keys = files.map((file) => {
    const key = `photos/${++uploadCount}`;
    $adminUploads.setKey(key, { name: file.name, percent: 0, sent: 0, total: file.size, state: 'uploading' });
    return key;
  });
  const sent = await sendFew(files, keys, 'image', settings);
  // Adding: in the order chosen.
  let added = 0;
  for (const [i, one] of sent.entries()) {
    const uploadId = await one;
    const key = keys[i]!;
    if (!uploadId) continue;
    try {
      const photo = await payload(admin.addPhoto(galleryId, uploadId));
      if ($galleryPhotos.get().galleryId === galleryId) $galleryPhotos.setKey('photos', [...$galleryPhotos.get().photos, photo]);
      $adminUploads.setKey(key, undefined as never);
      added++;
    } catch (err) {
      const now = $adminUploads.get()[key];
      $adminUploads.setKey(key, { name: now?.name ?? files[i]!.name, percent: 100, error: toFailure(err) });
    }
  }
  // The gallery's cover may have changed with the first photo: the whole list says so.
  if (added) await $photoChange.run({ op: 'reload' });
  return added;
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
  $adminSettings.set({ values: {}, secretsSet: {} });
  $settingUploadProgress.set({});
  // Stopped, not forgotten: the server keeps what it has, and the same file chosen again continues.
  for (const upload of running.values()) upload.pause();
  running.clear();
  $adminUploads.set({});
  $galleryPhotos.set({ galleryId: '', photos: [] });
});

/** Stores a picture for a rich text (public, at a stable address): what the editor puts in its `<img>`. */
export const uploadTextImage = (file: File): Promise<AdminMedia> => payload(admin.upload('text-image', file));

/** A few items of a resource matching `q` (the editor's card picker). */
export const findAdminItems = (resource: string, q: string): Promise<AdminItem[]> =>
  payload(admin.list(resource, { q: q.trim() || undefined, limit: 8 })).then((list) => list.data);
