import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { userTokens } from '../../db/schema.ts';

export type LinkPurpose = (typeof userTokens.$inferInsert)['purpose'];

export async function insertUserToken(db: Tx, row: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(row);
}

/** Uses a link token once: marks it used and returns its member, or null when unknown, used, expired or for another purpose. */
export async function consumeUserToken(db: Tx, tokenHash: string, purpose: LinkPurpose): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** Retires a member's unused links of one purpose (a newer link replaces them; a reset ends them all). */
export async function retireUserTokens(db: Tx, userId: string, purpose: LinkPurpose) {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** Uses an e-mail change link once: its member and the address they asked for, or null (unknown, used, expired). */
export async function consumeEmailChange(db: Tx, tokenHash: string): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, 'change_email'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
  return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : null;
}

/** The member of a live, unused token of this purpose, without using it (a login's code step may be retried). */
export async function findUserToken(db: Tx, tokenHash: string, purpose: LinkPurpose): Promise<string | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())));
  return row?.userId ?? null;
}
