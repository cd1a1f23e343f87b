import type { Db } from '../../../db/client.ts';
import { videos } from '../../../db/schema.ts';
import type { StoredFile, StoredImage } from '../../../lib/media-types.ts';
import { contentAdapter, pricingValues, type ContentBody } from '../content.ts';
import type { AdminUploads } from '../uploads.ts';
import { fileValue, imageValue } from './media-fields.ts';

interface VideoBody extends ContentBody {
  title: string;
  description?: string;
  video: string;
  thumbnail: string;
  isSale?: boolean;
  price?: number;
}

/**
 * Videos: the same table as the public API. The file is one upload (MP4 or WebM, judged by its bytes) streamed by
 * /media with Range requests; a time to come is a premiere (`isSchedule`, `scheduledAt`), off the site until then.
 */
export function videosAdmin(db: Db, uploads: AdminUploads) {
  return contentAdapter<VideoBody>({
    db,
    what: 'video',
    table: videos,
    columns: {
      id: videos.id,
      slug: videos.slug,
      status: videos.status,
      title: videos.title,
      createdAt: videos.createdAt,
      updatedAt: videos.updatedAt,
      search: videos.search,
      categoryIds: videos.categoryIds,
      tags: videos.tags,
      release: { kind: 'scheduled', at: videos.scheduledAt, flag: videos.isSchedule },
    },
    titleField: 'title',
    group: 'video',
    toItem: (r) => ({
      _id: r.id,
      title: r.title,
      slug: r.slug,
      description: r.description,
      video: uploads.fileMedia(r.video as StoredFile, 'video'),
      thumbnail: uploads.imageMedia(r.thumbnail as StoredImage),
      isSale: r.isSale,
      price: r.price,
    }),
    values: (body, before, problems) => ({
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...fileValue(uploads, 'video', body.video, 'video', (before?.video as StoredFile) ?? null, problems, { label: 'Video file' }),
      ...imageValue(uploads, 'thumbnail', body.thumbnail, (before?.thumbnail as StoredImage) ?? null, problems, { label: 'Poster' }),
      ...pricingValues(body, before, problems),
    }),
  });
}
