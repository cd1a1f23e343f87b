/**
 * Passkeys (issue 36). A file of their own, apart from contracts/auth.ts: the client imports that one's constants in
 * every page's first view, and each schema here is code a bundler cannot drop.
 */
import { Type, type Static } from 'typebox';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** A passkey's name: how the member tells their passkeys apart ("Phone", "Work laptop"). */
const PasskeyName = Type.String({ maxLength: 60, title: 'Name' });

/** One of the member's passkeys (issue 36), as /account/security lists them. */
export const PasskeyView = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** The last login with it; null: never used to log in. */
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PasskeyView = Static<typeof PasskeyView>;

/**
 * What `navigator.credentials` answers, as @simplewebauthn/browser encodes it (base64url strings): checked in depth by
 * @simplewebauthn/server, so the contract only bounds its size and top-level shape.
 */
const CredentialResponse = <T>() =>
  Type.Unsafe<T>(
    Type.Object(
      {
        id: Type.String({ minLength: 1, maxLength: 1500 }),
        rawId: Type.String({ minLength: 1, maxLength: 1500 }),
        type: Type.Literal('public-key'),
        response: Type.Object({ clientDataJSON: Type.String({ maxLength: 10_000 }) }, { additionalProperties: true }),
        clientExtensionResults: Type.Object({}, { additionalProperties: true }),
        authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
      },
      { additionalProperties: false, title: 'Passkey' },
    ),
  );

/** The options of a WebAuthn ceremony, for @simplewebauthn/browser (the challenge is single use and lives a few minutes). */
const CeremonyOptions = <T>() => Type.Unsafe<T>(Type.Object({}, { additionalProperties: true }));
export const PasskeyCreationOptions = CeremonyOptions<PublicKeyCredentialCreationOptionsJSON>();
export type PasskeyCreationOptions = PublicKeyCredentialCreationOptionsJSON;
export const PasskeyRequestOptions = CeremonyOptions<PublicKeyCredentialRequestOptionsJSON>();
export type PasskeyRequestOptions = PublicKeyCredentialRequestOptionsJSON;

export const AddPasskeyBody = Type.Object({ name: PasskeyName, credential: CredentialResponse<RegistrationResponseJSON>() }, { additionalProperties: false });
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;

export const RenamePasskeyBody = Type.Object({ name: PasskeyName }, { additionalProperties: false });
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;

/** Removing a passkey asks for the password: a session left open is not enough to take a member's key away. */
export const RemovePasskeyBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200, title: 'Password' }) }, { additionalProperties: false });
export type RemovePasskeyBody = Static<typeof RemovePasskeyBody>;

export const PasskeyLoginBody = Type.Object(
  { credential: CredentialResponse<AuthenticationResponseJSON>(), remember: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
);
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

/** How long a passkey ceremony (the browser's prompt) may take. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
