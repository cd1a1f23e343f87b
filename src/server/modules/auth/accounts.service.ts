import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, invalid, unprocessable } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/password.ts';
import { hashSecret, newSecret } from '../../lib/auth/secrets.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserByLogin, updateUser, type UserRow } from '../users/users.repository.ts';
import { createUser, isEmail, isStrongPassword, normaliseEmail } from '../users/users.service.ts';
import { deleteUserSessions } from './sessions.repository.ts';
import { consumeEmailChange, consumeUserToken, insertUserToken, retireUserTokens, type LinkPurpose } from './user-tokens.repository.ts';
import type { AuthContext } from './auth.service.ts';
import type { ServerErrorCode } from '../../../shared/contracts/errors.ts';
import type { EndLiveSessions } from '../../types.ts';
import {
  CHANGE_EMAIL_LINK_HOURS,
  PASSWORD_POLICY,
  RESET_LINK_MINUTES,
  VERIFY_LINK_HOURS,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type RegisterBody,
} from '../../../shared/contracts/accounts.ts';
import { MAIL_LINK_SENT } from '../../../shared/messages.ts';
import { ACCOUNT_ROUTE, CONFIRM_EMAIL_ROUTE, LOGIN_ROUTE, RESET_PASSWORD_ROUTE, VERIFY_EMAIL_ROUTE } from '../../../shared/routes.ts';
import { uniqueViolation } from '../../db/client.ts';

export const LINK_INVALID = 'This link is invalid, has expired or was already used. Please ask for a new one.';
const LIFETIME_MS: Record<Exclude<LinkPurpose, 'login_second_factor'>, number> = {
  verify_email: VERIFY_LINK_HOURS * 3_600_000,
  reset_password: RESET_LINK_MINUTES * 60_000,
  change_email: CHANGE_EMAIL_LINK_HOURS * 3_600_000,
};
/** A refusal said at its field (a form shows it there). */
const fieldError = (status: number, code: ServerErrorCode, field: string, message: string) => new AppError(status, code, message, {}, { [field]: message });
const EMAIL_IN_USE = 'New e-mail address: another account uses it.';
/** `ada@example.com` → `a***@example.com`: enough for the owner to recognise, not a stranger's address in full. */
const masked = (email: string) => `${email.slice(0, 1)}***${email.slice(email.indexOf('@'))}`;

/**
 * Accounts: registration, e-mail verification and change, forgotten and changed passwords. Mailed links carry a random token whose
 * hash is stored; each works once and expires. Calls that take an e-mail address answer the same whether or not it
 * has an account, and mail in the background, so neither the answer nor its timing tells.
 */
export class AccountsService {
  private readonly db: Db;
  private readonly passwordCost: number;
  private readonly mailer: Mailer;
  private readonly captcha: CaptchaService;
  private readonly log: FastifyBaseLogger;
  private readonly endLive: EndLiveSessions;
  constructor(deps: { db: Db; passwordCost: number; mailer: Mailer; captcha: CaptchaService; log: FastifyBaseLogger; endLive: EndLiveSessions }) {
    this.endLive = deps.endLive;
    this.db = deps.db;
    this.passwordCost = deps.passwordCost;
    this.mailer = deps.mailer;
    this.captcha = deps.captcha;
    this.log = deps.log;
  }

  /**
   * A new account, and a verification link mailed to it. An e-mail address that already has an account gets the very
   * same answer (a made-up id), and its owner a mail with a reset link: the form must not tell strangers who is
   * registered. A taken username is public anyway and is named (409).
   */
  async register(body: RegisterBody, origin: string, ip?: string) {
    await this.captcha.require(body.recaptchaToken, ip);
    const welcome = (email: string) => `Welcome! We sent a link to ${email}: open it to confirm your address.`;
    try {
      const user = await createUser(this.db, { ...body, role: 'member', verifiedEmail: false }, this.passwordCost);
      this.log.info({ userId: user.id }, 'member registered');
      await this.mailVerification(user, origin);
      return { _id: user.id, message: welcome(user.email) };
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN')) throw err;
      const owner = (await findUserByLogin(this.db, normaliseEmail(body.email)))!;
      const username = body.username?.trim().toLowerCase();
      const holder = username ? await findUserByLogin(this.db, username) : null;
      if (holder && holder.id !== owner.id) throw conflict(`The username ${username} is already taken.`, 'USERNAME_TAKEN');
      await hashPassword(body.password, this.passwordCost); // the time a real registration takes
      this.log.info({ userId: owner.id }, 'registration attempted with a registered e-mail; the owner is told');
      if (owner.status === 'active') {
        const token = await this.issue(owner.id, 'reset_password');
        const url = `${origin}${RESET_PASSWORD_ROUTE}?token=${token}`;
        this.mailer.send(owner.email, 'already-registered', { name: owner.name, link: url, minutes: String(RESET_LINK_MINUTES) }, { origin });
      }
      return { _id: randomUUID(), message: welcome(owner.email) };
    }
  }

  /** Confirms the address of the link's member, who then gets the welcome mail (once: the link works once). */
  async verifyEmail(token: string, origin: string) {
    const userId = await consumeUserToken(this.db, hashSecret(token), 'verify_email');
    if (!userId) throw badRequest(LINK_INVALID, 'LINK_INVALID');
    const user = await updateUser(this.db, userId, { verifiedEmail: true });
    if (user) this.mailer.send(user.email, 'welcome', { name: user.name, link: `${origin}/` }, { origin });
    return { success: true, message: 'Your e-mail address is confirmed. Thank you!' };
  }

  async resendVerification(email: string, origin: string) {
    const user = await this.memberByEmail(email);
    if (user && !user.verifiedEmail) await this.mailVerification(user, origin);
    return { success: true, message: MAIL_LINK_SENT };
  }

  async forgot(email: string, origin: string, recaptchaToken: string | undefined, ip?: string) {
    await this.captcha.require(recaptchaToken, ip);
    const user = await this.memberByEmail(email);
    if (user) await this.mailReset(user, origin);
    return { success: true, message: MAIL_LINK_SENT };
  }

  /** Mails the member a new reset link (a forgotten password, or an operator's "send a password-reset mail"). */
  async mailReset(user: Pick<UserRow, 'id' | 'email' | 'name'>, origin: string): Promise<void> {
    const token = await this.issue(user.id, 'reset_password');
    const link = `${origin}${RESET_PASSWORD_ROUTE}?token=${token}`;
    this.mailer.send(user.email, 'reset-password', { name: user.name, link, minutes: String(RESET_LINK_MINUTES) }, { origin });
  }

  /** Sets a new password from a reset link: every session ends, and the address counts as verified (the link reached it). */
  async resetPassword(token: string, password: string, origin: string) {
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_POLICY, 'WEAK_PASSWORD');
    const passwordHash = await hashPassword(password, this.passwordCost);
    const reset = await this.db.transaction(async (tx) => {
      const userId = await consumeUserToken(tx, hashSecret(token), 'reset_password');
      if (!userId) return null;
      await retireUserTokens(tx, userId, 'reset_password');
      const ended = await deleteUserSessions(tx, userId);
      const user = await updateUser(tx, userId, { passwordHash, verifiedEmail: true });
      return user && { ended, user };
    });
    if (!reset) throw badRequest(LINK_INVALID, 'LINK_INVALID');
    const { user, ended } = reset;
    this.endLive(ended);
    this.mailer.send(user.email, 'password-changed', { name: user.name, link: `${origin}${LOGIN_ROUTE}` }, { origin });
    return { success: true, message: 'Your password is changed. Log in with the new one.' };
  }

  /** The logged-in member's new password; their other sessions end, this one stays. */
  async changePassword(auth: AuthContext, body: ChangePasswordBody, origin: string) {
    if (!isStrongPassword(body.password)) throw badRequest(PASSWORD_POLICY, 'WEAK_PASSWORD');
    if (!(await verifyPassword(body.currentPassword, auth.user.passwordHash))) {
      throw unprocessable('Your current password is not correct.', 'WRONG_PASSWORD');
    }
    const passwordHash = await hashPassword(body.password, this.passwordCost);
    const ended = await this.db.transaction(async (tx) => {
      await updateUser(tx, auth.user.id, { passwordHash });
      await retireUserTokens(tx, auth.user.id, 'reset_password');
      return deleteUserSessions(tx, auth.user.id, auth.sessionId);
    });
    this.endLive(ended);
    this.log.info({ userId: auth.user.id, endedSessions: ended.length }, 'password changed');
    this.mailer.send(auth.user.email, 'password-changed', { name: auth.user.name, link: `${origin}${LOGIN_ROUTE}` }, { origin });
    const n = ended.length;
    return { success: true, message: n ? `Password changed. ${n} other session${n === 1 ? ' was' : 's were'} logged out.` : 'Password changed.' };
  }

  /**
   * A new address for the logged-in member: their password, a real address, not theirs already nor another account's.
   * A link is mailed to it and a notice to the old one; nothing changes until the link is opened (a newer request
   * replaces an older link).
   */
  async requestEmailChange(auth: AuthContext, body: ChangeEmailBody, origin: string) {
    const email = normaliseEmail(body.email);
    if (!isEmail(email)) throw fieldError(400, 'VALIDATION_ERROR', 'email', 'New e-mail address: give an e-mail address, like ada@example.com.');
    if (!(await verifyPassword(body.password, auth.user.passwordHash)))
      throw fieldError(422, 'WRONG_PASSWORD', 'password', 'Password: this is not your password.');
    if (email === auth.user.email.toLowerCase()) throw fieldError(400, 'VALIDATION_ERROR', 'email', 'New e-mail address: this is already your address.');
    if (await findUserByLogin(this.db, email)) throw fieldError(409, 'EMAIL_TAKEN', 'email', EMAIL_IN_USE);
    const token = await this.issue(auth.user.id, 'change_email', email);
    const link = `${origin}${CONFIRM_EMAIL_ROUTE}?token=${token}`;
    this.mailer.send(email, 'change-email', { name: auth.user.name, link, hours: String(CHANGE_EMAIL_LINK_HOURS) }, { origin });
    this.mailer.send(auth.user.email, 'email-change-notice', { name: auth.user.name, newEmail: masked(email), link: `${origin}${ACCOUNT_ROUTE}` }, { origin });
    this.log.info({ userId: auth.user.id }, 'e-mail change asked for');
    return { success: true, message: `We sent a link to ${email}. Your address changes when you open it (within ${CHANGE_EMAIL_LINK_HOURS} hours).` };
  }

  /** Opens the link mailed to the new address: the account takes it (verified: the link reached it). Works once. */
  async confirmEmailChange(token: string) {
    const changed = await this.db
      .transaction(async (tx) => {
        const asked = await consumeEmailChange(tx, hashSecret(token));
        return asked && updateUser(tx, asked.userId, { email: asked.newEmail, verifiedEmail: true });
      })
      .catch((err: unknown) => {
        // Taken by an account made since the request: the link is left unused (the transaction rolled back).
        if (uniqueViolation(err) !== null)
          throw conflict('Another account took this address meanwhile. Ask for the change again with another one.', 'EMAIL_TAKEN');
        throw err;
      });
    if (!changed) throw badRequest(LINK_INVALID, 'LINK_INVALID');
    this.log.info({ userId: changed.id }, 'e-mail address changed');
    return { success: true, message: `Your e-mail address is now ${changed.email}.` };
  }

  private async memberByEmail(raw: string): Promise<UserRow | null> {
    const email = normaliseEmail(raw);
    if (!isEmail(email)) throw invalid({ email: 'E-mail must be an e-mail address.' });
    const user = await findUserByLogin(this.db, email);
    return user && user.status === 'active' && user.email === email ? user : null;
  }

  private async mailVerification(user: UserRow, origin: string) {
    const token = await this.issue(user.id, 'verify_email');
    const link = `${origin}${VERIFY_EMAIL_ROUTE}?token=${token}`;
    this.mailer.send(user.email, 'verify-email', { name: user.name, link, hours: String(VERIFY_LINK_HOURS) }, { origin });
  }

  /** A new link token (the member's older unused ones of that purpose stop working). */
  private async issue(userId: string, purpose: keyof typeof LIFETIME_MS, newEmail: string | null = null): Promise<string> {
    const token = newSecret();
    await this.db.transaction(async (tx) => {
      await retireUserTokens(tx, userId, purpose);
      await insertUserToken(tx, { userId, purpose, newEmail, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
    });
    return token;
  }
}
