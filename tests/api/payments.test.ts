import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paymentTransactions, tokenLedger } from '../../src/server/db/schema.ts';
import type { TestGateway } from '../../src/server/modules/payments/gateways/test-gateway.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, firstPackage, ledgerProblems } from '../helpers/commerce.ts';
import { FakeStripe } from '../helpers/fake-stripe.ts';

const stripe = new FakeStripe();
await stripe.start();
afterAll(() => stripe.stop());

describe('buying token packages', () => {
  const h = useApi({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYMENT_TEST_GATEWAY: 'on',
  });
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    token = await login(h, (await createMember(h)).username);
    otherToken = await login(h, (await createMember(h)).username);
  });
  /** How many ledger entries credit this payment. */
  const creditsOf = async (paymentId: string) => h.database.db.$count(tokenLedger, and(eq(tokenLedger.refType, 'payment'), eq(tokenLedger.refId, paymentId)));

  /** A pending Stripe payment of the first package for this member, and its Checkout Session. */
  const stripePayment = async (member: string) => {
    const pkg = await firstPackage(h);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token: member, body: { packageId: pkg.id, gateway: 'stripe' } })).body.data;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
    return { pkg, paymentId: paymentId as string, session };
  };
  const stripeWebhook = (payload: string, headers: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: '/api/payment/webhook/stripe', headers: { 'content-type': 'application/json', ...headers }, payload });
  const statusOf = async (member: string, paymentId: string) =>
    (await call(h, 'GET', `/api/payment/transactions/${paymentId}`, { token: member })).body.data.status;

  it('lists the active packages in order, with prices in major units', async () => {
    const res = await call(h, 'GET', '/api/package/token/search');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
    const [first] = res.body.data.data;
    expect(first).toMatchObject({ name: 'Starter', tokens: 100, price: 4.99, currency: 'USD', isActive: true });
    expect((await call(h, 'GET', '/api/payment/gateways')).body.data.gateways).toEqual(['stripe', 'test']);
  });

  it('test gateway: a pending payment, then confirm → credited once through the signed webhook', async () => {
    const pkg = await firstPackage(h);
    const start = await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'test' } });
    expect(start.status).toBe(200);
    const { paymentUrl, paymentId } = start.body.data;
    expect(paymentUrl).toBe(`/payment/test-checkout/${paymentId}`);
    const pending = await call(h, 'GET', `/api/payment/transactions/${paymentId}`, { token });
    expect(pending.body.data).toMatchObject({ status: 'pending', tokens: pkg.tokens, amount: 4.99, gateway: 'test' });
    // Another member can neither see nor confirm it.
    expect((await call(h, 'GET', `/api/payment/transactions/${paymentId}`, { token: otherToken })).status).toBe(403);
    expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token: otherToken })).status).toBe(403);

    const confirmed = await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token });
    expect(confirmed.body.data).toEqual({ status: 'success', redirectUrl: `/payment/success?payment=${paymentId}` });
    expect(await balanceOf(h, token)).toBe(pkg.tokens);
    // Pressing confirm again changes nothing.
    await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token });
    expect(await balanceOf(h, token)).toBe(pkg.tokens);
    const list = await call(h, 'GET', '/api/payment/transactions', { token });
    expect(list.body.data).toMatchObject({ total: 1, data: [{ _id: paymentId, status: 'success', packageName: 'Starter' }] });
    expect((await call(h, 'GET', '/api/transactions/user/search?status=success', { token })).body.data.total).toBe(1);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('test gateway: cancel marks the payment failed and credits nothing', async () => {
    const pkg = await firstPackage(h);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token: otherToken, body: { packageId: pkg.id, gateway: 'test' } })).body
      .data;
    const cancelled = await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/cancel`, { token: otherToken });
    expect(cancelled.body.data).toEqual({ status: 'failed', redirectUrl: `/payment/cancel?payment=${paymentId}` });
    expect(await balanceOf(h, otherToken)).toBe(0);
  });

  it('refuses bad input: unknown package 404, disabled gateway 404, bad body 400, anonymous 401', async () => {
    const pkg = await firstPackage(h);
    expect((await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: 'x' } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'paypal' } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/payment/purchase-tokens', { body: { packageId: pkg.id } })).status).toBe(401);
  });

  it('stripe: creates a Checkout Session through the SDK and credits once on the signed webhook', async () => {
    const pkg = await firstPackage(h);
    const before = await balanceOf(h, token);
    const start = await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'stripe' } });
    expect(start.status).toBe(200);
    const { paymentUrl, paymentId } = start.body.data;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
    expect(paymentUrl).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 499, currency: 'usd', success_url: expect.stringContaining(`/payment/success?payment=${paymentId}`) });
    const request = stripe.requests.at(-1)!;
    expect(request.idempotencyKey).toBe(`checkout-${paymentId}`);

    const { payload, signature } = stripe.event(session.id, 'checkout.session.completed');
    const webhook = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const first = await webhook();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, replayed: false });
    expect(await balanceOf(h, token)).toBe(before + pkg.tokens);
    // Replays credit nothing more.
    const again = await webhook();
    expect(again.json().data).toEqual({ received: true, replayed: true });
    expect(await balanceOf(h, token)).toBe(before + pkg.tokens);
    // A later "expired" for the same session (reordered) does not undo or re-credit.
    const late = stripe.event(session.id, 'checkout.session.expired');
    await h.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': late.signature },
      payload: late.payload,
    });
    expect((await call(h, 'GET', `/api/payment/transactions/${paymentId}`, { token })).body.data.status).toBe('success');
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('stripe: a webhook signed with another secret, unsigned, garbled or changed after signing is a 400 and credits nothing', async () => {
    const before = await balanceOf(h, token);
    const { paymentId, session } = await stripePayment(token);
    const { payload } = stripe.event(session.id, 'checkout.session.completed');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    for (const headers of [{ 'stripe-signature': forged }, {}, { 'stripe-signature': 'garbage' }] as Record<string, string>[]) {
      const res = await stripeWebhook(payload, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    // A body changed after signing does not verify either.
    const good = stripe.event(session.id, 'checkout.session.completed');
    const tampered = good.payload.replace('"amount_total":499', '"amount_total":1');
    expect(tampered).not.toBe(good.payload);
    expect((await stripeWebhook(tampered, { 'stripe-signature': good.signature })).json()).toMatchObject({
      statusCode: 400,
      error: 'WEBHOOK_SIGNATURE_INVALID',
    });
    expect(await balanceOf(h, token)).toBe(before);
    expect(await statusOf(token, paymentId)).toBe('pending');
    // The test gateway's signature is not Stripe's.
    expect((await h.app.inject({ method: 'POST', url: '/api/payment/webhook/nope', payload: '{}' })).statusCode).toBe(404);
  });

  it('stripe: a correctly signed event dated ten minutes ahead is refused like one ten minutes old, and credits nothing', async () => {
    const before = await balanceOf(h, token);
    const { paymentId, session } = await stripePayment(token);
    const { payload } = stripe.event(session.id, 'checkout.session.completed');
    for (const shift of [600, -600]) {
      const timestamp = Math.floor(Date.now() / 1000) + shift;
      const res = await stripeWebhook(payload, {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp }),
      });
      expect(res.json(), `${shift} s`).toMatchObject({ statusCode: 400, error: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await balanceOf(h, token)).toBe(before);
    expect(await statusOf(token, paymentId)).toBe('pending');
  });

  it('stripe: a signed "paid" event with another amount than ours is recorded but credits nothing, and the payment stays pending', async () => {
    const before = await balanceOf(h, token);
    const { paymentId, session } = await stripePayment(token);
    const cheap = stripe.event(session.id, 'checkout.session.completed', { amount_total: 1 });
    const res = await stripeWebhook(cheap.payload, { 'stripe-signature': cheap.signature });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, replayed: false });
    expect(await balanceOf(h, token)).toBe(before);
    expect(await statusOf(token, paymentId)).toBe('pending');
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('stripe: a second "paid" event with a new event id, after the payment settled, credits nothing', async () => {
    const member = await login(h, (await createMember(h)).username);
    const { pkg, paymentId, session } = await stripePayment(member);
    const first = stripe.event(session.id, 'checkout.session.completed');
    expect((await stripeWebhook(first.payload, { 'stripe-signature': first.signature })).json().data).toEqual({ received: true, replayed: false });
    expect(await balanceOf(h, member)).toBe(pkg.tokens);
    // Same session, same amount, another event (Stripe retries with new ids, or a second completion event).
    const second = stripe.event(session.id, 'checkout.session.completed');
    expect(JSON.parse(second.payload).id).not.toBe(JSON.parse(first.payload).id);
    const res = await stripeWebhook(second.payload, { 'stripe-signature': second.signature });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, replayed: false });
    expect(await balanceOf(h, member)).toBe(pkg.tokens);
    expect(await statusOf(member, paymentId)).toBe('success');
    expect(await creditsOf(paymentId)).toBe(1);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('test gateway: a second "paid" event with a new event id, after the payment settled, credits nothing', async () => {
    const member = await login(h, (await createMember(h)).username);
    const pkg = await firstPackage(h);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token: member, body: { packageId: pkg.id, gateway: 'test' } })).body.data;
    expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token: member })).body.data.status).toBe('success');
    expect(await balanceOf(h, member)).toBe(pkg.tokens);
    // The provider's side signs another "paid" event for the same payment and amount, with an event id of its own.
    const [payment] = await h.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    const gateway = h.app.services.payments.gateway('test') as TestGateway;
    const { body, headers } = gateway.signedEvent(payment!, 'paid');
    const res = await h.app.inject({ method: 'POST', url: '/api/payment/webhook/test', headers, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, replayed: false });
    expect(await balanceOf(h, member)).toBe(pkg.tokens);
    expect(await statusOf(member, paymentId)).toBe('success');
    expect(await creditsOf(paymentId)).toBe(1);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('the same webhook delivered 10 times at once credits once', async () => {
    const pkg = await firstPackage(h);
    const before = await balanceOf(h, token);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'stripe' } })).body.data;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
    const { payload, signature } = stripe.event(session.id, 'checkout.session.completed');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.app.inject({
          method: 'POST',
          url: '/api/payment/webhook/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().data.replayed === false)).toHaveLength(1);
    expect(await balanceOf(h, token)).toBe(before + pkg.tokens);
    expect(await ledgerProblems(h)).toEqual([]);
  });
});
