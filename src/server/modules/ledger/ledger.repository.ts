import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { tokenLedger } from '../../db/schema.ts';

export interface LedgerRef {
  reason: string;
  refType?: string;
  refId?: string;
}

/**
 * Adds `delta` tokens (negative = debit) to a member's balance and appends the ledger entry, inside the caller's
 * transaction, in one statement: the guarded update (`balance >= -delta` for a debit) feeds the ledger insert, so an
 * entry exists exactly when the balance moved. Returns the new balance, or null when the guard refused.
 */
export async function applyTokenDelta(tx: Tx, userId: string, delta: number, ref: LedgerRef): Promise<number | null> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`token delta must be a non-zero integer, got ${delta}`);
  const [row] = await rowsOf<{ balance_after: number }>(
    tx,
    sql`with moved as (
          update users set balance = balance + ${delta}, updated_at = now()
          where id = ${userId} and balance + ${delta} >= 0
          returning id, balance)
        insert into token_ledger (user_id, delta, balance_after, reason, ref_type, ref_id)
        select id, ${delta}, balance, ${ref.reason}, ${ref.refType ?? null}, ${ref.refId ?? null} from moved
        returning balance_after`,
  );
  return row ? Number(row.balance_after) : null;
}

/** A member's latest ledger entries, newest first (the back office's record of a member). */
export async function latestEntries(db: Tx, userId: string, limit = 20) {
  return db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(desc(tokenLedger.createdAt), desc(tokenLedger.id)).limit(limit);
}
