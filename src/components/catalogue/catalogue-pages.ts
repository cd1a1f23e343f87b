import { ApiError } from '../../shared/contracts/errors.ts';
import type { DetailItems, DetailKind } from '../../shared/calls/catalogue.ts';
import { itemCall, listCall, type ApiCalls } from '../../shared/page-calls.ts';
import type { CategoryGroup } from '../../shared/contracts/categories.ts';
import type { CatalogueKind } from '../../shared/routes.ts';
import { apiQuery, type ListParams, type SortKey } from './list-params.ts';

/** Per kind: its category group, headings and the choices its list page offers. */
export const KINDS: Record<
  CatalogueKind,
  { group: CategoryGroup; title: string; intro: string; sorts: readonly SortKey[]; access: boolean; types?: { value: string; label: string }[] }
> = {
  video: {
    group: 'video',
    title: 'Videos',
    intro: 'Short films, free to watch or unlocked once with tokens.',
    sorts: ['newest', 'popular', 'oldest', 'price-asc', 'price-desc'],
    access: true,
  },
  gallery: {
    group: 'gallery',
    title: 'Galleries',
    intro: 'Photo sets: browse the free ones, unlock the premium ones.',
    sorts: ['newest', 'popular', 'oldest', 'price-asc', 'price-desc'],
    access: true,
  },
  story: { group: 'story', title: 'Stories', intro: 'Essays, fiction and behind-the-scenes long reads.', sorts: ['newest', 'popular', 'oldest'], access: true },
  post: {
    group: 'post',
    title: 'Posts',
    intro: 'News and guides from the team.',
    sorts: ['newest', 'popular', 'oldest'],
    access: false,
    types: [
      { value: 'post', label: 'Posts' },
      { value: 'page', label: 'Pages' },
    ],
  },
  product: {
    group: 'product',
    title: 'Store',
    intro: 'Digital downloads and physical goods, paid in tokens.',
    sorts: ['newest', 'popular', 'price-asc', 'price-desc'],
    access: false,
    types: [
      { value: 'digital', label: 'Digital' },
      { value: 'physical', label: 'Physical' },
    ],
  },
};

/** Loads a list page: the group's categories, then the page of items (limited to `categoryId` when given). */
export async function loadListPage(api: ApiCalls, kind: CatalogueKind, params: ListParams, fixedCategoryId?: string) {
  const categories = (await api.categories({ group: KINDS[kind].group, limit: 100 })).data.data;
  const categoryId = fixedCategoryId ?? categories.find((c) => c.slug === params.category)?._id ?? null;
  const result = (await listCall(api, kind)(apiQuery(params, categoryId))).data;
  return { categories, categoryId, result };
}

/** The value of a detail call, or null when the API says 404 (the page then shows its 404). */
export async function orNotFound<T>(call: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await call).data;
  } catch (err) {
    if (err instanceof ApiError && (err.failure.status === 404 || err.failure.status === 400)) return null;
    throw err;
  }
}

/** One item as the API shows it to this page's viewer (their own view: locked or not, their reactions), or null. */
export function loadItem<K extends DetailKind>(api: ApiCalls, kind: K, id: string): Promise<DetailItems[K] | null> {
  return orNotFound(itemCall(api, kind)(id, { countView: false }));
}
