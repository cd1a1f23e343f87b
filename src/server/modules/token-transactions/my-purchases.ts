import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../types.ts';
import type { SpendType } from '../../../shared/contracts/tokens.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { CatalogueItem } from '../../../shared/cards.ts';
import type { Viewer } from '../catalogue/access.ts';
import { listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { GALLERIES, PRODUCTS, STORIES, VIDEOS } from '../catalogue/tables.ts';

/** `GET /assets/my-purchase?type=`: the member's unlocked (or bought) items of one type, newest purchase first. */
export async function myPurchases(db: Db, services: Services, viewer: NonNullable<Viewer>, type: SpendType, limit: number, offset: number): Promise<ListResult<CatalogueItem>> {
  const { ids, total } = await services.tokenTransactions.entitlementIds(viewer, type, limit, offset);
  if (!ids.length) return { data: [], total };
  const byType = {
    video: async () => (await listItems(db, VIDEOS, { limit: ids.length }, viewer, [inArray(VIDEOS.columns.id, ids)])).rows.map((r) => ({ id: r.id, item: services.videos.toVideo(r, viewer, false) })),
    gallery: async () => (await listItems(db, GALLERIES, { limit: ids.length }, viewer, [inArray(GALLERIES.columns.id, ids)])).rows.map((r) => ({ id: r.id, item: services.galleries.toGallery(r, viewer) })),
    story: async () => (await listItems(db, STORIES, { limit: ids.length }, viewer, [inArray(STORIES.columns.id, ids)])).rows.map((r) => ({ id: r.id, item: services.stories.toStory(r, viewer, false) })),
    product: async () => (await listItems(db, PRODUCTS, { limit: ids.length }, viewer, [inArray(PRODUCTS.columns.id, ids)])).rows.map((r) => ({ id: r.id, item: services.products.toProduct(r as ItemRow<typeof PRODUCTS.table>) })),
  };
  const found = new Map((await byType[type]()).map((x) => [x.id, x.item as CatalogueItem]));
  // In purchase order; an item withdrawn from the catalogue since is left out.
  return { data: ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])), total };
}
