import type { AdminListQuery } from '../../../../shared/admin/resource.ts';

/**
 * The query every member-wide money list shares (payments, token transactions): search, one member (`userId`), a day
 * range, sort and page; each list adds its own filters.
 */
export const memberListSearch = (query: AdminListQuery) => ({
  q: query.q,
  userId: query.userId as string | undefined,
  fromDate: query.fromDate as string | undefined,
  toDate: query.toDate as string | undefined,
  sortBy: query.sortBy,
  sort: query.sort,
  limit: query.limit ?? 25,
  offset: query.offset ?? 0,
});
