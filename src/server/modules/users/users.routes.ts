import { CurrentUser, ProfileUpdateBody, PublicUser } from '../../../shared/contracts/users.ts';
import { Envelope, ErrorBody, IdParams, ListPayload, ListQuery } from '../../../shared/contracts/common.ts';
import { readForm } from '../../lib/multipart.ts';
import { ok, type App } from '../../types.ts';
import { toCurrentUser } from './users.mapper.ts';
import type { PictureKind } from './profile.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

export async function usersRoutes(app: App) {
  const profiles = app.services.profiles;
  const member = { preHandler: app.requireAuth };
  app.get(
    '/users/me',
    {
      schema: { operationId: 'users_me', tags: ['users'], summary: 'The logged-in member', response: { 200: Envelope(CurrentUser), 401: ErrorBody } },
      preHandler: app.requireAuth,
    },
    async (request) => ok(toCurrentUser(request.auth!.user)),
  );
  app.put(
    '/users',
    {
      schema: {
        operationId: 'users_update',
        tags: ['users'],
        summary: 'Update my profile (name, username, bio, country, language, phone, gender; cover: null removes it)',
        body: ProfileUpdateBody,
        response: { 200: Envelope(CurrentUser), ...errors },
      },
      ...member,
    },
    async (request) => ok(await profiles.update(request.auth!.user, request.body)),
  );

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
  app.post('/users/avatar/upload', pictureSchema('users_avatar_upload', 'my avatar'), upload('avatar', false));
  app.post('/users/cover/upload', pictureSchema('users_cover_upload', 'my cover'), upload('cover', false));
  app.post(
    '/users/:id/avatar/upload',
    pictureSchema('users_member_avatar_upload', 'a member’s avatar (admins; a member may name themself)', IdParams),
    upload('avatar', true),
  );

  app.get(
    '/users/search',
    {
      schema: {
        operationId: 'users_search',
        tags: ['users'],
        summary: 'Members by name or username (public fields only)',
        querystring: ListQuery,
        response: { 200: Envelope(ListPayload(PublicUser)), 400: ErrorBody },
      },
    },
    async (request) => ok(await profiles.search(request.query.q, request.query.limit ?? 12, request.query.offset ?? 0)),
  );
  app.get(
    '/users/view/:id',
    {
      schema: {
        operationId: 'users_view',
        tags: ['users'],
        summary: 'A member’s public profile, by id or username',
        params: IdParams,
        response: { 200: Envelope(PublicUser), 404: ErrorBody },
      },
    },
    async (request) => ok(await profiles.view(request.params.id)),
  );
}
