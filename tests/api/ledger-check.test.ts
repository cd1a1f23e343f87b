import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, tokenTransactions } from '../../src/server/db/schema.ts';
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
});
