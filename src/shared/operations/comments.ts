import type { ListResult } from '../api-client.ts';
import type { Comment, CommentBody, CommentSearchQuery } from '../contracts/comments.ts';
import { op } from './operation.ts';

/** Comments (SPEC.md: /comments); editing one (multipart, with an image) stays a route. */
export const COMMENTS = {
  create: op<{ body: CommentBody }, Comment>('POST', '/comments'),
  search: op<{ query: CommentSearchQuery }, ListResult<Comment>>('GET', '/comments/search'),
  remove: op<{ params: { id: string } }, { success: boolean; _id: string }>('DELETE', '/comments/:id'),
};

/** A route, not an operation (a multipart body, with an optional image): its address, written only here. */
export const COMMENTS_RAW = {
  edit: op<{ params: { id: string } }, Comment>('PUT', '/comments/:id'),
};
