import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { videos, type MediaState } from '../../db/schema.ts';

export type VideoMediaRow = typeof videos.$inferSelect;
export type MediaValues = Partial<
  Pick<VideoMediaRow, 'mediaState' | 'mediaProgress' | 'mediaStep' | 'mediaError' | 'hls' | 'strip' | 'teaser' | 'thumbnail' | 'video'>
>;

/** A video that is not withdrawn, with its media columns. */
export async function findVideoMedia(db: Tx, id: string): Promise<VideoMediaRow | null> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), ne(videos.status, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** Every video waiting in the pipeline (not withdrawn). */
export function findProcessingVideos(db: Tx): Promise<VideoMediaRow[]> {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.mediaState, 'processing'), ne(videos.status, 'deleted')));
}

/**
 * Writes the pipeline's news of one video, as long as it still comes from the same source (`uploadId`): a video whose
 * file was replaced meanwhile is left to the newer job. Returns whether the row was written.
 */
export async function updateVideoMedia(db: Tx, id: string, uploadId: string | null, values: MediaValues): Promise<boolean> {
  const sameSource = uploadId === null ? undefined : eq(videos.uploadId, uploadId);
  const rows = await db
    .update(videos)
    .set(values)
    .where(and(eq(videos.id, id), sameSource))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** Puts a failed video back in the pipeline (a retry): processing from 0; null when it had not failed. */
export async function restartVideoMedia(db: Tx, id: string): Promise<VideoMediaRow | null> {
  const state: MediaState = 'processing';
  const [row] = await db
    .update(videos)
    .set({ mediaState: state, mediaProgress: 0, mediaStep: 'Waiting for its turn', mediaError: null })
    .where(and(eq(videos.id, id), ne(videos.status, 'deleted'), eq(videos.mediaState, 'failed')))
    .returning();
  return row ?? null;
}
