import { Type, type Static } from 'typebox';

/** `POST /setup`: the first admin account, with the one-time token the server printed at start. */
export const SetupBody = Type.Object(
  {
    token: Type.String({ title: 'Setup token', minLength: 1, maxLength: 200 }),
    name: Type.String({ title: 'Name', minLength: 1, maxLength: 100 }),
    username: Type.String({ title: 'Username', minLength: 1, maxLength: 40 }),
    email: Type.String({ title: 'E-mail', minLength: 3, maxLength: 254 }),
    password: Type.String({ title: 'Password', minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type SetupBody = Static<typeof SetupBody>;

export const SetupStatus = Type.Object({ needed: Type.Boolean({ description: 'no admin yet, and a setup token was printed at start' }) });
export type SetupStatus = Static<typeof SetupStatus>;

export const SetupResult = Type.Object({ token: Type.String(), expiresAt: Type.String() });
export type SetupResult = Static<typeof SetupResult>;
