import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  CLOSING_ACCOUNTS,
  comments,
  dataExports,
  loginAddresses,
  orders,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  twoFactor,
  userTokens,
  users,
} from '../../db/schema.ts';
import { isPublicMediaKey } from '../../lib/media/public-media.ts';
import { forgetMemberInAudit } from '../audit/audit.repository.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import { deleteComment } from '../comments/comments.repository.ts';
import { applyTokenDelta } from '../ledger/ledger.repository.ts';
import type { UserRow } from '../users/users.repository.ts';

/** The closures waiting for their day, read through `users_closing_idx`. */
const closing = sql.raw(CLOSING_ACCOUNTS);

/** The ledger's reason for the tokens a closed account leaves behind. */
export const FORFEIT_REASON = 'account closed: unused tokens forfeited';

/** Marks an active member's account as closing on `closingAt`; null when it is not active or already closing. */
export async function startClosure(db: Tx, userId: string, closingAt: Date, refundTokens: number | null): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ closingAt, closureRefundTokens: refundTokens, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, 'active'), sql`${users.closingAt} is null`))
    .returning();
  return row ?? null;
}

/** Takes back a closure not yet carried out (the member logged in); false when there was none. */
export async function cancelClosure(db: Tx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ closingAt: null, closureRefundTokens: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), closing))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Accounts whose closing day has come, oldest first (read through `users_closing_idx`). */
export async function dueClosures(db: Tx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(closing, lte(users.closingAt, now)))
    .orderBy(asc(users.closingAt), asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What an erasure leaves to do once committed: files to delete from storage, live connections to close. */
export interface Erased {
  user: UserRow;
  /** The status the account had (active, or banned). */
  was: UserRow['status'];
  /** Tokens the account still held (debited with FORFEIT_REASON). */
  forfeited: number;
  files: string[];
  endedSessions: string[];
}

/**
 * Erases a member inside the caller's transaction (their row locked first; null when it is closed already): the
 * unused tokens go in a ledger entry, the profile becomes "Deleted member" with an address and a username nobody can
 * log in with, every way in is deleted (sessions, known addresses, second factor, recovery codes, passkeys, mailed
 * links), so are their data exports, their orders' delivery details are blanked and the audit log forgets who they
 * were (`forgetMemberInAudit`). What accounting keeps stays,
 * pointing at the anonymous row: payments, ledger entries, purchases, orders. Their comments stay (signed by the
 * anonymous row) or go with their replies, as the operator's setting says.
 */
export async function eraseMember(tx: Tx, userId: string, commentsTo: 'keep' | 'remove'): Promise<Erased | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), ne(users.status, 'closed')))
    .for('update');
  if (!user) return null;
  const files = [user.avatar, user.cover].filter((url): url is string => Boolean(url));
  if (user.balance > 0) await applyTokenDelta(tx, user.id, -user.balance, { reason: FORFEIT_REASON, refType: 'adjustment' });
  if (commentsTo === 'remove') {
    const own = await tx.select({ id: comments.id }).from(comments).where(eq(comments.userId, user.id));
    for (const { id } of own) {
      const gone = await deleteComment(tx, id);
      if (gone?.attachment) files.push(gone.attachment.url);
    }
  }
  const exports = await tx.delete(dataExports).where(eq(dataExports.userId, user.id)).returning({ key: dataExports.storageKey });
  const keys = exports.map((e) => e.key).filter((key): key is string => Boolean(key));
  for (const table of [loginAddresses, twoFactor, recoveryCodes, passkeys, passkeyChallenges, userTokens])
    await tx.delete(table).where(eq(table.userId, user.id));
  const endedSessions = await deleteUserSessions(tx, user.id);
  await tx
    .update(orders)
    .set({ recipientName: '', deliveryAddress: '', postalCode: '', phoneNumber: '', userNote: '', updatedAt: new Date() })
    .where(eq(orders.buyerId, user.id));
  await forgetMemberInAudit(tx, user.id, user.roles.includes('admin'));
  const [erased] = await tx
    .update(users)
    .set({
      status: 'closed',
      // From now on, the day it was erased.
      closingAt: new Date(),
      email: `closed-${user.id}@closed.invalid`,
      username: `closed-${user.id}`,
      name: 'Deleted member',
      passwordHash: '',
      roles: ['member'],
      avatar: null,
      cover: null,
      bio: '',
      country: null,
      language: null,
      phone: null,
      gender: null,
      verifiedEmail: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return {
    user: erased!,
    was: user.status,
    forfeited: user.balance,
    files: [...files.map(mediaKeyOf).filter((k): k is string => k !== null), ...keys],
    endedSessions,
  };
}

/** The storage key of a member's picture (`/media/public/…`, a key of its own); null for anything else (a demo picture). */
function mediaKeyOf(url: string): string | null {
  const key = url.startsWith('/media/') ? url.slice('/media/'.length) : '';
  return isPublicMediaKey(key) ? key : null;
}

/**
 * How many admins can still log in, their rows locked till the caller's transaction ends (the last one may not close
 * their account: two closing at once are taken one after the other, and the second sees the first one closing).
 */
export async function lockActiveAdmins(tx: Tx): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active'), sql`${users.closingAt} is null`))
    .for('update');
  return rows.length;
}
