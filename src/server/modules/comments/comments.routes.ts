import { Comment } from '../../../shared/contracts/comments.ts';
import { Envelope, ErrorBody, UuidParams } from '../../../shared/contracts/common.ts';
import { readForm } from '../../lib/http/multipart.ts';
import { limitHook } from '../../lib/http/limits.ts';
import { ok, type App } from '../../types.ts';
import { commentsWriteLimit } from './comments.operations.ts';
import { COMMENTS_RAW } from '../../../shared/operations/comments.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

/**
 * The comment call that stays a route (the rest are operations, comments.operations.ts): an edit is a multipart body,
 * with an optional image.
 */
export async function commentsRoutes(app: App) {
  const comments = app.services.comments;
  app.put(
    COMMENTS_RAW.edit.path,
    {
      schema: {
        operationId: 'comments_update',
        tags: ['comments'],
        summary: 'Edit my comment: multipart with `content` and an optional image in `file`',
        consumes: ['multipart/form-data'],
        params: UuidParams,
        response: { 200: Envelope(Comment), ...errors },
      },
      preHandler: [app.requireAuth, limitHook(commentsWriteLimit(app))],
    },
    async (request) => {
      const { id } = request.params;
      const { fields, file } = await readForm(request, { fileField: 'file', maxBytes: app.config.imageUploadLimit });
      return ok(await comments.update(request.auth!.user, id, fields.content, file?.data ?? null));
    },
  );
}
