import { CurrentUser } from '../../../shared/contracts/users.ts';
import { Envelope, ErrorBody, IdParams } from '../../../shared/contracts/common.ts';
import { readForm } from '../../lib/http/multipart.ts';
import { ok, type App } from '../../types.ts';
import { USERS_RAW } from '../../../shared/operations/users.ts';
import type { PictureKind } from './profile.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

/**
 * The profile pictures' uploads: multipart, read from the request itself, hence routes and not operations (the rest
 * of the users' calls are in users.operations.ts).
 */
export async function usersRoutes(app: App) {
  const profiles = app.services.profiles;
  const member = { preHandler: app.requireAuth };

  // Pictures: multipart, field `file`; images only, re-encoded; the old file is removed. Admins may set anybody's.
  const upload = (kind: PictureKind, forOther: boolean) => async (request: import('fastify').FastifyRequest) => {
    const { id } = (request.params ?? {}) as { id?: string };
    const target = forOther ? await profiles.pictureTarget(request.auth!.user, id!) : request.auth!.user;
    const { file } = await readForm(request, { fileField: 'file', maxBytes: app.config.imageUploadLimit, requireFile: true });
    return ok(await profiles.storePicture(target, kind, file!.data));
  };
  const pictureSchema = (operationId: string, kind: string, params?: typeof IdParams) => ({
    schema: {
      operationId,
      tags: ['users'],
      summary: `Upload ${kind} (multipart, field \`file\`)`,
      consumes: ['multipart/form-data'],
      ...(params ? { params } : {}),
      response: { 200: Envelope(CurrentUser), ...errors },
    },
    ...member,
  });
  app.post(USERS_RAW.uploadAvatar.path, pictureSchema('users_avatar_upload', 'my avatar'), upload('avatar', false));
  app.post(USERS_RAW.uploadCover.path, pictureSchema('users_cover_upload', 'my cover'), upload('cover', false));
  app.post(
    USERS_RAW.uploadMemberAvatar.path,
    pictureSchema('users_member_avatar_upload', 'a member’s avatar (admins; a member may name themself)', IdParams),
    upload('avatar', true),
  );
}
