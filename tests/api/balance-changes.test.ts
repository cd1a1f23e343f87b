import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, firstPackage, idOf } from '../helpers/commerce.ts';

type Change = { kind: string; delta: number; balanceAfter: number; description: string; href: string | null };

/** Every movement of a member's balance, with its reason: on their history page's call, and in the back office. */
describe('balance changes', () => {
  const h = useApi({ PAYMENT_TEST_GATEWAY: 'on', LOGIN_LIMIT_PER_IP: '1000' });
  let admin = '';
  let member = { id: '', username: '', token: '' };
  let paymentId = '';

  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    const m = await createMember(h, { tokens: 100 });
    member = { id: m.id, username: m.username, token: await login(h, m.username) };
    // An operator's adjustment, a package bought through the test gateway, an unlock, a store order, a refund.
    await h.app.services.ledger.adjustByLogin(m.username, 50, 'support ticket 812');
    const pkg = await firstPackage(h);
    paymentId = (await call(h, 'POST', '/api/payment/purchase-tokens', { token: member.token, body: { packageId: pkg.id, gateway: 'test' } })).body.data
      .paymentId;
    expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token: member.token })).status).toBe(200);
    expect((await call(h, 'POST', '/api/token-transactions/video/glass-blowing-masterclass', { token: member.token })).status).toBe(200);
    const preset = await idOf(h, 'product', 'night-city-colour-preset');
    expect(
      (await call(h, 'POST', '/api/token-transactions/products', { token: member.token, body: { products: [{ _id: preset, quantity: 1 }] } })).status,
    ).toBe(200);
    expect((await call(h, 'POST', `/api/admin/payments/${paymentId}/refund`, { token: admin, body: { reason: 'Charged twice' } })).status).toBe(200);
  });

  const mine = async (query = '') => (await call(h, 'GET', `/api/users/me/balance-changes${query}`, { token: member.token })).body.data;

  it('a member sees every change of their balance, newest first, each with its reason and the balance after it', async () => {
    const { data, total } = (await mine()) as { data: Change[]; total: number };
    expect(total).toBe(6);
    expect(data.map((c) => [c.kind, c.description])).toEqual([
      ['refunded', 'Payment refunded: Charged twice'],
      ['spent', expect.stringMatching(/^Store order: Night City Colour Preset$/)],
      ['spent', 'Unlocked “Glass Blowing Masterclass”'],
      ['bought', expect.stringMatching(/^Bought /)],
      ['adjusted', 'Adjusted by the site: support ticket 812'],
      ['adjusted', 'Opening balance'],
    ]);
    expect(data[2]!.href).toBe('/videos/glass-blowing-masterclass');
    // Each balance is the one before it plus the change: the history adds up to the balance the member has.
    const oldestFirst = [...data].reverse();
    oldestFirst.forEach((c, i) => expect(c.balanceAfter).toBe((i ? oldestFirst[i - 1]!.balanceAfter : 0) + c.delta));
    expect(data[0]!.balanceAfter).toBe((await call(h, 'GET', '/api/users/me', { token: member.token })).body.data.balance);
  });

  it('filters by kind, and pages', async () => {
    expect(((await mine('?kind=adjusted')).data as Change[]).map((c) => c.delta)).toEqual([50, 100]);
    expect(((await mine('?kind=spent')).data as Change[]).every((c) => c.delta < 0)).toBe(true);
    const second = await mine('?limit=4&offset=4');
    expect([second.data.length, second.total]).toEqual([2, 6]);
    expect((await call(h, 'GET', '/api/users/me/balance-changes?kind=gift', { token: member.token })).status).toBe(400);
  });

  it('is the member’s own: a visitor gets 401, another member sees only theirs', async () => {
    expect((await call(h, 'GET', '/api/users/me/balance-changes')).status).toBe(401);
    const other = await login(h, (await createMember(h)).username);
    expect((await call(h, 'GET', '/api/users/me/balance-changes', { token: other })).body.data).toMatchObject({ data: [], total: 0 });
  });

  it('the back office lists adjustments and purchases beside spends, per member and kind', async () => {
    const list = (await call(h, 'GET', `/api/admin/balance-changes?userId=${member.id}`, { token: admin })).body.data;
    expect(list.total).toBe(6);
    expect(list.data.map((c: Change) => c.kind)).toEqual(['refunded', 'spent', 'spent', 'bought', 'adjusted', 'adjusted']);
    const adjustments = (await call(h, 'GET', `/api/admin/balance-changes?kind=adjusted&q=${member.username}`, { token: admin })).body.data;
    expect(adjustments.data.map((c: { reason: string }) => c.reason)).toEqual(['support ticket 812', 'opening balance']);
    const one = (await call(h, 'GET', `/api/admin/balance-changes/${list.data[3]._id}`, { token: admin })).body.data;
    expect(one).toMatchObject({ kind: 'bought', member: member.username, reason: 'token package purchase' });
    expect((await call(h, 'DELETE', `/api/admin/balance-changes/${one._id}`, { token: admin })).status).toBe(404);
    expect((await call(h, 'GET', '/api/admin/balance-changes', { token: member.token })).status).toBe(403);
  });
});
