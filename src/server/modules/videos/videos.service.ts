import { videos } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Video, VideoSearchQuery, VideoStream } from '../../../shared/contracts/videos.ts';
import { canView, type Viewer } from '../catalogue/access.ts';
import { equal, findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { flagsOf, statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { iso } from '../../lib/text/dates.ts';
import type { HlsLinks } from '../../lib/media/hls.ts';
import { VIDEOS } from '../catalogue/tables.ts';

const NO_STREAM: VideoStream = { url: null, expiresAt: null };

export class VideosService {
  private readonly ctx: CatalogueContext;
  private readonly hls: HlsLinks;
  constructor(ctx: CatalogueContext, hls: HlsLinks) {
    this.ctx = ctx;
    this.hls = hls;
  }

  async search(query: VideoSearchQuery, viewer: Viewer) {
    const extra = query.isSale === undefined ? [] : [equal(videos.isSale, query.isSale)];
    const { rows, ...total } = await listItems(this.ctx.db, VIDEOS, query, viewer, extra);
    return { data: rows.map((r) => this.toVideo(r, viewer, false)), ...total };
  }

  /** One video by `_id` or slug; counts a view of `visitor` (once an hour; null: none). */
  async get(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Video> {
    const row = await findItem(this.ctx.db, VIDEOS, idOrSlug, viewer);
    if (!row) throw notFound('This video does not exist.');
    if (visitor) await this.ctx.views.count(VIDEOS, row.id, visitor);
    return this.toVideo(row, viewer, true);
  }

  /**
   * A fresh signed stream link, for a player renewing the one it has: 404 like the detail, 403 when the access rule
   * withholds the video or its premiere has not passed; `{url: null}` while the video has no renditions.
   */
  async stream(idOrSlug: string, viewer: Viewer, opts: { native?: boolean } = {}): Promise<VideoStream> {
    const row = await findItem(this.ctx.db, VIDEOS, idOrSlug, viewer);
    if (!row) throw notFound('This video does not exist.');
    if (!canView(viewer, row)) throw forbidden('Unlock this video to watch it.', 'NOT_BOUGHT');
    if (!released(row)) throw forbidden('This video premieres later.');
    return this.streamOf(row, opts);
  }

  private streamOf(r: ItemRow<typeof videos>, opts: { native?: boolean } = {}): VideoStream {
    if (!r.hls?.renditions.length) return NO_STREAM;
    return this.hls.master(r.id, r.hls, opts);
  }

  /** The wire video; the stream links only in detail, and only when the access rule allows and the premiere has passed. */
  toVideo(r: ItemRow<typeof videos>, viewer: Viewer, detail: boolean): Video {
    const allowed = canView(viewer, r);
    const watch = detail && allowed && released(r);
    return {
      _id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      tags: r.tags,
      categories: r.categories,
      // Only ready videos reach visitors, and a ready video has a poster (the pipeline takes one when none was given).
      thumbnail: this.ctx.media.image(r.thumbnail!, !allowed),
      // The teaser is the public face of a priced video: everybody gets it.
      teaser: r.teaser && r.isSale && r.price > 0 ? this.ctx.media.file(r.teaser, true) : null,
      video: this.ctx.media.file(r.video, watch),
      stream: watch ? this.streamOf(r) : NO_STREAM,
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

const released = (r: { isSchedule: boolean; scheduledAt: Date | null }) => !r.isSchedule || !r.scheduledAt || r.scheduledAt.getTime() <= Date.now();
