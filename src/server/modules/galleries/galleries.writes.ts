import { galleries } from '../../db/schema.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import { contentWrites, pricingValues, type ContentBody, type WriteDeps } from '../content/content-writes.ts';
import type { AdminUploads } from '../media-library/uploads.ts';

export interface GalleryBody extends ContentBody {
  title: string;
  description?: string;
  isSale?: boolean;
  price?: number;
}

/** Galleries: the same table as the public API; a gallery goes public only with a photo (its cover). */
export function galleryWrites(deps: WriteDeps, uploads: AdminUploads) {
  return contentWrites<GalleryBody>(deps, {
    resource: 'galleries',
    what: 'gallery',
    table: galleries,
    columns: {
      id: galleries.id,
      slug: galleries.slug,
      status: galleries.status,
      title: galleries.title,
      createdAt: galleries.createdAt,
      updatedAt: galleries.updatedAt,
      search: galleries.search,
      categoryIds: galleries.categoryIds,
      tags: galleries.tags,
      release: { kind: 'scheduled', at: galleries.scheduledAt },
    },
    titleField: 'title',
    group: 'gallery',
    toItem: (r) => ({
      _id: r.id,
      title: r.title,
      slug: r.slug,
      description: r.description,
      cover: r.cover ? uploads.imageMedia(r.cover as StoredImage) : null,
      numOfItems: r.numOfItems,
      isSale: r.isSale,
      price: r.price,
    }),
    values: (body, before, problems) => ({
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...pricingValues(body, before, problems),
    }),
    unpublishable: (row) => (row.cover ? null : { status: 'Status: add at least one photo before publishing the gallery.' }),
  });
}
