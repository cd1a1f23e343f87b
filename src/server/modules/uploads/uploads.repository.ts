import { and, count, eq, inArray, isNull, lt, notExists, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads, videos } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** What an admin has under way: uploads still uploading, and the bytes they announce. */
export interface UnderWay {
  open: number;
  bytes: number;
}

/**
 * Records a new upload (`uploading`) if its owner stays within the bounds with it; otherwise records nothing and
 * returns what they have under way. One owner's creations take turns (a transaction-scoped advisory lock), so
 * creations sent at once cannot all pass the same check.
 */
export function reserveUpload(
  db: Db,
  values: Pick<UploadRow, 'id' | 'purpose' | 'name' | 'size'> & { userId: string },
  bound: { maxOpen: number; maxBytes: number },
): Promise<UnderWay | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${values.userId}`}))`);
    const [row] = await tx
      .select({ open: count(), bytes: sum(uploads.size).mapWith(Number) })
      .from(uploads)
      .where(and(eq(uploads.userId, values.userId), eq(uploads.state, 'uploading')));
    const underWay = { open: row?.open ?? 0, bytes: row?.bytes ?? 0 };
    if (underWay.open >= bound.maxOpen || underWay.bytes + values.size > bound.maxBytes) return underWay;
    await tx.insert(uploads).values({ ...values, state: 'uploading' });
    return null;
  });
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/** Notes what the first bytes were found to be (only once, and only while it is still uploading). */
export async function setUploadType(db: Db, id: string, mimeType: string): Promise<void> {
  await db
    .update(uploads)
    .set({ mimeType, updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.state, 'uploading'), isNull(uploads.mimeType)));
}

/** `uploading` → `complete`; false when it was not uploading any more (failed, removed). */
export async function completeUpload(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ state: 'complete', updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.state, 'uploading')))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** The type and the end at once (a file whose whole fits in its first check). */
export async function setUploadTypeAndFinish(db: Db, id: string, mimeType: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ mimeType, state: 'complete', updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.state, 'uploading')))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

export async function failUpload(db: Db, id: string, error: string): Promise<void> {
  await db.update(uploads).set({ state: 'failed', error, updatedAt: new Date() }).where(eq(uploads.id, id));
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/**
 * What the sweep removes: uploads still `uploading` or `failed` since before `stale`, and finished ones since before
 * `unused` that no video names as its source (an upload the operator never put into a form).
 */
export function staleUploads(db: Db, stale: Date, unused: Date): Promise<Pick<UploadRow, 'id' | 'state'>[]> {
  return db
    .select({ id: uploads.id, state: uploads.state })
    .from(uploads)
    .where(
      or(
        and(or(eq(uploads.state, 'uploading'), eq(uploads.state, 'failed')), lt(uploads.createdAt, stale)),
        and(
          eq(uploads.state, 'complete'),
          lt(uploads.updatedAt, unused),
          notExists(
            db
              .select({ one: sql`1` })
              .from(videos)
              .where(eq(videos.uploadId, uploads.id)),
          ),
        ),
      ),
    )
    .limit(500);
}

/** Which of these ids have a row (to tell leftover bytes without one). */
export async function knownUploads(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
  return new Set(rows.map((r) => r.id));
}
