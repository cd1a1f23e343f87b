import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import {
  PASSKEY_CHALLENGE_MINUTES,
  type AddPasskeyBody,
  type PasskeyCreationOptions,
  type PasskeyLoginBody,
  type PasskeyRequestOptions,
  type PasskeyView,
} from '../../../shared/contracts/passkeys.ts';
import type { LoginResult } from '../../../shared/contracts/auth.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findActiveMember, type UserRow } from '../users/users.repository.ts';
import type { LoginPlace } from './devices.ts';
import type { LoginThrottle } from './login-throttle.ts';
import * as repo from './passkeys.repository.ts';

/** A passkey login or a new passkey that could not be checked (an old prompt, another site's key, a removed passkey). */
const PASSKEY_REFUSED = 'This passkey could not be used. Try again, or log in with your password.';
const NAME_MISSING = 'Name: fill this in, so you can tell your passkeys apart.';
/** As stored (jsonb): the transports the browser reported, handed back as it gave them. */
type Transports = NonNullable<WebAuthnCredential['transports']>;
const refused = () => badRequest(PASSKEY_REFUSED, 'PASSKEY_REFUSED');

/**
 * Passkeys (issue 36, WebAuthn through @simplewebauthn/server): a member adds them (discoverable credentials, so a
 * login needs no username), names and removes them, and logs in with one instead of a password. A passkey is both
 * factors (something held, unlocked by the device's PIN or fingerprint: user verification is required), so its login
 * skips the TOTP step. The relying party is the site's public origin (PUBLIC_URL): its host is the rpID, and the
 * origin the browser reports must be it. Challenges live in the database (any process may end a ceremony), are used
 * once and expire in a few minutes.
 */
export class PasskeysService {
  private readonly db: Db;
  private readonly origin: () => string;
  private readonly settings: SettingsService;
  private readonly throttle: LoginThrottle;
  private readonly startSession: (user: UserRow, remember: boolean | undefined, meta: LoginPlace) => Promise<LoginResult>;
  constructor(deps: {
    db: Db;
    origin: () => string;
    settings: SettingsService;
    throttle: LoginThrottle;
    startSession: (user: UserRow, remember: boolean | undefined, meta: LoginPlace) => Promise<LoginResult>;
  }) {
    this.db = deps.db;
    this.origin = deps.origin;
    this.settings = deps.settings;
    this.throttle = deps.throttle;
    this.startSession = deps.startSession;
  }

  async list(user: UserRow): Promise<ListResult<PasskeyView>> {
    const data = (await repo.listPasskeys(this.db, user.id)).map(view);
    return { data, total: data.length };
  }

  /** The options of adding a passkey: a resident key with user verification, none of the member's own again. */
  async addOptions(user: UserRow): Promise<PasskeyCreationOptions> {
    const mine = await repo.listPasskeys(this.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: (await this.settings.get<string>('siteName')) || 'Tessera',
      rpID: this.rpID(),
      userName: user.username,
      userDisplayName: user.name || user.username,
      // The user handle a discoverable credential gives back at login: the member's id.
      userID: isoUint8Array.fromUTF8String(user.id),
      attestationType: 'none',
      excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports as Transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keep(options.challenge, 'register', user.id);
    return options;
  }

  /** The browser's new credential, checked against this member's challenge, stored under the name they gave. */
  async add(user: UserRow, body: AddPasskeyBody): Promise<PasskeyView> {
    const name = body.name.trim();
    if (!name) throw invalid({ name: NAME_MISSING });
    const result = await verifyRegistrationResponse({
      response: body.credential,
      expectedChallenge: (challenge) => repo.takeChallenge(this.db, challenge, 'register', user.id),
      expectedOrigin: this.origin(),
      expectedRPID: this.rpID(),
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw refused();
    const { credential } = result.registrationInfo;
    const row = await repo.insertPasskey(this.db, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    if (!row) throw conflict('This passkey is added already.', 'PASSKEY_TAKEN');
    return view(row);
  }

  async rename(user: UserRow, id: string, rawName: string): Promise<PasskeyView> {
    const name = rawName.trim();
    if (!name) throw invalid({ name: NAME_MISSING });
    const row = await repo.renamePasskey(this.db, user.id, id, name);
    if (!row) throw notFound('This passkey has been removed.');
    return view(row);
  }

  /**
   * Removing asks for the password (counted per account like a login's, so it cannot be guessed through an open
   * session): every member has one, where asking for a passkey or a code would leave out those without a second.
   */
  async remove(user: UserRow, id: string, password: string) {
    await this.throttle.checkPassword(`passkey-remove:${user.id}`, 'password attempts', user.passwordHash, password);
    if (!(await repo.deletePasskey(this.db, user.id, id))) throw notFound('This passkey has been removed.');
    return { success: true, message: 'The passkey is removed: it no longer logs you in.' };
  }

  /** A login's options: no credentials listed (the authenticator offers the member's passkeys for this site). */
  async loginOptions(): Promise<PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID(), userVerification: 'required' });
    await this.keep(options.challenge, 'login', null);
    return options;
  }

  /**
   * A login with a passkey: a stored credential, its signature over a live login challenge (taken, so it works once)
   * with the user verified, and a counter that moved on (when the authenticator keeps one). A session, no code step.
   */
  async login(body: PasskeyLoginBody, meta: LoginPlace): Promise<LoginResult> {
    const { credential } = body;
    const row = await repo.findPasskeyByCredential(this.db, credential.id);
    if (!row) throw refused();
    const handle = credential.response.userHandle;
    if (handle && handle !== isoBase64URL.fromUTF8String(row.userId)) throw refused();
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: (challenge) => repo.takeChallenge(this.db, challenge, 'login', null),
      expectedOrigin: this.origin(),
      expectedRPID: this.rpID(),
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: row.transports as Transports,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw refused();
    const user = await findActiveMember(this.db, row.userId);
    if (!user) throw forbidden('This account is inactive.', 'ACCOUNT_INACTIVE');
    await repo.markUsed(this.db, row.id, result.authenticationInfo.newCounter);
    return this.startSession(user, body.remember, meta);
  }

  /** The relying party's id: the public origin's host name (no port), which the browser checks against the page's. */
  private rpID = () => new URL(this.origin()).hostname;

  private async keep(challenge: string, purpose: repo.ChallengePurpose, userId: string | null) {
    await repo.dropExpiredChallenges(this.db);
    await repo.insertChallenge(this.db, { challenge, purpose, userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000) });
  }
}

function view(row: repo.PasskeyRow): PasskeyView {
  return { _id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
