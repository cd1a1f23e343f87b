import type { Db } from '../../db/client.ts';
import type { CatalogueItem } from '../../../shared/cards.ts';
import type { Viewer } from './access.ts';
import { equal, listItems, type ItemRow } from './catalogue.repository.ts';
import { GALLERIES, PRODUCTS, STORIES, VIDEOS } from './tables.ts';
import type { VideosService } from '../videos/videos.service.ts';
import type { GalleriesService } from '../galleries/galleries.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { ProductsService } from '../products/products.service.ts';

export type ListedKind = 'video' | 'gallery' | 'story' | 'product';

/** The services that turn a kind's row into its wire object (the app's services). */
export interface ItemConverters {
  videos: Pick<VideosService, 'toVideo'>;
  galleries: Pick<GalleriesService, 'toGallery'>;
  stories: Pick<StoriesService, 'toStory'>;
  products: Pick<ProductsService, 'toProduct'>;
}

/**
 * The catalogue's wire objects for these ids, in the order given (a member's purchases, favourites …), as the
 * viewer may see them; items no longer in the catalogue are left out.
 */
export async function itemsByIds(db: Db, services: ItemConverters, viewer: Viewer, kind: ListedKind, ids: string[]): Promise<CatalogueItem[]> {
  if (!ids.length) return [];
  const page = { limit: ids.length };
  const byKind = {
    video: async () =>
      (await listItems(db, VIDEOS, page, viewer, [equal(VIDEOS.columns.id, ids)], { counted: false })).rows.map((r) => ({
        id: r.id,
        item: services.videos.toVideo(r, viewer, false),
      })),
    gallery: async () =>
      (await listItems(db, GALLERIES, page, viewer, [equal(GALLERIES.columns.id, ids)], { counted: false })).rows.map((r) => ({
        id: r.id,
        item: services.galleries.toGallery(r, viewer),
      })),
    story: async () =>
      (await listItems(db, STORIES, page, viewer, [equal(STORIES.columns.id, ids)], { counted: false })).rows.map((r) => ({
        id: r.id,
        item: services.stories.toStory(r, viewer, false),
      })),
    product: async () =>
      (await listItems(db, PRODUCTS, page, viewer, [equal(PRODUCTS.columns.id, ids)], { counted: false })).rows.map((r) => ({
        id: r.id,
        item: services.products.toProduct(r as ItemRow<typeof PRODUCTS.table>),
      })),
  };
  const found = new Map((await byKind[kind]()).map((x) => [x.id, x.item as CatalogueItem]));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}
