import type { Db } from '../../db/client.ts';
import { AppError, forbidden, invalid, rateLimited } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/password.ts';
import { hashSecret, newSecret } from '../../lib/auth/secrets.ts';
import { SESSION_DAYS_REMEMBER, SESSION_DAYS_SHORT, type LoginBody } from '../../../shared/contracts/auth.ts';
import { INCORRECT_CREDENTIALS } from '../../../shared/messages.ts';
import { findUserByLogin, type UserRow } from '../users/users.repository.ts';
import type { EndLiveSessions } from '../../types.ts';
import { deleteSession, deleteUserSessions, findLiveSession, insertSession, isKnownAddress, rememberAddress } from './sessions.repository.ts';
import { AddressLimit, LoginThrottle, MemoryFailures, type FailureStore } from './login-throttle.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  constructor(
    db: Db,
    passwordCost: number,
    endLive: EndLiveSessions,
    limit: { perAccount: number; perIp: number; windowMs: number },
    failures: FailureStore = new MemoryFailures(),
  ) {
    this.db = db;
    this.endLive = endLive;
    this.throttle = new LoginThrottle({ max: limit.perAccount, windowMs: limit.windowMs, store: failures });
    this.addresses = new AddressLimit({ max: limit.perIp, windowMs: limit.windowMs, store: failures });
    this.decoy = hashPassword('decoy-password-for-timing', passwordCost);
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
   * client address (past its limit, the address waits for the window's end: AddressLimit).
   */
  async login(body: LoginBody, meta: { ip?: string; userAgent?: string }) {
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
    const token = newSecret();
    const days = body.remember === false ? SESSION_DAYS_SHORT : SESSION_DAYS_REMEMBER;
    const expiresAt = new Date(Date.now() + days * DAY_MS);
    await insertSession(this.db, {
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    if (meta.ip) await rememberAddress(this.db, user.id, meta.ip);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    const tokenHash = hashSecret(token);
    const row = await findLiveSession(this.db, tokenHash);
    if (!row || row.user.status !== 'active') return null;
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
