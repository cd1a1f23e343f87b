import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferInsert)['purpose'];

export async function listPasskeys(db: Tx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findPasskeyByCredential(db: Tx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** The new passkey, or null when its credential is already stored (the same authenticator registered twice). */
export async function insertPasskey(db: Tx, row: typeof passkeys.$inferInsert): Promise<PasskeyRow | null> {
  const [added] = await db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return added ?? null;
}

/** Renames one of the member's passkeys; null when it is not theirs (or gone). */
export async function renamePasskey(db: Tx, userId: string, id: string, name: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** After a login with it: the authenticator's new signature counter, and when. */
export async function markUsed(db: Tx, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function insertChallenge(db: Tx, row: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Uses a challenge once: deleted as it is taken, so of two answers to it (a replay, or two processes racing) only one
 * passes. False when unknown, used, expired, of another purpose or (adding a passkey) of another member.
 */
export async function takeChallenge(db: Tx, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, new Date())))
    .returning({ userId: passkeyChallenges.userId });
  return rows.length > 0 && rows[0]!.userId === userId;
}

/** Challenges never answered: removed once expired, when a new one is made (no sweep job needed at this size). */
export async function dropExpiredChallenges(db: Tx): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
}
