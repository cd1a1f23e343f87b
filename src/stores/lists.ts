import { map, type MapStore } from 'nanostores';
import { client } from '../client/api.ts';
import * as catalogueCalls from '../shared/calls/catalogue.ts';
import type { ListResult, Query } from '../shared/api-client.ts';
import type { CatalogueItem } from '../shared/cards.ts';
import type { CatalogueKind } from '../shared/routes.ts';
import { onResetAll } from './reset.ts';
import { IDLE, payload, track, type RequestState } from './request.ts';

/**
 * A list as SPEC.md §3 keeps it: items and total, with its request state (`loading` is the requesting flag, `ok`
 * the success flag, `error` the error). The server renders the first page; these hold what 'More' appends.
 */
export interface ListState<T> {
  items: T[];
  total: number;
  /** There are at least `total` (the server stopped counting: shared/totals.ts). */
  totalCapped?: boolean;
  request: RequestState<ListResult<T>>;
}

export type ListStore<T> = MapStore<ListState<T>>;

const initial = <T>(): ListState<T> => ({ items: [], total: 0, request: IDLE });
function listStore<T>(): ListStore<T> {
  const store = map<ListState<T>>(initial<T>());
  onResetAll(() => store.set(initial<T>()));
  return store;
}

/** The catalogue lists whose 'More' the browser loads, by kind. */
export const LISTS: Record<CatalogueKind, ListStore<CatalogueItem>> = {
  video: listStore(),
  gallery: listStore(),
  story: listStore(),
  post: listStore(),
  product: listStore(),
};

/** Starts a list over from what the page rendered: nothing appended yet, the page's total. */
export function seedList(kind: CatalogueKind, total: number, totalCapped = false): void {
  LISTS[kind].set({ ...initial(), total, totalCapped });
}

/**
 * 'More' (SPEC.md §4): requesting, then success — the next page is appended — or fail, keeping the items and storing
 * the error. `shown` is how many items the page already has above the appended ones.
 */
export async function loadMore(kind: CatalogueKind, query: Query, shown: number): Promise<void> {
  const store = LISTS[kind];
  if (store.get().request.status === 'loading') return;
  const result = await track(
    () => store.get().request,
    (request) => store.setKey('request', request),
    () => payload(catalogueCalls.LIST_CALLS[kind](client(), { ...query, offset: shown + store.get().items.length })),
  );
  if (result.ok)
    store.set({ ...store.get(), items: [...store.get().items, ...result.data.data], total: result.data.total, totalCapped: result.data.totalCapped === true });
}
