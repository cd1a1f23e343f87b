import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, badRequest } from '../../../errors.ts';
import type { StoredImage } from '../../../lib/media/media-types.ts';
import { readForm } from '../../../lib/http/multipart.ts';
import { ok, type App } from '../../../types.ts';
import { operations, type Operation, type OperationSpec } from '../../../operations/define.ts';
import type { ListResult } from '../../../../shared/api-client.ts';
import { ADMIN_RAW, GALLERY_PHOTOS, type AdminPhoto } from '../../../../shared/operations/admin.ts';
import { Envelope, errorBodies, ListPayload, UuidParams } from '../../../../shared/contracts/common.ts';
import type { Writer } from '../../content/content-writes.ts';
import type { GalleryPhoto, GalleryPhotoWrites } from '../../galleries/photos.writes.ts';
import type { AdminUploads } from '../../media-library/uploads.ts';
import type { UserRow } from '../../users/users.repository.ts';

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
 * order, choose the cover, remove, each a write of the galleries module (galleries/photos.writes.ts: one transaction
 * with its audit entry, the site told after it). Adding is a route (a multipart body, or a finished upload's bytes:
 * `registerAdd`); the rest are operations.
 */
export function galleryPhotos(api: App, writes: GalleryPhotoWrites, uploads: AdminUploads) {
  const tag = (verb: string, summary: string) => ({ operationId: `admin_galleries_photos_${verb}`, tags: ['admin'], summary });
  const toPhoto = (p: GalleryPhoto): AdminPhoto => ({
    _id: p.id,
    title: p.title,
    isCover: p.isCover,
    ordering: p.ordering,
    photo: uploads.imageMedia(p.image),
  });
  const listOf = (rows: GalleryPhoto[]): ListResult<AdminPhoto> => ({ data: rows.map(toPhoto), total: rows.length });
  const by = (user: UserRow): Writer => ({ id: user.id, name: user.username });

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
        const galleryId = request.params.id;
        // A gallery that is not there refuses before the bytes are stored.
        const gallery = await api.services.content.galleries.find(galleryId);
        const bytes = await photoBytes(request);
        const image: StoredImage = await uploads.storeImage(bytes.data);
        await uploads.recordImage(image, bytes.name || String(gallery.title), request.auth!.user.id);
        const { value: added, photos: after } = await writes.add(galleryId, image, by(request.auth!.user));
        await bytes.done();
        return ok(toPhoto(after.find((p) => p.id === added)!));
      },
    );

  /** A photo's verb: the gallery's photos after it, as the list answers them. */
  const onePhoto = (
    verb: string,
    summary: string,
    run: (galleryId: string, photoId: string, writer: Writer) => Promise<{ photos: GalleryPhoto[] }>,
  ): OperationSpec<{ params: { id: string; photoId: string } }, ListResult<AdminPhoto>> => ({
    ...tag(verb, summary),
    access: 'admin',
    params: PhotoParams,
    response: ListPayload(Photo),
    errors: ERRORS,
    run: async ({ params }, ctx) => listOf((await run(params.id, params.photoId, by(ctx.auth!.user))).photos),
  });
  const list = operations(GALLERY_PHOTOS, {
    list: {
      ...tag('list', "A gallery's photos, in their order"),
      access: 'admin',
      params: UuidParams,
      response: ListPayload(Photo),
      errors: ERRORS,
      run: async ({ params }) => {
        await api.services.content.galleries.find(params.id);
        return listOf(await writes.list(params.id));
      },
    },
    order: {
      ...tag('order', "Put a gallery's photos in this order (every photo, once)"),
      access: 'admin',
      params: UuidParams,
      body: OrderBody,
      response: ListPayload(Photo),
      errors: ERRORS,
      run: async ({ params, body }, ctx) => listOf((await writes.order(params.id, body.ids, by(ctx.auth!.user))).photos),
    },
    cover: onePhoto('cover', "Make a photo the gallery's cover", (gallery, photo, writer) => writes.cover(gallery, photo, writer)),
    remove: onePhoto(
      'delete',
      'Remove a photo from the gallery (its picture stays in the media library); the next becomes the cover if it was',
      (gallery, photo, writer) => writes.remove(gallery, photo, writer),
    ),
  });
  return { operations: list as Operation[], registerAdd };
}
