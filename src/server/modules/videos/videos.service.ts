import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Video, VideoSearchQuery } from '../../../shared/contracts/videos.ts';
import { canView, type Viewer } from '../catalogue/access.ts';
import { findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { flagsOf, statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { iso } from '../../lib/dates.ts';
import { VIDEOS } from '../catalogue/tables.ts';

export class VideosService {
  private readonly ctx: CatalogueContext;
  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
  }

  async search(query: VideoSearchQuery, viewer: Viewer) {
    const extra = query.isSale === undefined ? [] : [eq(videos.isSale, query.isSale)];
    const { rows, total } = await listItems(this.ctx.db, VIDEOS, query, viewer, extra);
    return { data: rows.map((r) => this.toVideo(r, viewer, false)), total };
  }

  /** One video by `_id` or slug; counts a view of `visitor` (once an hour; null: none). */
  async get(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Video> {
    const row = await findItem(this.ctx.db, VIDEOS, idOrSlug, viewer);
    if (!row) throw notFound('This video does not exist.');
    if (visitor) await this.ctx.views.count(VIDEOS, row.id, visitor);
    return this.toVideo(row, viewer, true);
  }

  /** The wire video; the stream link only in detail, and only when the access rule allows and the premiere has passed. */
  toVideo(r: ItemRow<typeof videos>, viewer: Viewer, detail: boolean): Video {
    const allowed = canView(viewer, r);
    const released = !r.isSchedule || !r.scheduledAt || r.scheduledAt.getTime() <= Date.now();
    return {
      _id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      tags: r.tags,
      categories: r.categories,
      // Only ready videos reach visitors, and a ready video has a poster (the pipeline takes one when none was given).
      thumbnail: this.ctx.media.image(r.thumbnail!, !allowed),
      teaser: r.teaser ? this.ctx.media.file(r.teaser, true) : null,
      video: this.ctx.media.file(r.video, detail && allowed && released),
      isSale: r.isSale,
      price: r.price,
      isSchedule: r.isSchedule,
      scheduledAt: iso(r.scheduledAt),
      stats: statsOf(r),
      ...flagsOf(r, allowed),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }
}
