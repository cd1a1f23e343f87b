import { PAGE_SIZE, pageParam } from '../catalogue/list-params.ts';

/** `?page=` of the account lists (the same page size and links as the catalogue's). */
export function pageOf(url: URL): { page: number; limit: number; offset: number } {
  const page = pageParam(url);
  return { page, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
}

/** A `YYYY-MM-DD` filter value, or undefined. */
export function dayParam(url: URL, name: string): string | undefined {
  const v = url.searchParams.get(name) ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}

export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
