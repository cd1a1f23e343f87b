import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { galleries, photos } from '../../db/schema.ts';
import { invalid, notFound, unprocessable } from '../../errors.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import { auditedWrite, type WriteDeps, type Writer } from '../content/content-writes.ts';

export type GalleryPhoto = typeof photos.$inferSelect;

/** A gallery's photos in their order. */
const photosOf = (tx: Tx, galleryId: string): Promise<GalleryPhoto[]> =>
  tx
    .select()
    .from(photos)
    .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, galleryId)))
    .orderBy(asc(photos.ordering), asc(photos.createdAt));

/** What the audit log keeps of a gallery's photos: their order and the cover. */
const summary = (galleryId: string, rows: GalleryPhoto[]) => ({
  _id: galleryId,
  photos: rows.map((p) => p.id),
  cover: rows.find((p) => p.isCover)?.id ?? null,
});

/**
 * A gallery's photos, written by the galleries module: add, order, choose the cover, remove. Each change is one
 * transaction that holds the gallery's row (concurrent changes to one gallery go one at a time), settles its cover and
 * photo count (the cover photo, else the first), and writes its audit entry (the order and cover before and after);
 * once committed, the site is told. A published gallery keeps at least one photo.
 */
export function galleryPhotoWrites(deps: WriteDeps) {
  const { db } = deps;
  const change = <T>(
    by: Writer,
    galleryId: string,
    action: string,
    run: (tx: Tx, gallery: { status: string; title: string }, rows: GalleryPhoto[]) => Promise<T>,
  ): Promise<{ value: T; photos: GalleryPhoto[] }> =>
    auditedWrite(deps, 'galleries', by, action, async (tx) => {
      const [gallery] = await tx
        .select({ status: galleries.status, title: galleries.title })
        .from(galleries)
        .where(and(eq(galleries.id, galleryId), ne(galleries.status, 'deleted')))
        .for('update');
      if (!gallery) throw notFound('No such gallery.');
      const before = await photosOf(tx, galleryId);
      const value = await run(tx, gallery, before);
      const after = await settle(tx, galleryId);
      return { id: galleryId, before: summary(galleryId, before), after: summary(galleryId, after), answer: { value, photos: after } };
    });

  /** The cover and count from the photos as they now are; the photos as they are then. */
  async function settle(tx: Tx, galleryId: string): Promise<GalleryPhoto[]> {
    const rows = await photosOf(tx, galleryId);
    const cover = rows.find((r) => r.isCover) ?? rows[0] ?? null;
    if (cover && !cover.isCover) {
      await tx.update(photos).set({ isCover: true }).where(eq(photos.id, cover.id));
      cover.isCover = true;
    }
    await tx
      .update(galleries)
      .set({ cover: cover?.image ?? null, numOfItems: rows.length, updatedAt: new Date() })
      .where(eq(galleries.id, galleryId));
    return rows;
  }

  const photoIn = (rows: GalleryPhoto[], photoId: string) => {
    const photo = rows.find((p) => p.id === photoId);
    if (!photo) throw notFound('No such photo in this gallery.');
    return photo;
  };

  return {
    list: (galleryId: string) => photosOf(db, galleryId),
    /** A stored picture as the gallery's last photo (its first: the cover); the photos after, and the new one's id. */
    add: (galleryId: string, image: StoredImage, by: Writer) =>
      change(by, galleryId, 'photo-add', async (tx, gallery, rows) => {
        const next = rows.reduce((max, p) => Math.max(max, p.ordering + 1), 0);
        const [row] = await tx
          .insert(photos)
          .values({ target: 'gallery', targetId: galleryId, title: `${gallery.title} ${next + 1}`, image, ordering: next })
          .returning({ id: photos.id });
        return row!.id;
      }),
    /** Every photo of the gallery, once, in the order given. */
    order: (galleryId: string, ids: string[], by: Writer) =>
      change(by, galleryId, 'photos-order', async (tx, _gallery, rows) => {
        if (ids.length !== rows.length || !rows.every((p) => ids.includes(p.id))) throw invalid({ ids: "Order: list each of the gallery's photos once." });
        for (const [ordering, id] of ids.entries()) await tx.update(photos).set({ ordering }).where(eq(photos.id, id));
      }),
    cover: (galleryId: string, photoId: string, by: Writer) =>
      change(by, galleryId, 'photo-cover', async (tx, _gallery, rows) => {
        photoIn(rows, photoId);
        await tx
          .update(photos)
          .set({ isCover: sql`${photos.id} = ${photoId}` })
          .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, galleryId)));
      }),
    /** Off the gallery (its picture stays in the media library); the next becomes the cover if it was. */
    remove: (galleryId: string, photoId: string, by: Writer) =>
      change(by, galleryId, 'photo-delete', async (tx, gallery, rows) => {
        photoIn(rows, photoId);
        if (gallery.status === 'active' && rows.length === 1)
          throw unprocessable('A published gallery keeps at least one photo. Unpublish it first, or add another.');
        await tx.delete(photos).where(eq(photos.id, photoId));
      }),
  };
}

export type GalleryPhotoWrites = ReturnType<typeof galleryPhotoWrites>;
