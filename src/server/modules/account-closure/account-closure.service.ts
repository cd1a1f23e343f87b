import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { EndLiveSessions } from '../../types.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import type { SiteMail } from '../mail/mailer.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { ClosureAnswer, ClosureTerms, CloseAccountBody } from '../../../shared/contracts/account-closure.ts';
import { LOGIN_ROUTE } from '../../../shared/routes.ts';
import { dueClosures, eraseMember, lockActiveAdmins, startClosure } from './account-closure.repository.ts';

const DAY = 24 * 3600_000;
/** Accounts erased per query of a sweep. */
const SWEEP_BATCH = 50;
/** `13 Dec 2026`. */
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** Who erases an account, as the audit log names them: an operator ("erase-now") or the closure's job ("erase"). */
export interface Eraser {
  id: string | null;
  name: string;
  action: 'erase-now' | 'erase';
}

export interface AccountClosureOptions {
  db: Db;
  storage: Storage;
  twoFactor: TwoFactorService;
  settings: SettingsService;
  mail: SiteMail;
  endLive: EndLiveSessions;
  log: FastifyBaseLogger;
  /** ACCOUNT_DELETION_DAYS: between closing and erasure. */
  days: number;
}

/**
 * "Close my account" (issue 36): the member proves it is them, is logged out everywhere and mailed the day of the
 * erasure; logging in before then takes the closure back (AuthService.startSession). On the day, the hourly job
 * erases the account (account-closure.repository.ts `eraseMember`), as the back office's "Erase now" does at once.
 */
export class AccountClosureService {
  private readonly o: AccountClosureOptions;
  constructor(options: AccountClosureOptions) {
    this.o = options;
  }

  /** What the form says before the member decides: their balance, whether a refund may be asked, the grace days. */
  async terms(user: UserRow): Promise<ClosureTerms> {
    const [refundsOffered, codeNeeded] = await Promise.all([this.refundsOffered(), this.o.twoFactor.isOn(user.id)]);
    return { balance: user.balance, refundsOffered, days: this.o.days, codeNeeded };
  }

  /**
   * Starts the closure: the password (and a code where the second factor is on), then, in one transaction, the day of
   * erasure and every session ended. The last admin who could log in may not leave the site without one (checked in
   * that transaction, the admins' rows locked).
   */
  async close(user: UserRow, body: CloseAccountBody): Promise<ClosureAnswer> {
    await this.o.twoFactor.prove(user, body.password, body.code);
    const refund = body.refund === true && user.balance > 0 && (await this.refundsOffered()) ? user.balance : null;
    const closingAt = new Date(Date.now() + this.o.days * DAY);
    const done = await this.o.db.transaction(async (tx) => {
      if (user.roles.includes('admin') && (await lockActiveAdmins(tx)) <= 1)
        throw forbidden('You are the site’s only admin: make another member an admin before closing your account.', 'LAST_ADMIN');
      const row = await startClosure(tx, user.id, closingAt, refund);
      return row && { row, ended: await deleteUserSessions(tx, user.id) };
    });
    if (!done) throw conflict('This account is closing already.', 'ACCOUNT_CLOSING');
    this.o.endLive(done.ended);
    this.o.log.warn({ userId: user.id, closingAt, refundTokens: refund }, 'member closing their account');
    const origin = this.o.mail.origin();
    const date = day.format(closingAt);
    this.o.mail.mailer.send(
      user.email,
      'account-closing',
      { name: user.name, date, balance: this.balanceWords(user.balance, refund), link: `${origin}${LOGIN_ROUTE}` },
      { origin },
    );
    return {
      closingAt: closingAt.toISOString(),
      message: `Your account will be erased on ${date}. Changed your mind? Log in before then and it stays as it is.`,
    };
  }

  /**
   * Erases an account now (the back office's "Erase now", and the sweep), with its audit entry in the same
   * transaction; its files go once the erasure committed.
   */
  async erase(userId: string, by: Eraser): Promise<UserRow> {
    const commentsTo = (await this.o.settings.get<string>('closedAccountComments')) === 'remove' ? 'remove' : 'keep';
    const erased = await this.o.db.transaction(async (tx) => {
      const done = await eraseMember(tx, userId, commentsTo);
      if (done)
        await insertAudit(tx, {
          actorId: by.id,
          actorName: by.name,
          resource: 'members',
          targetId: userId,
          action: by.action,
          before: { _id: userId, status: done.was },
          after: { _id: userId, status: 'closed', forfeitedTokens: done.forfeited },
        });
      return done;
    });
    if (!erased) throw notFound('No such member, or their account is erased already.');
    this.o.endLive(erased.endedSessions);
    await Promise.all(erased.files.map((key) => this.o.storage.delete(key).catch(() => {})));
    this.o.log.warn({ userId, by: by.name, forfeitedTokens: erased.forfeited, comments: commentsTo }, 'member account erased');
    return erased.user;
  }

  /** Erases every account whose closing day has come by `now` (the hourly job's work); says how many. */
  async sweep(now = new Date()): Promise<number> {
    let erased = 0;
    for (;;) {
      const due = await dueClosures(this.o.db, now, SWEEP_BATCH);
      for (const id of due) {
        const done = await this.erase(id, { id: null, name: `closure after ${this.o.days} days`, action: 'erase' }).then(
          () => true,
          (err: { statusCode?: number }) => {
            if (err.statusCode === 404) return false; // erased meanwhile (another process, an operator)
            throw err;
          },
        );
        if (done) erased++;
      }
      if (due.length < SWEEP_BATCH) return erased;
    }
  }

  private async refundsOffered(): Promise<boolean> {
    return (await this.o.settings.get<boolean>('closureRefunds')) === true;
  }

  private balanceWords(balance: number, refund: number | null): string {
    if (balance === 0) return '';
    if (refund) return `You asked for a refund of your ${refund} unused tokens: we will be in touch about it.`;
    return `Your ${balance} unused token${balance === 1 ? '' : 's'} will be lost.`;
  }
}
