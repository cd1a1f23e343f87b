import type { ApiClient, ApiResponse, ListResult, Query } from './api-client.ts';
import type { CatalogueItem } from './cards.ts';
import type { CatalogueKind } from './routes.ts';
import type { DetailQuery } from './contracts/catalogue.ts';
import * as calls from './calls.ts';
import type { DetailItems, DetailKind } from './calls/catalogue.ts';

type Calls = typeof calls;
/** The names of calls.ts's calls (its functions of a client). */
type CallName = { [K in keyof Calls]: Calls[K] extends (api: ApiClient, ...args: never[]) => unknown ? K : never }[keyof Calls];
type Bound<F> = F extends (api: ApiClient, ...args: infer A) => infer R ? (...args: A) => R : never;

/** Every call of calls.ts, bound to one client: what a page calls as `locals.api.<name>(…)` (middleware/context.ts). */
export type ApiCalls = { [K in CallName]: Bound<Calls[K]> };

export function apiCalls(api: ApiClient): ApiCalls {
  const bound: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls))
    if (typeof call === 'function') bound[name] = (...args: unknown[]) => (call as (...a: unknown[]) => unknown)(api, ...args);
  return bound as ApiCalls;
}

/** The call of one item of a kind (calls.ts `ITEM_CALLS`), for a page. */
export function itemCall<K extends DetailKind>(api: ApiCalls, kind: K): (id: string, query?: DetailQuery) => Promise<ApiResponse<DetailItems[K]>> {
  return api[kind] as (id: string, query?: DetailQuery) => Promise<ApiResponse<DetailItems[K]>>;
}

/** The list call of a catalogue kind (calls.ts `LIST_CALLS`), for a page. */
export function listCall(api: ApiCalls, kind: CatalogueKind): (query: Query) => Promise<ApiResponse<ListResult<CatalogueItem>>> {
  const lists = { video: api.videos, gallery: api.galleries, story: api.stories, post: api.posts, product: api.products };
  return lists[kind] as (query: Query) => Promise<ApiResponse<ListResult<CatalogueItem>>>;
}
