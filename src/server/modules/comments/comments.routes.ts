import { Type } from 'typebox';
import { Comment, CommentBody, CommentSearchQuery } from '../../../shared/contracts/comments.ts';
import { Envelope, ErrorBody, ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { keyedLimit } from '../../lib/limits.ts';
import { readForm } from '../../lib/multipart.ts';
import { ok, type App } from '../../types.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

export async function commentsRoutes(app: App) {
  const comments = app.services.comments;
  // Per member: a burst of comments (and edits) is refused with 429 and Retry-After.
  const writeLimit = keyedLimit(app, {
    what: 'comments',
    max: app.config.communityLimits.commentsPerMinute,
    windowMs: 60_000,
    key: (req) => `comments:${req.auth?.user.id}`,
  });
  const member = { preHandler: [app.requireAuth, writeLimit] };

  app.post(
    '/comments',
    {
      schema: {
        operationId: 'comments_create',
        tags: ['comments'],
        summary: 'Comment on an item, or reply to a comment (objectType comment)',
        body: CommentBody,
        response: { 200: Envelope(Comment), ...errors },
      },
      ...member,
    },
    async (request) => ok(await comments.create(request.auth!.user, request.body)),
  );
  app.get(
    '/comments/search',
    {
      schema: {
        operationId: 'comments_search',
        tags: ['comments'],
        summary: 'The comments on one object, newest first, with their authors',
        querystring: CommentSearchQuery,
        response: { 200: Envelope(ListPayload(Comment)), 400: ErrorBody },
      },
    },
    async (request) => ok(await comments.search(request.query)),
  );
  app.delete(
    '/comments/:id',
    {
      schema: {
        operationId: 'comments_delete',
        tags: ['comments'],
        summary: 'Delete a comment and its replies (its author or an admin)',
        params: UuidParams,
        response: { 200: Envelope(Type.Object({ success: Type.Boolean(), _id: Type.String() })), ...errors },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok(await comments.remove(request.auth!.user, request.params.id)),
  );
  app.put(
    '/comments/:id',
    {
      schema: {
        operationId: 'comments_update',
        tags: ['comments'],
        summary: 'Edit my comment: multipart with `content` and an optional image in `file`',
        consumes: ['multipart/form-data'],
        params: UuidParams,
        response: { 200: Envelope(Comment), ...errors },
      },
      ...member,
    },
    async (request) => {
      const { id } = request.params;
      const { fields, file } = await readForm(request, { fileField: 'file', maxBytes: app.config.imageUploadLimit });
      return ok(await comments.update(request.auth!.user, id, fields.content, file?.data ?? null));
    },
  );
}
