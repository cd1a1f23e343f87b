import { galleries } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from '../../../shared/contracts/galleries.ts';
import { canView, type Viewer } from '../catalogue/access.ts';
import { equal, findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { flagsOf, statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { GALLERIES } from '../catalogue/tables.ts';
import { listPhotos, type PhotoRow } from './photos.repository.ts';

export class GalleriesService {
  private readonly ctx: CatalogueContext;
  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
  }

  async search(query: GallerySearchQuery, viewer: Viewer) {
    const extra = query.isSale === undefined ? [] : [equal(galleries.isSale, query.isSale)];
    const { rows, ...total } = await listItems(this.ctx.db, GALLERIES, query, viewer, extra);
    return { data: rows.map((r) => this.toGallery(r, viewer)), ...total };
  }

  async view(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Gallery> {
    const row = await this.find(idOrSlug, viewer);
    if (visitor) await this.ctx.views.count(GALLERIES, row.id, visitor);
    return this.toGallery(row, viewer);
  }

  /** The photos of THAT gallery (404 when it does not exist), full size only for entitled viewers. */
  async photosOf(idOrSlug: string, query: PhotoListQuery, viewer: Viewer) {
    const gallery = await this.find(idOrSlug, viewer);
    return this.photos({ ...query, target: 'gallery', targetId: gallery.id }, viewer);
  }

  async photos(query: PhotoSearchQuery, viewer: Viewer) {
    const { rows, ...total } = await listPhotos(this.ctx.db, query, viewer);
    return { data: rows.map((r) => this.toPhoto(r, viewer)), ...total };
  }

  private async find(idOrSlug: string, viewer: Viewer) {
    const row = await findItem(this.ctx.db, GALLERIES, idOrSlug, viewer);
    if (!row) throw notFound('This gallery does not exist.');
    return row;
  }

  toGallery(r: ItemRow<typeof galleries>, viewer: Viewer): Gallery {
    const allowed = canView(viewer, r);
    return {
      _id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      tags: r.tags,
      // Public lists hold only galleries with a cover (PUBLIC_WHERE.galleries).
      coverPhoto: this.ctx.media.image(r.cover!, !allowed),
      numOfItems: r.numOfItems,
      categories: r.categories,
      isSale: r.isSale,
      price: r.price,
      stats: statsOf(r),
      ...flagsOf(r, allowed),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  toPhoto(r: PhotoRow, viewer: Viewer): Photo {
    const allowed = canView(viewer, r);
    return {
      _id: r.id,
      target: r.target,
      targetId: r.targetId,
      title: r.title,
      photo: { ...this.ctx.media.image(r.image, !allowed), mimeType: r.image.mimeType, size: allowed ? r.image.size : 0 },
      isCover: r.isCover,
    };
  }
}
