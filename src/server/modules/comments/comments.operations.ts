import { Type } from 'typebox';
import { Comment, CommentBody, CommentSearchQuery } from '../../../shared/contracts/comments.ts';
import { ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { COMMENTS } from '../../../shared/operations/comments.ts';
import { operations, type ErrorStatus } from '../../operations/define.ts';
import { keyedLimit } from '../../lib/http/limits.ts';
import type { App } from '../../types.ts';

const errors: ErrorStatus[] = [400, 401, 403, 404, 413, 429];

/**
 * Per member: a burst of comments and edits is refused with 429 and Retry-After. One limit for writing (here) and
 * editing (a route, comments.routes.ts): one counter per app, whichever of its instances asks.
 */
export function commentsWriteLimit(app: App) {
  let limit = writeLimits.get(app.services);
  if (!limit) {
    limit = keyedLimit(app, {
      what: 'comments',
      max: app.config.communityLimits.commentsPerMinute,
      windowMs: 60_000,
      key: (req) => `comments:${req.auth?.user.id}`,
    });
    writeLimits.set(app.services, limit);
  }
  return limit;
}
const writeLimits = new WeakMap<object, ReturnType<typeof keyedLimit>>();

export function commentsOperations(app: App) {
  const comments = app.services.comments;
  return operations(COMMENTS, {
    create: {
      operationId: 'comments_create',
      summary: 'Comment on an item, or reply to a comment (objectType comment)',
      tags: ['comments'],
      access: 'member',
      body: CommentBody,
      response: Comment,
      errors,
      limits: [commentsWriteLimit(app)],
      run: ({ body }, { auth }) => comments.create(auth!.user, body),
    },
    search: {
      operationId: 'comments_search',
      summary: 'The comments on one object, newest first, with their authors',
      tags: ['comments'],
      access: 'anyone',
      query: CommentSearchQuery,
      response: ListPayload(Comment),
      errors: [400],
      run: ({ query }) => comments.search(query),
    },
    remove: {
      operationId: 'comments_delete',
      summary: 'Delete a comment and its replies (its author or an admin)',
      tags: ['comments'],
      access: 'member',
      params: UuidParams,
      response: Type.Object({ success: Type.Boolean(), _id: Type.String() }),
      errors,
      run: ({ params }, { auth }) => comments.remove(auth!.user, params.id),
    },
  });
}
