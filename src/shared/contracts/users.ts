import { Type, type Static } from 'typebox';

export const Role = Type.Union([Type.Literal('member'), Type.Literal('admin')]);

/** The logged-in member as `/users/me` returns it. */
export const CurrentUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  avatar: Type.String({ description: 'placeholder image when the member has none' }),
  cover: Type.Union([Type.String(), Type.Null()]),
  balance: Type.Integer({ minimum: 0, description: 'token balance' }),
  roles: Type.Array(Role),
  verifiedEmail: Type.Boolean(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** What anybody may see of a member (comment creators, `/users/view/{id}`). */
export const PublicUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  avatar: Type.String(),
  cover: Type.Union([Type.String(), Type.Null()]),
});
export type PublicUser = Static<typeof PublicUser>;

/** Placeholder avatar for members without one (SPEC.md §3). */
export const DEFAULT_AVATAR = '/images/avatar-placeholder.svg';
