import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, invalid, rateLimited } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/password.ts';
import { hashSecret, newSecret } from '../../lib/auth/secrets.ts';
import {
  SECOND_FACTOR_MINUTES,
  SESSION_DAYS_REMEMBER,
  SESSION_DAYS_SHORT,
  type LoginAnswer,
  type LoginBody,
  type LoginResult,
  type SecondFactorBody,
} from '../../../shared/contracts/auth.ts';
import { INCORRECT_CREDENTIALS, SECOND_FACTOR_EXPIRED } from '../../../shared/messages.ts';
import { findActiveMember, findUserByLogin, type UserRow } from '../users/users.repository.ts';
import type { EndLiveSessions } from '../../types.ts';
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  hasLoggedIn,
  insertSession,
  isKnownAddress,
  rememberAddress,
  touchSession,
} from './sessions.repository.ts';
import type { LoginPlace } from './devices.ts';
import { cancelClosure } from '../account-closure/account-closure.repository.ts';
import { CLOSURE_CANCELLED } from '../../../shared/contracts/account-closure.ts';
import type { SecretBox } from '../../lib/auth/totp-key.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { AddressLimit, LoginThrottle, MemoryFailures, type FailureStore } from './login-throttle.ts';
import { PasskeysService } from './passkeys.service.ts';
import { TwoFactorService } from './two-factor.service.ts';
import { consumeUserToken, findUserToken, insertUserToken } from './user-tokens.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale a session's "last seen" may get: it is written at most this often, not at every request. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  tokenHash: string;
}

export class AuthService {
  /** A hash to verify against when the login names nobody, so both paths take the same time. */
  private decoy: Promise<string>;
  private readonly db: Db;
  private readonly endLive: EndLiveSessions;
  private readonly throttle: LoginThrottle;
  private readonly addresses: AddressLimit;
  private readonly twoFactor: TwoFactorService;
  private readonly newPlace: (user: UserRow, from: LoginPlace) => void;
  constructor(deps: {
    db: Db;
    passwordCost: number;
    endLive: EndLiveSessions;
    throttle: LoginThrottle;
    addresses: AddressLimit;
    twoFactor: TwoFactorService;
    /** Told of a login from an address the member never used (not their first login): DevicesService mails them. */
    newPlace?: (user: UserRow, from: LoginPlace) => void;
  }) {
    this.db = deps.db;
    this.newPlace = deps.newPlace ?? (() => {});
    this.endLive = deps.endLive;
    this.throttle = deps.throttle;
    this.addresses = deps.addresses;
    this.twoFactor = deps.twoFactor;
    this.decoy = hashPassword('decoy-password-for-timing', deps.passwordCost);
  }

  /** The login name of a login body: `username` or `email`, whichever the client sent. */
  static loginName(body: LoginBody): string {
    const login = (body.username ?? body.email ?? '').trim();
    if (!login) throw invalid({ username: 'Username or e-mail: fill this in.' });
    return login;
  }

  /**
   * Only failed attempts count: against the account, whichever name or letter case was typed (past its limit,
   * addresses the member has logged in from before are not slowed, others wait: LoginThrottle), and against the
   * client address (past its limit, the address waits for the window's end: AddressLimit). An account with a second
   * factor gets no session yet: a ticket for the code step (stored hashed like a mailed link, a few minutes).
   */
  async login(body: LoginBody, meta: LoginPlace): Promise<LoginAnswer> {
    const name = AuthService.loginName(body);
    const addressWait = meta.ip ? await this.addresses.wait(meta.ip) : 0;
    if (addressWait > 0) throw rateLimited('login attempts', addressWait);
    const user = await findUserByLogin(this.db, name);
    const key = user ? `account:${user.id}` : `name:${name.toLowerCase()}`;
    const known = user && meta.ip ? await isKnownAddress(this.db, user.id, meta.ip) : false;
    const wait = await this.throttle.wait(key, known);
    if (wait > 0) throw rateLimited('login attempts', wait);
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await this.decoy));
    if (!user || !ok) {
      await Promise.all([this.throttle.failed(key), meta.ip ? this.addresses.failed(meta.ip) : undefined]);
      throw new AppError(422, 'INVALID_CREDENTIALS', INCORRECT_CREDENTIALS);
    }
    if (user.status !== 'active') throw forbidden('This account is inactive.', 'ACCOUNT_INACTIVE');
    if (await this.twoFactor.isOn(user.id)) {
      const ticket = newSecret();
      const expiresAt = new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000);
      await insertUserToken(this.db, { userId: user.id, purpose: 'login_second_factor', tokenHash: hashSecret(ticket), expiresAt });
      return { secondFactor: 'totp', ticket, expiresAt: expiresAt.toISOString() };
    }
    return this.startSession(user, body.remember, meta);
  }

  /**
   * A login's code step: the ticket of a right password and a code (the app's, or a recovery code). A wrong code leaves
   * the ticket usable (typing again is normal) and counts against the account (TwoFactorService); a right one uses it.
   */
  async secondFactor(body: SecondFactorBody, meta: LoginPlace): Promise<LoginResult> {
    const ticketHash = hashSecret(body.ticket);
    const userId = await findUserToken(this.db, ticketHash, 'login_second_factor');
    if (!userId) throw badRequest(SECOND_FACTOR_EXPIRED, 'SECOND_FACTOR_EXPIRED');
    await this.twoFactor.verify(userId, body.code);
    const user = await findActiveMember(this.db, userId);
    if (!user) throw forbidden('This account is inactive.', 'ACCOUNT_INACTIVE');
    if (!(await consumeUserToken(this.db, ticketHash, 'login_second_factor'))) throw badRequest(SECOND_FACTOR_EXPIRED, 'SECOND_FACTOR_EXPIRED');
    return this.startSession(user, body.remember, meta);
  }

  /**
   * A new session for a member who proved who they are (a password and, where on, a code; or a passkey, both at once).
   * A member whose account was closing keeps it: the login takes the closure back, and its answer's notice says so.
   */
  async startSession(user: UserRow, remember: boolean | undefined, meta: LoginPlace): Promise<LoginResult> {
    const token = newSecret();
    const days = remember === false ? SESSION_DAYS_SHORT : SESSION_DAYS_REMEMBER;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + days * DAY_MS);
    // A new place: an address this account was never used from, on a login that is not its first.
    const newPlace = meta.ip ? !(await isKnownAddress(this.db, user.id, meta.ip)) && (await hasLoggedIn(this.db, user.id)) : false;
    await insertSession(this.db, {
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      country: meta.country ?? null,
      lastSeenAt: now,
    });
    if (meta.ip) await rememberAddress(this.db, user.id, meta.ip);
    if (newPlace) this.newPlace(user, meta);
    const kept = user.closingAt !== null && (await cancelClosure(this.db, user.id));
    return { token, expiresAt: expiresAt.toISOString(), ...(kept ? { notice: CLOSURE_CANCELLED } : {}) };
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    const tokenHash = hashSecret(token);
    const row = await findLiveSession(this.db, tokenHash);
    if (!row || row.user.status !== 'active') return null;
    // "Last seen" for the member's list of devices, written at most every few minutes (never awaited, never failing a request).
    const seen = row.session.lastSeenAt ?? row.session.createdAt;
    if (Date.now() - seen.getTime() > LAST_SEEN_EVERY_MS) touchSession(this.db, row.session.id).catch(() => {});
    return { user: row.user, sessionId: row.session.id, tokenHash };
  }

  /** Ends this session; its live connections close at once. */
  async logout(auth: AuthContext): Promise<boolean> {
    const ended = await deleteSession(this.db, auth.tokenHash);
    this.endLive(ended);
    return ended.length > 0;
  }

  /** Ends every session of the member, this one included ("log out everywhere"); their live connections close. */
  async logoutEverywhere(auth: AuthContext): Promise<number> {
    const ended = await deleteUserSessions(this.db, auth.user.id);
    this.endLive(ended);
    return ended.length;
  }
}

/**
 * The login's services on one failure store (this process's memory, or Redis for every process): a password and a
 * second-factor code count against the same limits, under keys of their own.
 */
export function createAuthServices(opts: {
  db: Db;
  passwordCost: number;
  endLive: EndLiveSessions;
  limit: { perAccount: number; perIp: number; windowMs: number };
  failures?: FailureStore;
  settings: SettingsService;
  box: SecretBox;
  /** The site's public origin (passkeys are bound to its host), read when a ceremony happens: the port may be known late. */
  origin: () => string;
  newPlace?: (user: UserRow, from: LoginPlace) => void;
}) {
  const store = opts.failures ?? new MemoryFailures();
  const throttle = new LoginThrottle({ max: opts.limit.perAccount, windowMs: opts.limit.windowMs, store });
  const addresses = new AddressLimit({ max: opts.limit.perIp, windowMs: opts.limit.windowMs, store });
  const twoFactor = new TwoFactorService({ db: opts.db, box: opts.box, throttle, settings: opts.settings });
  const { db, passwordCost, endLive, newPlace } = opts;
  const auth = new AuthService({ db, passwordCost, endLive, throttle, addresses, twoFactor, newPlace });
  const passkeys = new PasskeysService({
    db,
    origin: opts.origin,
    settings: opts.settings,
    throttle,
    startSession: (user, remember, meta) => auth.startSession(user, remember, meta),
  });
  return { twoFactor, auth, passkeys };
}
