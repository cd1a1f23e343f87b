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
  /**
   * A sentence for the member about what this login did besides (it took back the account's closure), said on the next
   * page. Written by the server, so that the browser's first view carries no such text.
   */
  notice: Type.Optional(Type.String()),
});
export type LoginResult = Static<typeof LoginResult>;

/** After a right password for an account with a second factor: no session yet, a short-lived ticket for the code step. */
export const SecondFactorNeeded = Type.Object({
  secondFactor: Type.Literal('totp'),
  ticket: Type.String({ description: 'single use; send it with the code to POST /auth/login/second-factor' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SecondFactorNeeded = Static<typeof SecondFactorNeeded>;

/** `POST /auth/login`: a session, or (a second factor on) the ticket of the code step. */
export const LoginAnswer = Type.Union([LoginResult, SecondFactorNeeded]);
export type LoginAnswer = Static<typeof LoginAnswer>;

/** A 6-digit code of the authenticator app, or (where the call says) one of the ten recovery codes. */
const Code = Type.String({ minLength: 1, maxLength: 40, title: 'Code' });

export const SecondFactorBody = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 200, title: 'Login ticket' }),
    code: Code,
    remember: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type SecondFactorBody = Static<typeof SecondFactorBody>;

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  required: Type.Boolean({ description: 'the operator requires a second factor of admins, and this member is one' }),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorSetup = Type.Object({
  secret: Type.String({ description: 'base32, for typing into the app' }),
  uri: Type.String({ description: 'the otpauth:// address the QR code holds' }),
  qrSvg: Type.String({ description: 'the QR code as an SVG document' }),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type CodeBody = Static<typeof CodeBody>;

export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const DisableTwoFactorBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 200, title: 'Password' }), code: Code },
  { additionalProperties: false },
);
export type DisableTwoFactorBody = Static<typeof DisableTwoFactorBody>;

/** How long the code step of a login may take. */
export const SECOND_FACTOR_MINUTES = 5;

/** Session lifetimes, matching the `token` cookie of SPEC.md §3 and §9. */
export const SESSION_DAYS_REMEMBER = 365;
export const SESSION_DAYS_SHORT = 1;

/** One of the member's sessions, as `/account/security` lists them (issue 36: devices). */
export const SessionView = Type.Object({
  _id: Type.String(),
  /** The browser and system the session's user agent names: `Chrome 131 on Windows`. */
  device: Type.String(),
  kind: Type.Union([Type.Literal('desktop'), Type.Literal('phone'), Type.Literal('tablet'), Type.Literal('other')]),
  /** The country of the login's address (a rough place), or null when it is not known. */
  place: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  /** The session of this request. */
  current: Type.Boolean(),
});
export type SessionView = Static<typeof SessionView>;
