import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { SESSION_DAYS_REMEMBER, SESSION_DAYS_SHORT, type LoginBody } from '../../../shared/contracts/auth.ts';
import { INCORRECT_CREDENTIALS } from '../../../shared/messages.ts';
import { findUserByLogin, type UserRow } from '../users/users.repository.ts';
import { deleteSession, findLiveSession, insertSession } from './sessions.repository.ts';

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
  constructor(db: Db, passwordCost: number) {
    this.db = db;
    this.decoy = hashPassword('decoy-password-for-timing', passwordCost);
  }

  /** The login name of a login body: `username` or `email`, whichever the client sent. */
  static loginName(body: LoginBody): string {
    const login = (body.username ?? body.email ?? '').trim();
    if (!login) throw badRequest('body must have username or email', 'VALIDATION_ERROR');
    return login;
  }

  async login(body: LoginBody, meta: { ip?: string; userAgent?: string }) {
    const user = await findUserByLogin(this.db, AuthService.loginName(body));
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await this.decoy));
    if (!user || !ok) throw new AppError(422, 'INVALID_CREDENTIALS', INCORRECT_CREDENTIALS);
    if (user.status !== 'active') throw forbidden('This account is inactive.', 'ACCOUNT_INACTIVE');
    const token = newToken();
    const days = body.remember === false ? SESSION_DAYS_SHORT : SESSION_DAYS_REMEMBER;
    const expiresAt = new Date(Date.now() + days * DAY_MS);
    await insertSession(this.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    const tokenHash = hashToken(token);
    const row = await findLiveSession(this.db, tokenHash);
    if (!row || row.user.status !== 'active') return null;
    return { user: row.user, sessionId: row.session.id, tokenHash };
  }

  logout(auth: AuthContext): Promise<boolean> {
    return deleteSession(this.db, auth.tokenHash);
  }
}
