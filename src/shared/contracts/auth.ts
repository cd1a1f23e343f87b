import { Type, type Static } from 'typebox';

export const LoginBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 254, title: 'Username or e-mail' })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254, title: 'Username or e-mail' })),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    remember: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResult = Type.Object({
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type LoginResult = Static<typeof LoginResult>;

/** Session lifetimes, matching the `token` cookie of SPEC.md §3 and §9. */
export const SESSION_DAYS_REMEMBER = 365;
export const SESSION_DAYS_SHORT = 1;
