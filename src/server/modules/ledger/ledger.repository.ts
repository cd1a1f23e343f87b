import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tokenLedger, users } from '../../db/schema.ts';

export interface LedgerRef {
  reason: string;
  refType?: string;
  refId?: string;
}

/**
 * Adds `delta` tokens (negative = debit) to a member's balance and appends the ledger entry, inside the caller's
 * transaction. A debit is guarded (`balance >= -delta`); returns the new balance, or null when the guard refused.
 */
export async function applyTokenDelta(tx: Tx, userId: string, delta: number, ref: LedgerRef): Promise<number | null> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`token delta must be a non-zero integer, got ${delta}`);
  const guard = delta < 0 ? and(eq(users.id, userId), gte(users.balance, -delta)) : eq(users.id, userId);
  const [row] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${delta}`, updatedAt: new Date() })
    .where(guard)
    .returning({ balance: users.balance });
  if (!row) return null;
  await tx.insert(tokenLedger).values({ userId, delta, balanceAfter: row.balance, reason: ref.reason, refType: ref.refType, refId: ref.refId });
  return row.balance;
}
