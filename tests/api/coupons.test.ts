import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, paymentTransactions, products, tokenLedger, tokenTransactions } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, firstPackage, idOf, ledgerProblems } from '../helpers/commerce.ts';
import { FakeStripe } from '../helpers/fake-stripe.ts';

const stripe = new FakeStripe();
await stripe.start();
afterAll(() => stripe.stop());

const WALLPAPER = 'alpine-ridges-wallpaper-pack'; // digital, 12 tokens
const MUG = 'tessera-enamel-mug'; // physical, 35 tokens
const DELIVERY = {
  recipientName: 'Ola Nordmann',
  deliveryAddress: '1 Main Street, Oslo',
  postalCode: '0150',
  country: 'NO',
  phoneNumber: '+47 22 00 00 00',
};
const DAY = 86_400_000;

/** Coupons (issue 35, part 5): quoted, redeemed exactly once with the purchase, given back by a refund, shown to operators. */
describe('coupons', () => {
  // Many members log in from one address here.
  const h = useApi({
    PAYMENT_TEST_GATEWAY: 'on',
    LOGIN_LIMIT_PER_IP: '1000',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  let admin: string;
  let wallpaper: string;
  let mug: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    wallpaper = await idOf(h, 'product', WALLPAPER);
    mug = await idOf(h, 'product', MUG);
    await h.database.db.update(products).set({ stock: 1000 }).where(eq(products.id, mug));
  });

  const newCoupon = async (body: Record<string, unknown>) => {
    const res = await call(h, 'POST', '/api/admin/coupons', { token: admin, body: { appliesTo: 'tokens', kind: 'percent', amount: 10, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { _id: string; code: string };
  };
  const member = async (tokens = 100) => {
    const m = await createMember(h, { tokens });
    return { ...m, token: await login(h, m.username) };
  };
  const cart = (...lines: [string, number][]) => lines.map(([_id, quantity]) => ({ _id, quantity }));
  const quote = (token: string, body: Record<string, unknown>) => call(h, 'POST', '/api/coupons/quote', { token, body });
  const checkout = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(h, 'POST', '/api/token-transactions/products', { token, body, headers });
  const usesOf = async (id: string) => (await h.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]!.uses;
  /** The refusal a member reads at the coupon field: status, code, the field's sentence. */
  const refusal = (res: { status: number; body: { error: string; fields?: Record<string, string> } }) => [res.status, res.body.error, res.body.fields?.coupon];

  it('a quote gives the price before and after; a bad code gets its reason at the field', async () => {
    const { token } = await member();
    await newCoupon({ code: 'Spring-10', kind: 'percent', amount: 25 });
    // Any case; the discount is a percent of the lines, rounded down.
    const ok = await quote(token, { code: ' spring-10 ', products: cart([wallpaper, 1], [mug, 2]) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ code: 'SPRING-10', appliesTo: 'tokens', before: 82, discount: 20, after: 62, currency: null });

    await newCoupon({ code: 'OLD', startsAt: new Date(Date.now() - 3 * DAY).toISOString(), endsAt: new Date(Date.now() - DAY).toISOString() });
    await newCoupon({ code: 'SOON', startsAt: new Date(Date.now() + DAY).toISOString() });
    const gone = await newCoupon({ code: 'GONE', maxUses: 3 });
    await h.database.db.update(coupons).set({ uses: 3 }).where(eq(coupons.id, gone._id));
    await newCoupon({ code: 'PARCELS', itemKind: 'physical' });
    await newCoupon({ code: 'ONLY-MUG', itemId: mug });
    await newCoupon({ code: 'BIG-CARTS', minimum: 50 });
    await newCoupon({ code: 'PACKS', appliesTo: 'packages', kind: 'percent', amount: 10 });
    const off = await newCoupon({ code: 'OFF' });
    await call(h, 'POST', '/api/admin/coupons/bulk', { token: admin, body: { action: 'unpublish', ids: [off._id] } });

    const download = { products: cart([wallpaper, 1]) };
    const cases: [string, string, string][] = [
      ['NOPE', 'COUPON_UNKNOWN', 'This code is not known: check how it is spelled.'],
      ['OLD', 'COUPON_EXPIRED', expect.stringMatching(/^This code expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/) as unknown as string],
      ['SOON', 'COUPON_NOT_STARTED', expect.stringMatching(/^This code is valid from /) as unknown as string],
      ['GONE', 'COUPON_USED_UP', 'This code has been used up.'],
      ['PARCELS', 'COUPON_NOT_APPLICABLE', 'This code is not for the products in your cart.'],
      ['ONLY-MUG', 'COUPON_NOT_APPLICABLE', 'This code is not for the products in your cart.'],
      ['BIG-CARTS', 'COUPON_BELOW_MINIMUM', 'This code needs a purchase of at least 50 tokens.'],
      ['PACKS', 'COUPON_NOT_APPLICABLE', 'This code is for token packages, not for the store.'],
      ['OFF', 'COUPON_EXPIRED', 'This code is no longer valid.'],
    ];
    for (const [code, error, message] of cases) expect(refusal(await quote(token, { code, ...download })), code).toEqual([422, error, message]);
    // The same reasons at checkout, and nothing is spent.
    for (const [code, error, message] of cases) expect(refusal(await checkout(token, { ...download, coupon: code })), code).toEqual([422, error, message]);
    expect(await balanceOf(h, token)).toBe(100);
    // A filter that matches takes off only its lines.
    expect((await quote(token, { code: 'only-mug', products: cart([wallpaper, 1], [mug, 1]) })).body.data).toMatchObject({
      before: 47,
      discount: 3,
      after: 44,
    });
    // A quote says what it is for: a package or a cart, one of them.
    const neither = await quote(token, { code: 'SPRING-10' });
    expect([neither.status, Object.keys(neither.body.fields)]).toEqual([400, ['packageId']]);
    expect((await call(h, 'POST', '/api/coupons/quote', { body: { code: 'SPRING-10', ...download } })).status).toBe(401);
  });

  it('a discounted cart checkout debits fewer tokens; the spend, its ledger entry and the back office show the discount', async () => {
    const buyer = await member(200);
    const coupon = await newCoupon({ code: 'FIVE-OFF', kind: 'fixed', amount: 5, maxUsesPerMember: 1 });
    const res = await checkout(buyer.token, { products: cart([mug, 1]), ...DELIVERY, coupon: 'five-off' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ totalPrice: 30, discount: 5, couponCode: 'FIVE-OFF', balance: 170 });
    expect(res.body.data.orders).toEqual([expect.objectContaining({ unitPrice: 35, totalPrice: 35 })]);
    expect(await balanceOf(h, buyer.token)).toBe(170);
    const [entry] = await h.database.db.select().from(tokenLedger).where(eq(tokenLedger.refId, res.body.data._id));
    expect(entry).toMatchObject({ delta: -30, reason: 'cart checkout, coupon FIVE-OFF −5 tokens' });
    expect(await usesOf(coupon._id)).toBe(1);
    expect(await ledgerProblems(h)).toEqual([]);

    // Once per member: the second use is refused, at the quote and at checkout.
    expect(refusal(await quote(buyer.token, { code: 'FIVE-OFF', products: cart([mug, 1]) }))).toEqual([
      422,
      'COUPON_MEMBER_LIMIT',
      'You have used this code already: that is all it allows.',
    ]);
    expect(refusal(await checkout(buyer.token, { products: cart([mug, 1]), ...DELIVERY, coupon: 'FIVE-OFF' }))[1]).toBe('COUPON_MEMBER_LIMIT');
    expect(await balanceOf(h, buyer.token)).toBe(170);

    const spends = await call(h, 'GET', `/api/admin/token-transactions?userId=${buyer.id}`, { token: admin });
    expect(spends.body.data.data).toEqual([expect.objectContaining({ couponCode: 'FIVE-OFF', discount: 5, totalPrice: 30 })]);
    const csv = await h.app.inject({ method: 'GET', url: `/api/admin/token-transactions/export.csv?userId=${buyer.id}`, headers: { authorization: admin } });
    const [head, row] = csv.body.trim().split(/\r?\n/);
    expect(head).toContain('Coupon,Discount (tokens)');
    expect(row).toContain(',30,FIVE-OFF,5,');
    const listed = await call(h, 'GET', '/api/admin/coupons?q=five', { token: admin });
    expect(listed.body.data.data).toEqual([expect.objectContaining({ code: 'FIVE-OFF', usesText: '1 / no limit', discountText: '5 tokens off' })]);
    const dashboard = await call(h, 'GET', '/api/admin/dashboard', { token: admin });
    expect(dashboard.body.data.discounts.tokens).toBeGreaterThanOrEqual(5);
  });

  it('an Idempotency-Key retried at once takes one use', async () => {
    const buyer = await member();
    const coupon = await newCoupon({ code: 'RETRY', maxUses: 5 });
    const headers = { 'idempotency-key': 'coupon-retry' };
    const body = { products: cart([wallpaper, 1]), coupon: 'RETRY' };
    const results = await Promise.all(Array.from({ length: 8 }, () => checkout(buyer.token, body, headers)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(await usesOf(coupon._id)).toBe(1);
    expect(await balanceOf(h, buyer.token)).toBe(100 - 11);
  });

  it('64 concurrent checkouts with a code that has 10 uses left: 10 discounted orders, 54 told it is used up', async () => {
    const coupon = await newCoupon({ code: 'RUSH', kind: 'percent', amount: 50, maxUses: 20 });
    await h.database.db.update(coupons).set({ uses: 10 }).where(eq(coupons.id, coupon._id));
    // Each buyer their own download (a copy of the wallpaper): the coupon's row is all they race for.
    const [template] = await h.database.db.select().from(products).where(eq(products.id, wallpaper));
    const { id: _id, ...rest } = template!;
    const copies = await h.database.db
      .insert(products)
      .values(Array.from({ length: 64 }, (_, i) => ({ ...rest, slug: `rush-${i}`, name: `Rush ${i}` })))
      .returning({ id: products.id });
    const buyers = await Promise.all(Array.from({ length: 64 }, () => member(100)));
    const results = await Promise.all(buyers.map((b, i) => checkout(b.token, { products: cart([copies[i]!.id, 1]), coupon: 'rush' })));

    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(ok.map((r) => [r.body.data.totalPrice, r.body.data.discount, r.body.data.couponCode])).toEqual(Array(10).fill([6, 6, 'RUSH']));
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map(refusal)).toEqual(Array(54).fill([422, 'COUPON_USED_UP', 'This code has been used up.']));
    expect(await usesOf(coupon._id)).toBe(20);
    expect(await h.database.db.$count(couponRedemptions, eq(couponRedemptions.couponId, coupon._id))).toBe(10);
    const balances = await Promise.all(buyers.map((b) => balanceOf(h, b.token)));
    expect(balances.filter((b) => b === 94)).toHaveLength(10);
    expect(balances.filter((b) => b === 100)).toHaveLength(54);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it("one member's 8 checkouts at once with a code they may use twice: 2 discounted, 6 told they used it", async () => {
    await newCoupon({ code: 'TWICE', kind: 'fixed', amount: 2, maxUsesPerMember: 2 });
    const buyer = await member(200);
    const [template] = await h.database.db.select().from(products).where(eq(products.id, wallpaper));
    const { id: _id, ...rest } = template!;
    const copies = await h.database.db
      .insert(products)
      .values(Array.from({ length: 8 }, (_, i) => ({ ...rest, slug: `twice-${i}`, name: `Twice ${i}` })))
      .returning({ id: products.id });
    const results = await Promise.all(copies.map((c) => checkout(buyer.token, { products: cart([c.id, 1]), coupon: 'TWICE' })));
    expect(results.filter((r) => r.status === 200).map((r) => r.body.data.discount)).toEqual([2, 2]);
    expect(results.filter((r) => r.status !== 200).map(refusal)).toEqual(
      Array(6).fill([422, 'COUPON_MEMBER_LIMIT', 'You have used this code 2 times: that is all it allows.']),
    );
    expect(await balanceOf(h, buyer.token)).toBe(200 - 2 * 10);
  });

  it('a discounted package payment through the test gateway; a refund gives the use back, and so does a cancelled payment', async () => {
    const pkg = await firstPackage(h); // Starter: 100 tokens for $4.99
    const buyer = await member(0);
    const coupon = await newCoupon({ code: 'TOPUP', appliesTo: 'packages', kind: 'fixed', amount: 1.5, currency: 'usd', maxUses: 1 });
    expect((await quote(buyer.token, { code: 'topup', packageId: pkg.id })).body.data).toEqual({
      code: 'TOPUP',
      appliesTo: 'packages',
      before: 4.99,
      discount: 1.5,
      after: 3.49,
      currency: 'USD',
    });
    const started = await call(h, 'POST', '/api/payment/purchase-tokens', {
      token: buyer.token,
      body: { packageId: pkg.id, gateway: 'test', coupon: 'TOPUP' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { paymentId } = started.body.data;
    expect(await usesOf(coupon._id)).toBe(1);
    // Taken with the payment: another member is told it is used up while it is pending.
    const other = await member(0);
    expect(refusal(await quote(other.token, { code: 'TOPUP', packageId: pkg.id }))[1]).toBe('COUPON_USED_UP');

    expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token: buyer.token })).status).toBe(200);
    expect(await balanceOf(h, buyer.token)).toBe(100);
    expect((await call(h, 'GET', `/api/payment/transactions/${paymentId}`, { token: buyer.token })).body.data).toMatchObject({
      status: 'success',
      amount: 3.49,
      discount: 1.5,
      couponCode: 'TOPUP',
    });
    const listed = await call(h, 'GET', `/api/admin/payments?userId=${buyer.id}`, { token: admin });
    expect(listed.body.data.data).toEqual([expect.objectContaining({ amountText: '$3.49', couponCode: 'TOPUP', discountText: '$1.50' })]);
    const csv = await h.app.inject({ method: 'GET', url: `/api/admin/payments/export.csv?userId=${buyer.id}`, headers: { authorization: admin } });
    expect(csv.body).toContain(',3.49,USD,TOPUP,1.5,test,');
    const dashboard = await call(h, 'GET', '/api/admin/dashboard', { token: admin });
    expect(dashboard.body.data.discounts.money).toEqual([{ currency: 'USD', amount: 1.5, payments: 1 }]);

    const refunded = await call(h, 'POST', `/api/admin/payments/${paymentId}/refund`, { token: admin, body: { reason: 'Changed their mind' } });
    expect(refunded.status).toBe(200);
    expect(await usesOf(coupon._id)).toBe(0);
    const [redemption] = await h.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.paymentId, paymentId));
    expect(redemption!.releasedAt).not.toBeNull();

    // The use given back is the other member's now; their payment cancelled gives it back again.
    const second = await call(h, 'POST', '/api/payment/purchase-tokens', { token: other.token, body: { packageId: pkg.id, gateway: 'test', coupon: 'TOPUP' } });
    expect(second.status).toBe(200);
    expect(await usesOf(coupon._id)).toBe(1);
    expect((await call(h, 'POST', `/api/payment/test-gateway/${second.body.data.paymentId}/cancel`, { token: other.token })).status).toBe(200);
    expect(await usesOf(coupon._id)).toBe(0);
    const [failed] = await h.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, second.body.data.paymentId));
    expect(failed).toMatchObject({ status: 'failed', amountMinor: 349, discountMinor: 150 });
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('stripe: the Checkout Session asks for the discounted amount, its payment credits; an expired session gives the use back', async () => {
    const pkg = await firstPackage(h);
    const coupon = await newCoupon({ code: 'STRIPE-20', appliesTo: 'packages', kind: 'percent', amount: 20 });
    const stripeWebhook = (event: { payload: string; signature: string }) =>
      h.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
    const start = async (buyer: { token: string }) => {
      const res = await call(h, 'POST', '/api/payment/purchase-tokens', {
        token: buyer.token,
        body: { packageId: pkg.id, gateway: 'stripe', coupon: 'stripe-20' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return [...stripe.sessions.values()].find((s) => s.client_reference_id === res.body.data.paymentId)!;
    };
    const paying = await member(0);
    const session = await start(paying);
    expect(session.amount_total).toBe(400); // $4.99 less 20 %: $0.998 off, rounded down to $0.99
    expect((await stripeWebhook(stripe.event(session.id, 'checkout.session.completed'))).statusCode).toBe(200);
    expect(await balanceOf(h, paying.token)).toBe(100);
    expect(await usesOf(coupon._id)).toBe(1);

    const leaving = await member(0);
    const abandoned = await start(leaving);
    expect(await usesOf(coupon._id)).toBe(2);
    expect((await stripeWebhook(stripe.event(abandoned.id, 'checkout.session.expired'))).statusCode).toBe(200);
    expect(await usesOf(coupon._id)).toBe(1);
    expect(await balanceOf(h, leaving.token)).toBe(0);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('bad coupon input in the back office gets field errors and changes nothing; a taken code is a 409', async () => {
    const before = await h.database.db.$count(coupons);
    const post = (body: Record<string, unknown>) => call(h, 'POST', '/api/admin/coupons', { token: admin, body });
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await post(body);
      return [res.status, res.body.fields];
    };
    expect(await fieldsOf({ code: 'HALF', appliesTo: 'tokens', kind: 'percent', amount: 150 })).toEqual([
      400,
      { amount: 'Amount: a percent is a whole number from 1 to 100.' },
    ]);
    expect((await fieldsOf({ code: 'has space', appliesTo: 'tokens', kind: 'percent', amount: 10 }))[0]).toBe(400);
    expect(Object.keys(((await fieldsOf({ code: 'has space', appliesTo: 'tokens', kind: 'percent', amount: 10 }))[1] as object) ?? {})).toEqual(['code']);
    expect(await fieldsOf({ code: 'ZERO', appliesTo: 'tokens', kind: 'fixed', amount: 0 })).toEqual([400, { amount: expect.any(String) }]);
    expect(
      await fieldsOf({
        code: 'BACKWARDS',
        appliesTo: 'tokens',
        kind: 'fixed',
        amount: 5,
        startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      }),
    ).toEqual([400, { endsAt: 'Ends: after it starts.' }]);
    expect(await fieldsOf({ code: 'NOCUR', appliesTo: 'packages', kind: 'fixed', amount: 2 })).toEqual([
      400,
      { currency: 'Currency: a fixed amount or a minimum off a token package is money: say in which currency.' },
    ]);
    expect(
      await fieldsOf({ code: 'WHO', appliesTo: 'tokens', kind: 'percent', amount: 5, itemId: '00000000-0000-4000-8000-000000000000', currency: 'EUR' }),
    ).toEqual([400, { currency: 'Currency: store checkouts are paid in tokens; leave it empty.', itemId: 'Only for this item: no product has this id.' }]);
    expect(await h.database.db.$count(coupons)).toBe(before);

    await newCoupon({ code: 'TAKEN' });
    const dup = await post({ code: 'taken', appliesTo: 'tokens', kind: 'percent', amount: 5 });
    expect([dup.status, dup.body.error, dup.body.fields]).toEqual([409, 'COUPON_CODE_TAKEN', { code: 'Code: TAKEN is taken by another coupon.' }]);
    // Its uses never go below what was used.
    const used = await newCoupon({ code: 'USED', maxUses: 10 });
    await h.database.db.update(coupons).set({ uses: 4 }).where(eq(coupons.id, used._id));
    const lower = await call(h, 'PATCH', `/api/admin/coupons/${used._id}`, { token: admin, body: { maxUses: 2 } });
    expect([lower.status, Object.keys(lower.body.fields)]).toEqual([400, ['maxUses']]);
    expect((await call(h, 'GET', `/api/admin/coupons/${used._id}`, { token: admin })).body.data).toMatchObject({ maxUses: 10, uses: 4, usesText: '4 / 10' });
    expect(await h.database.db.$count(couponRedemptions, and(eq(couponRedemptions.couponId, used._id), isNull(couponRedemptions.releasedAt)))).toBe(0);
  });

  it('the back office of coupons is for admins only: 401 anonymous, 403 a member', async () => {
    const { token } = await member();
    const coupon = await newCoupon({ code: 'DOOR' });
    for (const [method, url] of [
      ['GET', '/api/admin/coupons'],
      ['POST', '/api/admin/coupons'],
      ['GET', `/api/admin/coupons/${coupon._id}`],
      ['PATCH', `/api/admin/coupons/${coupon._id}`],
      ['POST', '/api/admin/coupons/bulk'],
    ] as const) {
      expect((await call(h, method, url, { body: method === 'GET' ? undefined : {} })).status, `${method} ${url}`).toBe(401);
      expect((await call(h, method, url, { token, body: method === 'GET' ? undefined : {} })).status, `${method} ${url}`).toBe(403);
    }
    expect(await h.database.db.$count(tokenTransactions, eq(tokenTransactions.couponCode, 'DOOR'))).toBe(0);
  });
});
