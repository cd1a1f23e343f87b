import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { ListQuery } from './common.ts';
import { PublicUser } from './users.ts';
import { COMMENT_MAX } from '../comment-limits.ts';

export const COMMENT_OBJECTS = ['video', 'gallery', 'story', 'product', 'post', 'comment'] as const;
export type CommentObject = (typeof COMMENT_OBJECTS)[number];
export { COMMENT_EMPTY, COMMENT_MAX, COMMENT_TOO_LONG } from '../comment-limits.ts';

export const CommentBody = Type.Object(
  {
    objectType: Literals(COMMENT_OBJECTS),
    objectId: Type.String({ format: 'uuid' }),
    content: Type.String({ maxLength: 20_000, title: 'Comment', description: `trimmed; 1-${COMMENT_MAX} characters` }),
  },
  { additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;

export const CommentSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({ objectType: Literals(COMMENT_OBJECTS), objectId: Type.String({ format: 'uuid' }) }),
]);
export type CommentSearchQuery = ListQuery & { objectType: CommentObject; objectId: string };

export const Comment = Type.Object({
  _id: Type.String(),
  objectType: Literals(COMMENT_OBJECTS),
  objectId: Type.String(),
  content: Type.String({ description: 'plain text; clients render it escaped' }),
  attachment: Type.Optional(Type.Union([Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() }), Type.Null()])),
  creator: Type.Union([PublicUser, Type.Null()]),
  totalReply: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Comment = Static<typeof Comment>;
