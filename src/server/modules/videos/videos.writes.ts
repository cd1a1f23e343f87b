import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uploads as uploadsTable, videos, type MediaState } from '../../db/schema.ts';
import type { StoredFile, StoredImage, ThumbnailStrip } from '../../lib/media/media-types.ts';
import type { MediaPipeline } from '../media/media-pipeline.ts';
import { mediaLabel } from '../../../shared/admin/resources/videos.ts';
import { contentWrites, pricingValues, type ContentBody, type WriteDeps, type Writer } from '../content/content-writes.ts';
import { CURRENT_FILE, type AdminUploads } from '../media-library/uploads.ts';
import { fileValue, imageValue } from '../media-library/media-fields.ts';

export interface VideoBody extends ContentBody {
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
export function videoWrites(deps: WriteDeps, uploads: AdminUploads, media: () => MediaPipeline) {
  const writes = contentWrites<VideoBody>(deps, {
    resource: 'videos',
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
    values: async (body, before, problems, tx) => ({
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.teaserStart !== undefined ? { teaserStart: body.teaserStart } : {}),
      ...(await sourceValues(tx, uploads, body.video, (before?.video as StoredFile) ?? null, problems)),
      ...imageValue(uploads, 'thumbnail', body.thumbnail, (before?.thumbnail as StoredImage) ?? null, problems, { label: 'Poster', optional: true }),
      ...pricingValues(body, before, problems),
    }),
  });
  // After the save has committed, a new file (or a new teaser start) goes to the media pipeline.
  return {
    ...writes,
    async create(body: VideoBody, by: Writer) {
      const item = await writes.create(body, by);
      await media().saved(item._id, { newSource: true, newTeaser: false });
      return item;
    },
    async update(id: string, patch: Partial<VideoBody>, by: Writer, action?: string) {
      const before = await writes.find(id);
      const item = await writes.update(id, patch, by, action);
      const newSource = patch.video !== undefined && patch.video !== CURRENT_FILE;
      await media().saved(id, { newSource, newTeaser: patch.teaserStart !== undefined && patch.teaserStart !== before.teaserStart });
      return item;
    },
    trash: {
      ...writes.trash,
      /** A video deleted before its streams were made goes through the pipeline again as it comes back. */
      async restore(id: string, by: Writer) {
        const restored = await writes.trash.restore(id, by);
        if (restored.item.mediaState === 'processing') await media().saved(id, { newSource: true, newTeaser: false });
        return restored;
      },
    },
    /** Puts a failed video through the pipeline again; the answer is the video. */
    async retry(id: string) {
      await media().retry(id);
      return writes.get(id);
    },
  };
}

/**
 * The video file field: a finished resumable upload's id, a one-piece upload's reference, or `current`. A new file
 * (either kind) means new streams: the video goes to `processing`, its source named by `uploadId` (the stored file
 * for a one-piece upload).
 */
async function sourceValues(db: Tx, uploads: AdminUploads, value: string | undefined, current: StoredFile | null, problems: Record<string, string>) {
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
