import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recoveryCodes, twoFactor } from '../../db/schema.ts';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export async function findTwoFactor(db: Tx, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row ?? null;
}

/** Whether the member's second factor is on (a setup still waiting for its first code is not). */
export async function hasTwoFactor(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return Boolean(row);
}

/** A new setup's secret, replacing a setup that never got its first code; null when the second factor is already on. */
export async function startSetup(db: Tx, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secret: sealedSecret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealedSecret, lastStep: null, createdAt: new Date() }, where: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Takes a code's time step once: the row's last step moves forward to it, or nothing happens (the same code again, or
 * an older one) and the answer is false. One statement, so two requests with one code cannot both pass.
 */
export async function takeStep(db: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Turns the second factor on with its recovery codes (hashes), in the caller's transaction. */
export async function enable(db: Tx, userId: string, codeHashes: string[]): Promise<void> {
  await db.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function disable(db: Tx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** Uses a recovery code once: 'ok', 'used' (it was used before) or 'unknown'. */
export async function useRecoveryCode(db: Tx, userId: string, codeHash: string): Promise<'ok' | 'used' | 'unknown'> {
  const mine = and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash));
  const taken = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(mine, isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (taken.length) return 'ok';
  const [seen] = await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(mine);
  return seen ? 'used' : 'unknown';
}

export async function recoveryCodesLeft(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
