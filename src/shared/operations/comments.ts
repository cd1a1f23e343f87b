import type { ListResult } from '../api-client.ts';
import type { Comment, CommentBody, CommentSearchQuery } from '../contracts/comments.ts';
import { op } from './operation.ts';

/** Comments (SPEC.md: /comments); editing one (multipart, with an image) stays a route. */
export const COMMENTS = {
  create: op<{ body: CommentBody }, Comment>('POST', '/comments'),
  search: op<{ query: CommentSearchQuery }, ListResult<Comment>>('GET', '/comments/search'),
  remove: op<{ params: { id: string } }, { success: boolean; _id: string }>('DELETE', '/comments/:id'),
};
