import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import type { EmitToUser } from '../../types.ts';
import { findUserByLogin } from '../users/users.repository.ts';
import { applyTokenDelta } from './ledger.repository.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { BalanceChange, BalanceChangeQuery } from '../../../shared/contracts/ledger.ts';
import { searchBalanceChanges } from './balance-changes.repository.ts';
import { toBalanceChange } from './balance-changes.ts';

/** One inconsistency `ledger check` found. */
export interface LedgerProblem {
  kind: 'balance' | 'spend-without-debit' | 'payment-credit';
  userId: string;
  detail: string;
}

/**
 * The ledger's reading and operator sides: a member's balance changes in words, an operator's adjustments (always a
 * ledger entry with its reason) and the consistency check that recomputes every balance from the entries.
 */
export class LedgerService {
  private readonly db: Db;
  private readonly emit: EmitToUser;
  constructor(db: Db, emit: EmitToUser) {
    this.db = db;
    this.emit = emit;
  }

  /** Every change of a member's balance, newest first, each with what it was for. */
  async balanceChanges(userId: string, query: BalanceChangeQuery): Promise<ListResult<BalanceChange>> {
    const { kind, fromDate, toDate, sort, limit = 12, offset = 0 } = query;
    const { rows, refs, ...total } = await searchBalanceChanges(this.db, { userId, kind, fromDate, toDate, sort, limit, offset });
    return { data: rows.map((row) => toBalanceChange(row, refs)), ...total };
  }

  /**
   * An adjustment of the member with this e-mail or username: adds (or with a negative amount, takes back) tokens, with
   * the operator's reason; a debit never goes below zero.
   */
  async adjustByLogin(login: string, amount: number, reason: string): Promise<{ userId: string; balance: number }> {
    const user = await findUserByLogin(this.db, login);
    if (!user) throw notFound(`No member ${login}`);
    return this.adjust(user, amount, reason);
  }

  /**
   * An adjustment of a member found already (the back office's "adjust tokens"): one ledger entry with the reason, in one
   * transaction; the member's open pages hear the new balance.
   */
  async adjust(user: { id: string; username: string }, amount: number, reason: string): Promise<{ userId: string; balance: number }> {
    if (!Number.isInteger(amount) || amount === 0) throw invalid({ amount: 'Amount: a whole number of tokens other than 0.' });
    if (!reason.trim()) throw invalid({ reason: 'Reason: fill this in.' });
    const balance = await this.db.transaction((tx) => applyTokenDelta(tx, user.id, amount, { reason: reason.trim(), refType: 'adjustment' }));
    if (balance === null) {
      const now = (await findUserByLogin(this.db, user.username))?.balance ?? 0;
      throw invalid({ amount: `Amount: ${user.username} has only ${now} tokens; cannot take ${-amount}.` });
    }
    this.emit(user.id, 'update_balance', { balance, delta: amount });
    return { userId: user.id, balance };
  }

  /**
   * Recomputes the books: every balance equals the sum of its ledger entries, every token spend has its debit, and
   * every settled payment has exactly one credit of its tokens (a refunded one, its credit and the refund's debit).
   *
   * Set-based, so it stays linear in the rows on a big database: each query aggregates `token_ledger` once (GROUP BY
   * the owner or the `ref_id`) and hash-joins that to the rows it checks; no sub-select runs per row. `ref_id` is
   * text, so the join is on `ref_id = id::text` (a stray `ref_id` that is not a uuid is simply never matched).
   */
  async check(): Promise<LedgerProblem[]> {
    const problems: LedgerProblem[] = [];
    const balances = await rowsOf<{ id: string; username: string; balance: number; ledger: string }>(
      this.db,
      sql`
      select u.id, u.username, u.balance, coalesce(l.total, 0)::text as ledger
      from users u
      left join (select user_id, sum(delta) as total from token_ledger group by user_id) l on l.user_id = u.id
      where u.balance <> coalesce(l.total, 0)`,
    );
    for (const r of balances) problems.push({ kind: 'balance', userId: r.id, detail: `${r.username}: balance ${r.balance}, ledger sums to ${r.ledger}` });
    // The entries referencing a successful spend net to a debit of its price.
    const spends = await rowsOf<{ id: string; user_id: string; total_price: number; debited: string | null }>(
      this.db,
      sql`
      select t.id, t.user_id, t.total_price, d.debited::text as debited
      from token_transactions t
      left join (
        select ref_id, sum(-delta) as debited from token_ledger where ref_type = 'token_transaction' group by ref_id
      ) d on d.ref_id = t.id::text
      where t.status = 'success' and coalesce(d.debited, 0) <> t.total_price`,
    );
    for (const r of spends)
      problems.push({ kind: 'spend-without-debit', userId: r.user_id, detail: `token transaction ${r.id}: price ${r.total_price}, debited ${r.debited ?? 0}` });
    // A settled payment has one credit of its tokens; a refunded one that credit and a debit of the same tokens
    // (the refund); a pending or failed one neither.
    const payments = await rowsOf<{ id: string; user_id: string; status: string; tokens: number; credited: string; debited: string }>(
      this.db,
      sql`
      select p.id, p.user_id, p.status, p.tokens, coalesce(e.credited, 0)::text as credited, coalesce(e.debited, 0)::text as debited
      from payment_transactions p
      left join (
        select ref_id, sum(delta) filter (where delta > 0) as credited, sum(-delta) filter (where delta < 0) as debited
        from token_ledger where ref_type = 'payment' group by ref_id
      ) e on e.ref_id = p.id::text
      where coalesce(e.credited, 0) <> case when p.status in ('success', 'refunded') then p.tokens else 0 end
         or coalesce(e.debited, 0) <> case when p.status = 'refunded' then p.tokens else 0 end`,
    );
    for (const r of payments)
      problems.push({
        kind: 'payment-credit',
        userId: r.user_id,
        detail: `payment ${r.id} (${r.status}): ${r.tokens} tokens, credited ${r.credited}${Number(r.debited) ? `, taken back ${r.debited}` : ''}`,
      });
    return problems;
  }
}
