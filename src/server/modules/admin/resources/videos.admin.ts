import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uploads as uploadsTable, videos, type MediaState } from '../../../db/schema.ts';
import type { StoredFile, StoredImage, ThumbnailStrip } from '../../../lib/media/media-types.ts';
import type { MediaPipeline } from '../../media/media-pipeline.ts';
import { mediaLabel } from '../../../../shared/admin/resources/videos.ts';
import { contentAdapter, pricingValues, type ContentBody } from '../content.ts';
import { CURRENT_FILE, type AdminUploads } from '../uploads.ts';
import { fileValue, imageValue } from './media-fields.ts';

interface VideoBody extends ContentBody {
  title: string;
  description?: string;
  video: string;
  thumbnail?: string | null;
  teaserStart?: number;
  isSale?: boolean;
  price?: number;
}

/**
 * Videos: the same table as the public API. The file is a finished resumable upload (its id) or a one-piece upload's
 * reference; either way the media pipeline makes its streams, so a new file puts the video in `processing` and queues
 * the job after the save. A time to come is a premiere (`isSchedule`, `scheduledAt`), off the site until then.
 */
export function videosAdmin(db: Db, uploads: AdminUploads, media: MediaPipeline) {
  const adapter = contentAdapter<VideoBody>({
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
    filters: (query) => (query.media ? [eq(videos.mediaState, query.media as MediaState)] : []),
    toItem: (r) => ({
      _id: r.id,
      title: r.title,
      slug: r.slug,
      description: r.description,
      video: uploads.fileMedia(r.video as StoredFile, 'video'),
      thumbnail: r.thumbnail ? uploads.imageMedia(r.thumbnail as StoredImage) : null,
      teaserStart: r.teaserStart,
      isSale: r.isSale,
      price: r.price,
      media: mediaLabel(r.mediaState as MediaState, r.mediaProgress as number),
      mediaState: r.mediaState,
      mediaProgress: r.mediaProgress,
      mediaStep: r.mediaStep,
      mediaError: r.mediaError,
      // Its frames, every `interval` seconds (the operator picks the teaser's start from them).
      strip: r.strip ? { ...stripOf(r.strip as ThumbnailStrip), url: uploads.link((r.strip as ThumbnailStrip).key) } : null,
    }),
    values: async (body, before, problems) => ({
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.teaserStart !== undefined ? { teaserStart: body.teaserStart } : {}),
      ...(await sourceValues(db, uploads, body.video, (before?.video as StoredFile) ?? null, problems)),
      ...imageValue(uploads, 'thumbnail', body.thumbnail, (before?.thumbnail as StoredImage) ?? null, problems, { label: 'Poster', optional: true }),
      ...pricingValues(body, before, problems),
    }),
  });
  return {
    ...adapter,
    async create(body: VideoBody, actor: Parameters<typeof adapter.create>[1]) {
      const item = await adapter.create(body, actor);
      await media.saved(item._id, { newSource: true, newTeaser: false });
      return item;
    },
    async update(id: string, patch: Partial<VideoBody>, actor: Parameters<typeof adapter.update>[2]) {
      const before = await adapter.find(id);
      const item = await adapter.update(id, patch, actor);
      const newSource = patch.video !== undefined && patch.video !== CURRENT_FILE;
      await media.saved(id, { newSource, newTeaser: patch.teaserStart !== undefined && patch.teaserStart !== before.teaserStart });
      return item;
    },
    trash: adapter.trash && {
      ...adapter.trash,
      /** A video deleted before its streams were made goes through the pipeline again as it comes back. */
      async restore(id: string, actor: Parameters<NonNullable<typeof adapter.trash>['restore']>[1]) {
        const restored = await adapter.trash!.restore(id, actor);
        if (restored.item.mediaState === 'processing') await media.saved(id, { newSource: true, newTeaser: false });
        return restored;
      },
    },
    actions: {
      /** Puts a failed video through the pipeline again. */
      retry: async (id: string) => {
        await media.retry(id);
        return adapter.get(id);
      },
    },
  };
}

/**
 * The video file field: a finished resumable upload's id, a one-piece upload's reference, or `current`. A new file
 * (either kind) means new streams: the video goes to `processing`, its source named by `uploadId` (the stored file
 * for a one-piece upload).
 */
async function sourceValues(db: Db, uploads: AdminUploads, value: string | undefined, current: StoredFile | null, problems: Record<string, string>) {
  if (value === undefined || (current && value === CURRENT_FILE)) return {};
  const processing = { mediaState: 'processing', mediaProgress: 0, mediaStep: 'Waiting for its turn', mediaError: null } as const;
  const [upload] = value.startsWith('up.') ? [] : await db.select().from(uploadsTable).where(eq(uploadsTable.id, value)).limit(1);
  if (upload) {
    if (upload.purpose !== 'video' || upload.state !== 'complete') {
      problems.video = upload.state === 'failed' ? `Video file: ${upload.error ?? 'this upload failed.'}` : 'Video file: wait until the upload has finished.';
      return {};
    }
    // Until the pipeline has copied it into storage, the file is only described (no key: nothing to play yet).
    const video: StoredFile = { key: '', name: upload.name, mimeType: upload.mimeType ?? 'video/mp4', size: upload.size };
    return { video, uploadId: upload.id, ...processing };
  }
  const file = fileValue(uploads, 'video', value, 'video', current, problems, { label: 'Video file' });
  return file.video ? { ...file, uploadId: null, ...processing } : file;
}

/** A strip as the back office sees it: its layout, never its storage key. */
const stripOf = ({ interval, count, columns, width, height }: ThumbnailStrip) => ({ interval, count, columns, width, height });
