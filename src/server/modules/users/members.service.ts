import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { EndLiveSessions } from '../../types.ts';
import type { AccountsService } from '../auth/accounts.service.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './users.repository.ts';

export type MemberRole = 'member' | 'admin';
export const roleOf = (u: Pick<UserRow, 'roles'>): MemberRole => (u.roles.includes('admin') ? 'admin' : 'member');

/**
 * What an operator does to a member: change their role, ban (the account becomes `inactive`, which login and every
 * session check refuse, and every session and live connection ends at once) and unban, adjust their tokens (a ledger
 * entry through LedgerService), mail them a password-reset link (AccountsService's own link and message).
 */
export class MembersService {
  private readonly db: Db;
  private readonly deps: { ledger: LedgerService; accounts: AccountsService; mailer: Mailer; endLive: EndLiveSessions; log: FastifyBaseLogger };
  constructor(db: Db, deps: MembersService['deps']) {
    this.db = db;
    this.deps = deps;
  }

  async get(id: string): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound('No such member.');
    return row;
  }

  async changeRole(id: string, role: MemberRole, actorId: string): Promise<UserRow> {
    const user = await this.get(id);
    if (id === actorId && role !== 'admin') throw forbidden('You cannot take away your own admin role: ask another admin.');
    const [row] = await this.db
      .update(users)
      .set({ roles: role === 'admin' ? ['member', 'admin'] : ['member'], updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    this.deps.log.info({ userId: id, role, by: actorId }, 'member role changed');
    return row!;
  }

  /** Closes the account: `inactive`, every session deleted in the same transaction, their live connections closed. */
  async ban(id: string, reason: string, actorId: string, origin: string): Promise<UserRow> {
    if (!reason.trim()) throw invalid({ reason: 'Reason: fill this in.' });
    if (id === actorId) throw forbidden('You cannot ban yourself.');
    await this.get(id);
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ status: 'inactive', updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.status, 'active')))
        .returning();
      if (!row) return null;
      return { row, ended: await deleteUserSessions(tx, id) };
    });
    if (!done) throw conflict('This member is banned already.', 'CONFLICT');
    this.deps.endLive(done.ended);
    this.deps.log.warn({ userId: id, by: actorId, endedSessions: done.ended.length, reason: reason.trim() }, 'member banned');
    this.deps.mailer.send(done.row.email, 'account-banned', { name: done.row.name, reason: reason.trim() }, { origin });
    return done.row;
  }

  async unban(id: string, actorId: string): Promise<UserRow> {
    await this.get(id);
    const [row] = await this.db
      .update(users)
      .set({ status: 'active', updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.status, 'inactive')))
      .returning();
    if (!row) throw conflict('This member is not banned.', 'CONFLICT');
    this.deps.log.info({ userId: id, by: actorId }, 'member unbanned');
    return row;
  }

  async adjustTokens(id: string, amount: number, reason: string): Promise<UserRow> {
    const user = await this.get(id);
    await this.deps.ledger.adjust(user, amount, reason);
    return this.get(id);
  }

  async sendPasswordReset(id: string, origin: string): Promise<UserRow> {
    const user = await this.get(id);
    if (user.status !== 'active') throw conflict('This member is banned: unban them first.', 'CONFLICT');
    await this.deps.accounts.mailReset(user, origin);
    return user;
  }
}
