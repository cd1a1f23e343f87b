import { Type, type Static } from 'typebox';

export const Role = Type.Union([Type.Literal('member'), Type.Literal('admin')]);

/** The member's own profile fields beyond the public ones (`/users/me`, `PUT /users`). */
export const ProfileFields = {
  bio: Type.String(),
  country: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  gender: Type.Union([Type.String(), Type.Null()]),
};

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
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('closed')]),
  createdAt: Type.String({ format: 'date-time' }),
  ...ProfileFields,
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

/** Placeholder avatar for members without one (SPEC.md §3); kept in routes.ts, which the browser can import without the schemas. */
export { DEFAULT_AVATAR } from '../routes.ts';

/** `PUT /users`: every field optional; `null` clears an optional one. */
export const ProfileUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
    bio: Type.Optional(Type.String({ maxLength: 1000 })),
    cover: Type.Optional(Type.Null({ description: 'null removes the cover (upload a new one with /users/cover/upload)' })),
    country: Type.Optional(Type.Union([Type.String({ maxLength: 2 }), Type.Null()])),
    language: Type.Optional(Type.Union([Type.String({ maxLength: 3 }), Type.Null()])),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
    gender: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;
