import fs from 'node:fs/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db, Tx } from '../../../db/client.ts';
import { galleries, photos } from '../../../db/schema.ts';
import { AppError, badRequest, invalid, notFound, unprocessable } from '../../../errors.ts';
import type { StoredImage } from '../../../lib/media/media-types.ts';
import { readForm } from '../../../lib/http/multipart.ts';
import { ok, type App } from '../../../types.ts';
import { operations, type Operation, type OperationSpec } from '../../../operations/define.ts';
import type { ListResult } from '../../../../shared/api-client.ts';
import { ADMIN_RAW, GALLERY_PHOTOS, type AdminPhoto } from '../../../../shared/operations/admin.ts';
import { Envelope, errorBodies, ListPayload, UuidParams } from '../../../../shared/contracts/common.ts';
import { insertAudit } from '../audit.repository.ts';
import type { Row } from '../content.ts';
import type { AdminUploads } from '../uploads.ts';

type PhotoRow = typeof photos.$inferSelect;

const Media = Type.Object({ ref: Type.String(), url: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: true });
const Photo = Type.Object({ _id: Type.String(), title: Type.String(), isCover: Type.Boolean(), ordering: Type.Integer(), photo: Media });
const PhotoParams = Type.Object({ id: UuidParams.properties.id, photoId: Type.String({ format: 'uuid', description: "the photo's `_id` (a UUID)" }) });
const OrderBody = Type.Object(
  { ids: Type.Array(Type.String({ format: 'uuid' }), { title: 'Order', minItems: 1, maxItems: 1000, uniqueItems: true }) },
  { additionalProperties: false },
);
const ERRORS = [400, 401, 403, 404, 422] as const;

/**
 * A gallery's photos in the back office: list, add one (an upload each, so a browser sends many with progress),
 * order, choose the cover, remove. The gallery's cover and photo count follow in the same transaction; the first
 * photo becomes the cover, and a published gallery keeps at least one. Every change is in the audit log and empties
 * the pages' caches. Adding is a route (a multipart body, or a finished upload's bytes: `registerAdd`); the rest are
 * operations.
 */
export function galleryPhotos(api: App, db: Db, uploads: AdminUploads, findGallery: (id: string) => Promise<Row>) {
  const tag = (verb: string, summary: string) => ({ operationId: `admin_galleries_photos_${verb}`, tags: ['admin'], summary });
  const toPhoto = (p: PhotoRow): AdminPhoto => ({ _id: p.id, title: p.title, isCover: p.isCover, ordering: p.ordering, photo: uploads.imageMedia(p.image) });
  const listOf = async (galleryId: string) => {
    const rows = await db
      .select()
      .from(photos)
      .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, galleryId)))
      .orderBy(asc(photos.ordering), asc(photos.createdAt));
    return { data: rows.map(toPhoto), total: rows.length };
  };
  const audit = async (user: { id: string; username: string }, galleryId: string, action: string, before: object, after: object) => {
    await insertAudit(db, {
      actorId: user.id,
      actorName: user.username,
      resource: 'galleries',
      targetId: galleryId,
      action,
      before: before as Record<string, unknown>,
      after: after as Record<string, unknown>,
    });
    api.siteChanges.publish('content');
  };
  const ids = (list: { data: AdminPhoto[] }) => ({ photos: list.data.map((p) => p._id), cover: list.data.find((p) => p.isCover)?._id ?? null });
  /** The gallery's cover and count from its photos as they now are (the cover photo, else the first). */
  const settle = async (tx: Tx, galleryId: string) => {
    const rows = await tx
      .select()
      .from(photos)
      .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, galleryId)))
      .orderBy(asc(photos.ordering), asc(photos.createdAt));
    const cover = rows.find((r) => r.isCover) ?? rows[0] ?? null;
    if (cover && !cover.isCover) await tx.update(photos).set({ isCover: true }).where(eq(photos.id, cover.id));
    await tx
      .update(galleries)
      .set({ cover: cover?.image ?? null, numOfItems: rows.length, updatedAt: new Date() })
      .where(eq(galleries.id, galleryId));
  };

  /**
   * A photo's bytes: the multipart file, or a finished resumable upload's (JSON `{ uploadId }`), which must be a
   * complete picture upload; the upload is removed once it became a photo (`done`).
   */
  async function photoBytes(request: FastifyRequest): Promise<{ data: Buffer; name: string; done: () => Promise<void> }> {
    if (request.isMultipart()) {
      const { file } = await readForm(request, { fileField: 'file', maxBytes: api.config.imageUploadLimit, requireFile: true });
      return { data: file!.data, name: file!.filename, done: async () => {} };
    }
    const body = request.body as { uploadId?: unknown } | null | undefined;
    const uploadId = typeof body?.uploadId === 'string' ? body.uploadId.trim() : '';
    if (!uploadId || uploadId.length > 200)
      throw badRequest('Send the photo as multipart/form-data (field `file`), or a finished upload as JSON `{ "uploadId": "…" }`.');
    // The resumable uploads (modules/uploads): the row says what it is and how far it got.
    const source = api.uploads;
    const upload = await source.find(uploadId);
    if (!upload) throw badRequest('No such upload: send the photo again.');
    if (upload.purpose !== 'image') throw badRequest('This upload is not a photo.', 'NOT_AN_IMAGE');
    if (upload.state === 'failed') throw badRequest('This upload failed: send the photo again.');
    if (upload.state !== 'complete') throw badRequest('This upload has not finished yet.');
    if (upload.size > api.config.imageUploadLimit) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'This photo is too large.');
    const local = await source.localFile(uploadId);
    try {
      return { data: await fs.readFile(local.path), name: upload.name, done: () => source.remove(uploadId).catch(() => {}) };
    } finally {
      await local.cleanup().catch(() => {});
    }
  }

  const registerAdd = (scope: App) =>
    scope.post(
      ADMIN_RAW.addPhoto.path,
      {
        schema: {
          ...tag(
            'add',
            'Add a photo to a gallery: multipart (field `file`), or JSON `{ uploadId }` naming a finished resumable picture upload (`/api/admin/uploads`, purpose `image`; removed once added). The first becomes its cover',
          ),
          consumes: ['multipart/form-data', 'application/json'],
          params: UuidParams,
          response: { 200: Envelope(Photo), ...errorBodies([...ERRORS, 413]) },
        },
      },
      async (request) => {
        const gallery = await findGallery(request.params.id);
        const bytes = await photoBytes(request);
        const image: StoredImage = await uploads.storeImage(bytes.data);
        await uploads.recordImage(image, bytes.name || String(gallery.title), request.auth!.user.id);
        const before = ids(await listOf(gallery.id));
        const photo = await db.transaction(async (tx) => {
          // One add at a time per gallery: the row lock orders concurrent uploads.
          await tx.execute(sql`select 1 from ${galleries} where ${galleries.id} = ${gallery.id} for update`);
          const [{ next }] = (await tx
            .select({ next: sql<number>`coalesce(max(${photos.ordering}) + 1, 0)::int` })
            .from(photos)
            .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, gallery.id)))) as [{ next: number }];
          const [row] = await tx
            .insert(photos)
            .values({ target: 'gallery', targetId: gallery.id, title: `${String(gallery.title)} ${next + 1}`, image, ordering: next })
            .returning();
          await settle(tx, gallery.id);
          return row!;
        });
        await bytes.done();
        const after = await listOf(gallery.id);
        await audit(request.auth!.user, gallery.id, 'photo-add', before, ids(after));
        return ok(after.data.find((p) => p._id === photo.id) ?? toPhoto(photo));
      },
    );

  const photoOf = async (galleryId: string, photoId: string) => {
    const [row] = await db
      .select()
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.target, 'gallery'), eq(photos.targetId, galleryId)));
    if (!row) throw notFound('No such photo in this gallery.');
    return row;
  };

  /** A photo's verb: the gallery's photos after it, as the list answers them. */
  const onePhoto = (
    verb: string,
    summary: string,
    run: (gallery: Row, photo: PhotoRow, user: { id: string; username: string }) => Promise<ListResult<AdminPhoto>>,
  ): OperationSpec<{ params: { id: string; photoId: string } }, ListResult<AdminPhoto>> => ({
    ...tag(verb, summary),
    access: 'admin',
    params: PhotoParams,
    response: ListPayload(Photo),
    errors: ERRORS,
    run: async ({ params }, ctx) => {
      const gallery = await findGallery(params.id);
      return run(gallery, await photoOf(gallery.id, params.photoId), ctx.auth!.user);
    },
  });
  const list = operations(GALLERY_PHOTOS, {
    list: {
      ...tag('list', "A gallery's photos, in their order"),
      access: 'admin',
      params: UuidParams,
      response: ListPayload(Photo),
      errors: ERRORS,
      run: async ({ params }) => {
        await findGallery(params.id);
        return listOf(params.id);
      },
    },
    order: {
      ...tag('order', "Put a gallery's photos in this order (every photo, once)"),
      access: 'admin',
      params: UuidParams,
      body: OrderBody,
      response: ListPayload(Photo),
      errors: ERRORS,
      run: async ({ params, body }, ctx) => {
        const gallery = await findGallery(params.id);
        const before = await listOf(gallery.id);
        const current = before.data.map((p) => p._id);
        const asked = body.ids;
        if (asked.length !== current.length || !asked.every((id) => current.includes(id)))
          throw invalid({ ids: "Order: list each of the gallery's photos once." });
        await db.transaction(async (tx) => {
          for (const [ordering, id] of asked.entries()) await tx.update(photos).set({ ordering }).where(eq(photos.id, id));
          await settle(tx, gallery.id);
        });
        const after = await listOf(gallery.id);
        await audit(ctx.auth!.user, gallery.id, 'photos-order', ids(before), ids(after));
        return after;
      },
    },
    cover: onePhoto('cover', "Make a photo the gallery's cover", async (gallery, photo, user) => {
      const before = ids(await listOf(gallery.id));
      await db.transaction(async (tx) => {
        await tx
          .update(photos)
          .set({ isCover: sql`${photos.id} = ${photo.id}` })
          .where(and(eq(photos.target, 'gallery'), eq(photos.targetId, gallery.id)));
        await settle(tx, gallery.id);
      });
      const after = await listOf(gallery.id);
      await audit(user, gallery.id, 'photo-cover', before, ids(after));
      return after;
    }),
    remove: onePhoto(
      'delete',
      'Remove a photo from the gallery (its picture stays in the media library); the next becomes the cover if it was',
      async (gallery, photo, user) => {
        const before = await listOf(gallery.id);
        if (gallery.status === 'active' && before.total === 1)
          throw unprocessable('A published gallery keeps at least one photo. Unpublish it first, or add another.');
        await db.transaction(async (tx) => {
          await tx.delete(photos).where(eq(photos.id, photo.id));
          await settle(tx, gallery.id);
        });
        const after = await listOf(gallery.id);
        await audit(user, gallery.id, 'photo-delete', ids(before), ids(after));
        return after;
      },
    ),
  });
  return { operations: list as Operation[], registerAdd };
}
