import type { Query } from '../../shared/api-client.ts';
import { MAX_OFFSET } from '../../shared/contracts/common.ts';

/** Page size of the catalogue's list pages. */
export const PAGE_SIZE = 24;

/** The sort choices a list page offers, and the API query each stands for. */
export const SORTS = {
  newest: { label: 'Newest', query: { sortBy: 'newest' } },
  popular: { label: 'Most viewed', query: { sortBy: 'popular' } },
  oldest: { label: 'Oldest', query: { sortBy: 'oldest' } },
  'price-asc': { label: 'Price: low to high', query: { sortBy: 'price', sort: 'asc' } },
  'price-desc': { label: 'Price: high to low', query: { sortBy: 'price', sort: 'desc' } },
} as const;
export type SortKey = keyof typeof SORTS;

export interface ListParams {
  page: number;
  /** The visitor's choice; null = the default (relevance when searching, else the first offered sort). */
  sort: SortKey | null;
  /** The sort used when `sort` is null and there is no search. */
  defaultSort: SortKey;
  q: string;
  /** Category slug. */
  category: string | null;
  /** free | premium (priced items), or null for both. */
  access: 'free' | 'premium' | null;
  /** Resource type filter (product digital|physical, post post|page). */
  type: string | null;
}

/** The last page a list of `pageSize` serves (its offset within the contract's MAX_OFFSET). */
export const lastPage = (pageSize = PAGE_SIZE): number => Math.floor(MAX_OFFSET / pageSize) + 1;

/** `?page=` as a whole number from 1 to `max` (anything else is page 1, or `max`). */
export const pageParam = (url: URL, max = lastPage()): number => Math.min(Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1), max);

/** Reads a list page's URL leniently: anything unknown falls back to the default instead of failing the page. */
export function readListParams(url: URL, opts: { sorts?: readonly SortKey[]; types?: readonly string[] } = {}): ListParams {
  const p = url.searchParams;
  const page = pageParam(url);
  const sorts = opts.sorts ?? (Object.keys(SORTS) as SortKey[]);
  const sort = sorts.includes(p.get('sort') as SortKey) ? (p.get('sort') as SortKey) : null;
  const access = p.get('access') === 'free' || p.get('access') === 'premium' ? (p.get('access') as 'free' | 'premium') : null;
  const type = opts.types?.includes(p.get('type') ?? '') ? p.get('type') : null;
  const category = /^[a-z0-9-]{1,80}$/.test(p.get('category') ?? '') ? p.get('category') : null;
  return { page, sort, defaultSort: sorts[0]!, q: (p.get('q') ?? '').slice(0, 200), category, access, type };
}

/** The API query for a list page (without offset when `withOffset` is false, for 'more'). */
export function apiQuery(params: ListParams, categoryId: string | null, withOffset = true): Query {
  // A search without an explicit sort is ordered by relevance (no sortBy).
  const sort = params.sort ?? (params.q ? null : params.defaultSort);
  const query: Query = { limit: PAGE_SIZE, ...(sort ? SORTS[sort].query : {}) };
  if (params.q) query.q = params.q;
  if (withOffset) query.offset = (params.page - 1) * PAGE_SIZE;
  if (categoryId) query.categoryId = categoryId;
  if (params.access) query.isSale = params.access === 'premium';
  if (params.type) query.type = params.type;
  return query;
}

/** This list page's URL with some parameters changed (page 1 unless given). */
export function listHref(url: URL, changes: Record<string, string | number | null>): string {
  const next = new URL(url);
  if (!('page' in changes)) next.searchParams.delete('page');
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '' || (k === 'page' && v === 1)) next.searchParams.delete(k);
    else next.searchParams.set(k, String(v));
  }
  return next.pathname + next.search;
}
