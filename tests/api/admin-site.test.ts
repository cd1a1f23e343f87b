import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orders, paymentTransactions, products, tokenPackages, tokenTransactions, users, videos, violationReports } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { multipart } from '../helpers/commerce.ts';

describe('the site in the back office: settings, pictures, blocked countries', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: 'x-test-country' });
  let admin = '';
  const as = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: admin, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const publicSettings = async () => (await h.app.inject({ url: '/api/settings/public' })).json().data;
  const page = () => ({ status: 200, headers: {}, body: Buffer.from('<p>cached</p>') });

  it('reads every setting (secrets only as set or not), changes several at once, applies them at once and audits them', async () => {
    const a = await createMember(h, { role: 'admin', username: 'operator' });
    admin = await login(h, a.username);
    const read = (await as('GET', '/api/admin/settings')).json().data;
    expect(read.values).toMatchObject({ siteName: 'Tessera', adminEmail: '', maintenanceMode: false, recaptchaSecret: '' });
    expect(read.secretsSet).toEqual({ recaptchaSecret: false });

    h.app.pageCache.set('/videos', page());
    const saved = await as('PATCH', '/api/admin/settings', {
      siteName: 'Mosaic',
      adminEmail: 'ops@mosaic.example',
      recaptchaSecret: 'not-for-anyone',
      footerContent: '<p>Hi <script>alert(1)</script><a href="/contact">write</a></p>',
      metaDescription: 'Mosaic: films and photographs.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.values).toMatchObject({ siteName: 'Mosaic', adminEmail: 'ops@mosaic.example', recaptchaSecret: '' });
    expect(saved.json().data.secretsSet).toEqual({ recaptchaSecret: true });
    // Applied at once: the public settings (what every page renders from) and an emptied page cache.
    expect(h.app.pageCache.size).toBe(0);
    const pub = await publicSettings();
    expect(pub).toMatchObject({
      siteName: 'Mosaic',
      metaDescription: 'Mosaic: films and photographs.',
      footerContent: '<p>Hi <a href="/contact">write</a></p>',
    });
    expect(pub).not.toHaveProperty('adminEmail');
    expect(pub).not.toHaveProperty('recaptchaSecret');
    expect(await h.app.services.settings.get('recaptchaSecret')).toBe('not-for-anyone');

    const log = (await as('GET', '/api/admin/audit?resource=settings')).json().data.data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'update', actor: { username: 'operator' }, targetId: null });
    expect(log[0].before).toEqual({
      siteName: 'Tessera',
      adminEmail: '',
      recaptchaSecret: '',
      footerContent: '© Tessera. Videos, galleries, stories and a shop, unlocked with tokens.',
      metaDescription: '',
    });
    expect(log[0].after).toMatchObject({ siteName: 'Mosaic', recaptchaSecret: '(set)' });

    // Saving what is already there changes nothing and writes no entry.
    expect((await as('PATCH', '/api/admin/settings', { siteName: 'Mosaic' })).statusCode).toBe(200);
    expect((await as('GET', '/api/admin/audit?resource=settings')).json().data.total).toBe(1);
  });

  it('refuses bad values at their fields and saves none of the request', async () => {
    const typed = await as('PATCH', '/api/admin/settings', { siteName: '', currency: 'usd', tokenPrice: 'ten', colour: 'red' });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().fields).sort()).toEqual(['colour', 'currency', 'siteName', 'tokenPrice']);

    const unsafe = await as('PATCH', '/api/admin/settings', {
      siteName: 'Not saved',
      logo: 'javascript:alert(1)',
      adminEmail: 'nobody',
      menus: [{ title: 'Away', path: '//evil.example' }],
    });
    expect(unsafe.statusCode).toBe(400);
    const { fields, error } = unsafe.json();
    expect(error).toBe('VALIDATION_ERROR');
    expect(Object.keys(fields).sort()).toEqual(['adminEmail', 'logo', 'menus']);
    expect(fields.logo).toBe('Logo must be a site path (/…) or an http(s) URL.');
    expect((await publicSettings()).siteName).toBe('Mosaic');
  });

  it('a picture setting takes an upload through the image code; anything else is refused at its field', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3355aa' } })
      .png()
      .toBuffer();
    const upload = async (key: string, name: string, body: Blob) => {
      const form = await multipart(name, body);
      return as('POST', `/api/admin/settings/images/${key}`, form.payload, { 'content-type': form.contentType });
    };
    const res = await upload('favicon', 'icon.png', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(res.statusCode).toBe(200);
    const favicon = res.json().data.values.favicon as string;
    expect(favicon).toMatch(/^\/media\/public\/site\/[0-9a-f-]{36}\.png$/);
    expect((await publicSettings()).favicon).toBe(favicon);
    const served = await h.app.inject({ url: favicon });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 64, height: 64, format: 'png' });

    // A second upload replaces the file of the first.
    const again = (await upload('favicon', 'icon.png', new Blob([new Uint8Array(png)], { type: 'image/png' }))).json().data.values.favicon;
    expect(again).not.toBe(favicon);
    expect((await h.app.inject({ url: favicon })).statusCode).toBe(404);

    const text = await upload('logo', 'logo.png', new Blob(['not a picture'], { type: 'image/png' }));
    expect([text.statusCode, text.json().error]).toEqual([400, 'NOT_AN_IMAGE']);
    expect((await upload('siteName', 'x.png', new Blob([new Uint8Array(png)]))).statusCode).toBe(404);
    expect((await publicSettings()).logo).toBe('/images/logo.svg');
  });

  it('blocks and unblocks a country at once, through the one country service, audited', async () => {
    const check = async (country: string) =>
      (await h.app.inject({ url: '/api/country-block/check', headers: { 'x-test-country': country } })).json().data.blocked;
    expect(await check('FR')).toBe(false);
    h.app.pageCache.set('/', page());
    const blocked = await as('POST', '/api/admin/blocked-countries', { code: 'fr' });
    expect(blocked.json().data).toEqual({ _id: 'FR', code: 'FR', name: 'France' });
    expect(await check('FR')).toBe(true);
    expect(h.app.pageCache.size).toBe(0);
    expect((await as('GET', '/api/admin/blocked-countries')).json().data).toEqual({ total: 1, data: [{ _id: 'FR', code: 'FR', name: 'France' }] });

    const bad = await as('POST', '/api/admin/blocked-countries', { code: 'XX' });
    expect([bad.statusCode, Object.keys(bad.json().fields)]).toEqual([400, ['code']]);
    expect((await as('DELETE', '/api/admin/blocked-countries/DE')).statusCode).toBe(404);

    expect((await as('DELETE', '/api/admin/blocked-countries/FR')).statusCode).toBe(200);
    expect(await check('FR')).toBe(false);
    const log = (await as('GET', '/api/admin/audit?resource=blocked-countries')).json().data.data;
    expect(log.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`)).toEqual(['delete FR', 'create FR']);

    // Its `{id}` is a country code: anything else is a 400; the list's bulk delete takes codes too.
    expect((await as('DELETE', '/api/admin/blocked-countries/portraits')).json()).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
    await as('POST', '/api/admin/blocked-countries', { code: 'NZ' });
    expect((await as('POST', '/api/admin/blocked-countries/bulk', { action: 'delete', ids: ['NZ'] })).json().data).toEqual({ done: ['NZ'], failed: [] });
    expect(await check('NZ')).toBe(false);
  });

  it('the dashboard counts members, money in and tokens sold by day, unlocks, orders to ship and open reports', async () => {
    const { db } = h.database;
    const day = 86_400_000;
    const now = Date.now();
    const buyer = await createMember(h);
    // An old member (not new this week) and the ones made above.
    const old = await createMember(h);
    await h.database.db
      .update(users)
      .set({ createdAt: new Date(now - 30 * day) })
      .where(eq(users.id, old.id));
    const [pkg] = await db.insert(tokenPackages).values({ name: 'Pack', tokens: 100, priceMinor: 999, currency: 'USD' }).returning();
    const pay = (daysAgo: number, status: 'success' | 'pending' | 'failed', currency = 'USD', amountMinor = 999) => ({
      userId: buyer.id,
      packageId: pkg!.id,
      gateway: 'test' as const,
      amountMinor,
      currency,
      tokens: 100,
      status,
      settledAt: status === 'success' ? new Date(now - daysAgo * day) : null,
    });
    await db
      .insert(paymentTransactions)
      .values([
        pay(0, 'success'),
        pay(0, 'success'),
        pay(3, 'success'),
        pay(0, 'pending'),
        pay(1, 'failed'),
        pay(20, 'success'),
        pay(2, 'success', 'EUR', 500),
      ]);
    const [spend] = await db
      .insert(tokenTransactions)
      .values([
        { userId: buyer.id, type: 'video', targetId: crypto.randomUUID(), totalPrice: 10 },
        { userId: buyer.id, type: 'gallery', targetId: crypto.randomUUID(), totalPrice: 10, createdAt: new Date(now - 10 * day) },
        { userId: buyer.id, type: 'product', totalPrice: 30 },
      ])
      .returning();
    const [mug] = await db.insert(products).values({ slug: 'dash-mug', name: 'Mug', type: 'physical', price: 15, stock: 5 }).returning();
    const order = (n: string, deliveryStatus: 'processing' | 'shipping', productType: 'physical' | 'digital' = 'physical') => ({
      orderNumber: n,
      tokenTransactionId: spend!.id,
      buyerId: buyer.id,
      productId: mug!.id,
      productInfo: {},
      productType,
      quantity: 1,
      unitPrice: 15,
      totalPrice: 15,
      deliveryStatus,
    });
    await db.insert(orders).values([order('DASH0001', 'processing'), order('DASH0002', 'shipping'), order('DASH0003', 'processing', 'digital')]);
    const report = (status: 'open' | 'actioned') => ({ userId: buyer.id, type: 'spam', targetType: 'video' as const, targetId: crypto.randomUUID(), status });
    await db.insert(violationReports).values([report('open'), report('open'), report('actioned')]);

    const video = (slug: string, mediaState: 'processing' | 'ready' | 'failed', status: 'active' | 'deleted' = 'active') => ({
      slug,
      title: slug,
      video: { key: '', name: 'v.mp4', mimeType: 'video/mp4', size: 1 },
      mediaState,
      status,
    });
    await db
      .insert(videos)
      .values([
        video('dash-p1', 'processing'),
        video('dash-p2', 'processing'),
        video('dash-f1', 'failed'),
        video('dash-r1', 'ready'),
        video('dash-gone', 'failed', 'deleted'),
      ]);

    const res = await as('GET', '/api/admin/dashboard?days=7');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const total = (await db.select().from(users)).length;
    expect(data.members).toEqual({ total, newThisWeek: total - 1 });
    expect(data.sales.currency).toBe('USD');
    expect(data.sales.days).toHaveLength(7);
    const today = new Date(now).toISOString().slice(0, 10);
    const threeDaysAgo = new Date(now - 3 * day).toISOString().slice(0, 10);
    expect(data.sales.days.at(-1)).toEqual({ date: today, payments: 2, tokens: 200, amount: 19.98 });
    expect(data.sales.days.find((d: { date: string }) => d.date === threeDaysAgo)).toEqual({ date: threeDaysAgo, payments: 1, tokens: 100, amount: 9.99 });
    expect(data.sales.totals).toEqual({ payments: 4, tokens: 400, amount: 29.97 });
    expect(data.sales.otherCurrencies).toEqual([{ currency: 'EUR', amount: 5, payments: 1 }]);
    expect(data.unlocks).toEqual({ thisWeek: 1, total: 2 });
    expect(data.ordersToShip).toBe(1);
    expect(data.openReports).toBe(2);
    expect(data.media).toEqual({ processing: 2, failed: 1 });
    expect((await as('GET', '/api/admin/dashboard?days=400')).statusCode).toBe(400);
  });
});
