import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import { paymentTransactions, tokenTransactions } from '../../src/server/db/schema.ts';
import type { LedgerProblem } from '../../src/server/modules/ledger/ledger.service.ts';
import { createMember, expectEvery, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, firstPackage, ledgerProblems } from '../helpers/commerce.ts';

/** `ledger check` recomputes the books; here they are made to disagree behind its back, one way at a time. */
describe('ledger check finds spends and payments that disagree with the ledger', () => {
  const h = useApi({ PAYMENT_TEST_GATEWAY: 'on' });
  let spendId: string;
  let paymentId: string;
  let failedId: string;
  let userId: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const member = await createMember(h, { tokens: 100 });
    userId = member.id;
    const token = await login(h, member.username);
    spendId = (await call(h, 'POST', '/api/token-transactions/video/northern-lights-over-the-fjord', { token })).body.data._id;
    const pkg = await firstPackage(h);
    paymentId = (await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'test' } })).body.data.paymentId;
    expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token })).status).toBe(200);
    failedId = (await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'test' } })).body.data.paymentId;
    expect((await call(h, 'POST', `/api/payment/test-gateway/${failedId}/cancel`, { token })).status).toBe(200);
  });

  it('clean books: nothing to report', async () => {
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('a spend whose price differs from its debit', async () => {
    await h.database.db.update(tokenTransactions).set({ totalPrice: 41 }).where(eq(tokenTransactions.id, spendId));
    try {
      expect(await ledgerProblems(h)).toEqual([{ kind: 'spend-without-debit', userId, detail: `token transaction ${spendId}: price 41, debited 40` }]);
    } finally {
      await h.database.db.update(tokenTransactions).set({ totalPrice: 40 }).where(eq(tokenTransactions.id, spendId));
    }
  });

  it('a settled payment credited with other tokens than it sold, and a failed one that was credited', async () => {
    const [paid] = await h.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    await h.database.db
      .update(paymentTransactions)
      .set({ tokens: paid!.tokens + 5 })
      .where(eq(paymentTransactions.id, paymentId));
    await h.database.db.execute(sql`update payment_transactions set status = 'success' where id = ${failedId}`);
    try {
      const problems = await ledgerProblems(h);
      expect(problems.map((p) => p.detail).sort()).toEqual(
        [
          `payment ${paymentId} (success): ${paid!.tokens + 5} tokens, credited ${paid!.tokens}`,
          `payment ${failedId} (success): ${paid!.tokens} tokens, credited 0`,
        ].sort(),
      );
      expectEvery(problems, (p) => p.kind === 'payment-credit' && p.userId === userId);
    } finally {
      await h.database.db.update(paymentTransactions).set({ tokens: paid!.tokens }).where(eq(paymentTransactions.id, paymentId));
      await h.database.db.execute(sql`update payment_transactions set status = 'failed' where id = ${failedId}`);
    }
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('a balance edited without a ledger entry', async () => {
    await h.database.db.execute(sql`update users set balance = balance + 3 where id = ${userId}`);
    try {
      const problems = await ledgerProblems(h);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ kind: 'balance', userId });
    } finally {
      await h.database.db.execute(sql`update users set balance = balance - 3 where id = ${userId}`);
    }
  });

  it('thousands of clean members with every kind of inconsistency planted among them: exactly those are reported', async () => {
    const db = h.database.db;
    const one = async <T>(query: SQL) => (await rowsOf<T>(db, query))[0]!;
    const pkg = await firstPackage(h);
    const N = 2000;
    // The bulk members are `lcbulk<i>`; every 50th one never had a token (balance 0, no entries at all).
    const bulk = sql`(select id, substr(username, 7)::int as i from users where username like 'lcbulk%')`;
    const bulkIds = sql`(select id from users where username like 'lcbulk%')`;
    try {
      await db.execute(sql`
        insert into users (email, username, name, password_hash)
        select 'lcbulk' || i || '@test.local', 'lcbulk' || i, 'Bulk member ' || i, 'x' from generate_series(1, ${N}::int) i`);
      await db.execute(sql`
        insert into token_ledger (user_id, delta, balance_after, reason, ref_type)
        select b.id, 1000, 0, 'opening balance', 'adjustment' from ${bulk} b where b.i % 50 <> 0`);
      // Three spends each, of varied prices; every 97th member's third one was refunded (not checked, no debit).
      await db.execute(sql`
        insert into token_transactions (user_id, type, total_price, status, idempotency_key)
        select b.id, 'video', 1 + (b.i * 7 + k * 13) % 60, case when b.i % 97 = 0 and k = 3 then 'refunded' else 'success' end, 'lcbulk-' || b.i || '-' || k
        from ${bulk} b cross join generate_series(1, 3) k where b.i % 50 <> 0`);
      // Each successful spend's debit: one entry, or for every 10th member's second spend two entries that add up.
      await db.execute(sql`
        insert into token_ledger (user_id, delta, balance_after, reason, ref_type, ref_id)
        select t.user_id, case when s.split then case when part = 1 then 1 - t.total_price else -1 end else -t.total_price end, 0, 'unlock', 'token_transaction', t.id::text
        from token_transactions t
        cross join lateral (select t.idempotency_key like 'lcbulk-%0-2' and t.total_price > 1 as split) s
        cross join generate_series(1, 2) part
        where t.user_id in ${bulkIds} and t.status = 'success' and (part = 1 or s.split)`);
      // Two payments each: a settled one, and one failed, pending, refunded or settled in turn.
      await db.execute(sql`
        insert into payment_transactions (user_id, package_id, gateway, amount_minor, currency, tokens, status, provider_ref)
        select b.id, ${pkg.id}, 'test', 999, 'EUR', case when n = 1 then 100 + (b.i % 7) * 50 else 200 + (b.i % 5) * 10 end,
          case when n = 1 then 'success' else (array['failed', 'pending', 'refunded', 'success'])[b.i % 4 + 1] end, 'lcbulk-' || b.i || '-' || n
        from ${bulk} b cross join generate_series(1, 2) n where b.i % 50 <> 0`);
      await db.execute(sql`
        insert into token_ledger (user_id, delta, balance_after, reason, ref_type, ref_id)
        select p.user_id, p.tokens, 0, 'token package purchase', 'payment', p.id::text
        from payment_transactions p where p.user_id in ${bulkIds} and p.status in ('success', 'refunded')
        union all
        select p.user_id, -p.tokens, 0, 'refund: bulk', 'payment', p.id::text
        from payment_transactions p where p.user_id in ${bulkIds} and p.status = 'refunded'`);

      const expected: LedgerProblem[] = [];
      const spend = (r: { id: string; user_id: string; total_price: number }, debited: number) =>
        expected.push({ kind: 'spend-without-debit', userId: r.user_id, detail: `token transaction ${r.id}: price ${r.total_price}, debited ${debited}` });
      // A price changed after the debit.
      const repriced = await one<{ id: string; user_id: string; total_price: number }>(
        sql`update token_transactions set total_price = total_price + 1 where idempotency_key = 'lcbulk-11-1' returning id, user_id, total_price`,
      );
      spend(repriced, repriced.total_price - 1);
      // A spend with no debit at all.
      const undebited = await one<{ id: string; user_id: string; total_price: number }>(
        sql`insert into token_transactions (user_id, type, total_price) select id, 'video', 9 from users where username = 'lcbulk12' returning id, user_id, total_price`,
      );
      spend(undebited, 0);
      // A split debit that lost one of its two entries.
      const split = await one<{ id: string; user_id: string; total_price: number }>(
        sql`select id, user_id, total_price from token_transactions where idempotency_key = 'lcbulk-20-2'`,
      );
      await db.execute(sql`delete from token_ledger where ref_type = 'token_transaction' and ref_id = ${split.id} and delta = -1`);
      spend(split, split.total_price - 1);

      const payment = async (member: number, n: number) =>
        one<{ id: string; user_id: string; status: string; tokens: number }>(
          sql`select id, user_id, status, tokens from payment_transactions where provider_ref = ${`lcbulk-${member}-${n}`}`,
        );
      const paid = (r: { id: string; user_id: string; status: string }, tokens: number, detail: string) =>
        expected.push({ kind: 'payment-credit', userId: r.user_id, detail: `payment ${r.id} (${r.status}): ${tokens} tokens, ${detail}` });
      const credit = (r: { id: string; user_id: string }, delta: number) =>
        db.execute(
          sql`insert into token_ledger (user_id, delta, balance_after, reason, ref_type, ref_id) values (${r.user_id}, ${delta}, 0, 'planted', 'payment', ${r.id})`,
        );
      // A settled payment whose tokens changed after its credit.
      const resized = await payment(21, 1);
      await db.execute(sql`update payment_transactions set tokens = tokens + 5 where id = ${resized.id}`);
      paid(resized, resized.tokens + 5, `credited ${resized.tokens}`);
      // A failed payment that was credited.
      const failed = await payment(24, 2);
      expect(failed.status).toBe('failed');
      await credit(failed, failed.tokens);
      paid(failed, failed.tokens, `credited ${failed.tokens}`);
      // A pending one credited and taken back.
      const pending = await payment(25, 2);
      expect(pending.status).toBe('pending');
      await credit(pending, pending.tokens);
      await credit(pending, -pending.tokens);
      paid(pending, pending.tokens, `credited ${pending.tokens}, taken back ${pending.tokens}`);
      // A refunded one whose refund was never debited.
      const refunded = await payment(26, 2);
      expect(refunded.status).toBe('refunded');
      await db.execute(sql`delete from token_ledger where ref_type = 'payment' and ref_id = ${refunded.id} and delta < 0`);
      paid(refunded, refunded.tokens, `credited ${refunded.tokens}`);
      // A settled one credited twice.
      const twice = await payment(27, 2);
      expect(twice.status).toBe('success');
      await credit(twice, twice.tokens);
      paid(twice, twice.tokens, `credited ${twice.tokens * 2}`);

      // Every balance is its ledger's sum (the entries above included), then two are edited behind the ledger's back.
      await db.execute(sql`
        update users u set balance = s.total
        from (select user_id, sum(delta)::int as total from token_ledger group by user_id) s
        where s.user_id = u.id and u.username like 'lcbulk%'`);
      for (const [username, set] of [
        ['lcbulk31', sql`balance + 3`],
        ['lcbulk50', sql`5`],
      ] as const) {
        const before = await one<{ balance: number }>(sql`select balance from users where username = ${username}`);
        const after = await one<{ id: string; balance: number }>(sql`update users set balance = ${set} where username = ${username} returning id, balance`);
        expected.push({ kind: 'balance', userId: after.id, detail: `${username}: balance ${after.balance}, ledger sums to ${before.balance}` });
      }

      const counts = await one<{ members: number; spends: number; payments: number; entries: number }>(sql`
        select (select count(*)::int from users where username like 'lcbulk%') as members,
          (select count(*)::int from token_transactions where user_id in ${bulkIds}) as spends,
          (select count(*)::int from payment_transactions where user_id in ${bulkIds}) as payments,
          (select count(*)::int from token_ledger where user_id in ${bulkIds}) as entries`);
      expect(counts.members).toBe(N);
      expect(counts.entries).toBeGreaterThan(10_000);

      const key = (p: LedgerProblem) => `${p.kind} ${p.userId} ${p.detail}`;
      const sorted = (list: LedgerProblem[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
      expect(sorted(await ledgerProblems(h))).toEqual(sorted(expected));
    } finally {
      await db.execute(sql`delete from token_ledger where user_id in ${bulkIds}`);
      await db.execute(sql`delete from token_transactions where user_id in ${bulkIds}`);
      await db.execute(sql`delete from payment_transactions where user_id in ${bulkIds}`);
      await db.execute(sql`delete from users where username like 'lcbulk%'`);
    }
    expect(await ledgerProblems(h)).toEqual([]);
  });
});
