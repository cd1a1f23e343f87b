import { map, type MapStore } from 'nanostores';
import type { ListResult } from '../shared/api-client.ts';
import { onResetAll } from './reset.ts';
import type { Banner } from '../shared/contracts/banners.ts';
import type { Gallery, Photo } from '../shared/contracts/galleries.ts';
import type { Post } from '../shared/contracts/posts.ts';
import type { Product } from '../shared/contracts/products.ts';
import type { Story } from '../shared/contracts/stories.ts';
import type { Video } from '../shared/contracts/videos.ts';

/** A list as SPEC.md §3 keeps it: items, total, a requesting flag, an error and a success flag. */
export interface ListState<T> {
  items: T[];
  total: number;
  requesting: boolean;
  error: string | null;
  success: boolean;
}

export type ListStore<T> = MapStore<ListState<T>>;

const initial = <T>(): ListState<T> => ({ items: [], total: 0, requesting: false, error: null, success: false });

export function createListStore<T>(): ListStore<T> {
  const store = map<ListState<T>>(initial<T>());
  onResetAll(() => store.set(initial<T>()));
  return store;
}

/** Lists of SPEC.md §3 (the server renders the first page; these hold what the browser loads). */
export const $videos = createListStore<Video>();
export const $relatedVideos = createListStore<Video>();
export const $galleries = createListStore<Gallery>();
export const $relatedGalleries = createListStore<Gallery>();
export const $photos = createListStore<Photo>();
export const $banners = createListStore<Banner>();
export const $products = createListStore<Product>();
export const $stories = createListStore<Story>();
export const $posts = createListStore<Post>();

/** Seeds a list with what the page already shows (its total, and the items when the island keeps them). */
export function setList<T>(store: ListStore<T>, items: T[], total: number): void {
  store.set({ items, total, requesting: false, error: null, success: true });
}

/**
 * Requests a page: requesting, then success or fail (SPEC.md §4). With `append` ('more') the page is added to the
 * items; otherwise it replaces them. A failure keeps the items and stores the error.
 */
export async function loadList<T>(store: ListStore<T>, fetchPage: () => Promise<{ data: ListResult<T> }>, append: boolean): Promise<void> {
  if (store.get().requesting) return;
  store.setKey('requesting', true);
  store.setKey('error', null);
  try {
    const { data } = await fetchPage();
    const items = append ? [...store.get().items, ...data.data] : data.data;
    store.set({ items, total: data.total, requesting: false, error: null, success: true });
  } catch (err) {
    store.set({ ...store.get(), requesting: false, error: err instanceof Error ? err.message : String(err), success: false });
  }
}
