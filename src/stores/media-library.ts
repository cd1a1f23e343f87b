import { map, type MapStore } from 'nanostores';
import { admin } from '../client/admin-api.ts';
import type { AdminMedia } from '../shared/admin/resource.ts';
import type { MediaAsset, MediaKind, MediaListPayload } from '../shared/contracts/media-library.ts';
import { toFailure, type ApiFailure } from '../shared/contracts/errors.ts';
import { addVideos, uploadAdminFiles } from './admin.ts';
import { payload } from './request.ts';

/** What a view of the library shows: its search and kind, the files read so far, and the next page's cursor. */
export interface MediaBrowserState {
  q: string;
  kind: MediaKind | '';
  items: MediaAsset[];
  total: number;
  totalCapped: boolean;
  next: string | null;
  status: 'idle' | 'loading' | 'ok' | 'error';
  error?: ApiFailure;
}

export type MediaBrowser = MapStore<MediaBrowserState> & {
  /** A new search or kind: the first page. */
  query: (change: Partial<Pick<MediaBrowserState, 'q' | 'kind'>>) => Promise<void>;
  /** The next page after the last file shown. */
  more: () => Promise<void>;
};

const PAGE = 24;

/** One view of the library (the Media page, a field's "Choose from library" dialog): its own search, kind and pages. */
export function mediaBrowser(first?: MediaListPayload, initial: Partial<Pick<MediaBrowserState, 'q' | 'kind'>> = {}): MediaBrowser {
  const $state = map<MediaBrowserState>({
    q: initial.q ?? '',
    kind: initial.kind ?? '',
    items: first?.data ?? [],
    total: first?.total ?? 0,
    totalCapped: Boolean(first?.totalCapped),
    next: first?.nextCursor ?? null,
    status: first ? 'ok' : 'idle',
  });
  let asked = 0;
  async function load(cursor: string | null) {
    const { q, kind } = $state.get();
    const mine = ++asked;
    $state.setKey('status', 'loading');
    try {
      const page = await payload(admin.media({ q: q.trim() || undefined, kind: kind || undefined, limit: PAGE, ...(cursor ? { cursor } : {}) }));
      // A later search answered first: this one is out of date.
      if (mine !== asked) return;
      $state.set({
        ...$state.get(),
        items: cursor ? [...$state.get().items, ...page.data] : page.data,
        total: page.total,
        totalCapped: Boolean(page.totalCapped),
        next: page.nextCursor,
        status: 'ok',
        error: undefined,
      });
    } catch (err) {
      if (mine === asked) $state.set({ ...$state.get(), status: 'error', error: toFailure(err) });
    }
  }
  return Object.assign($state, {
    query: async (change: Partial<Pick<MediaBrowserState, 'q' | 'kind'>>) => {
      $state.set({ ...$state.get(), ...change });
      await load(null);
    },
    more: async () => {
      const { next } = $state.get();
      if (next) await load(next);
    },
  });
}

const isVideo = (f: File) => /^video\//.test(f.type) || /\.(mp4|m4v|mov|webm|mkv)$/i.test(f.name);
const isPicture = (f: File) => /^image\//.test(f.type);

/**
 * Files dropped or chosen in the library: pictures, then other files, each sent with its progress (group `library`);
 * videos through the videos' batch (each a draft video, resumable; the library gets it once its streams are made).
 * Resolves to how many pictures and files were stored, and how many videos became drafts.
 */
export async function addToLibrary(files: File[]): Promise<{ stored: number; videos: number }> {
  const videos = files.filter(isVideo);
  const pictures = files.filter((f) => !isVideo(f) && isPicture(f));
  const others = files.filter((f) => !isVideo(f) && !isPicture(f));
  const [madeVideos, storedPictures] = await Promise.all([
    videos.length ? addVideos(videos) : Promise.resolve(0),
    pictures.length ? uploadAdminFiles('library', 'image', pictures) : Promise.resolve([]),
  ]);
  const storedFiles = others.length ? await uploadAdminFiles('library-files', 'download', others) : [];
  return { stored: storedPictures.length + storedFiles.length, videos: madeVideos };
}

/** A library file as a form's field value: the reference an upload would have given. */
export const pickFromLibrary = (id: string): Promise<AdminMedia> => payload(admin.pickMedia(id));
/** A library picture copied for a rich text (a stable public address, as an upload into the text gets). */
export const textImageFromLibrary = (id: string): Promise<AdminMedia> => payload(admin.textImageFromMedia(id));

/** Deletes an unused library file; the refusal (409 with the items using it) is the caller's to show. */
export async function removeFromLibrary(id: string): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
  try {
    await admin.removeMedia(id);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: toFailure(err) };
  }
}
