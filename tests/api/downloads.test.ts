import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf } from '../helpers/commerce.ts';

const LIMIT_REACHED = { statusCode: 403, error: 'DOWNLOAD_LIMIT_REACHED', message: 'You have used all 5 downloads of this purchase.' };

describe('download links of a digital purchase', () => {
  const h = useApi();
  let wallpaper: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    wallpaper = await idOf(h, 'product', 'alpine-ridges-wallpaper-pack');
  });

  /** A member of the test's own who bought the wallpaper: their token and a fresh download link. */
  async function buyer() {
    const token = await login(h, (await createMember(h, { tokens: 100 })).username);
    const bought = await call(h, 'POST', '/api/token-transactions/products', { token, body: { products: [{ _id: wallpaper, quantity: 1 }] } });
    expect(bought.status).toBe(200);
    const orderId: string = bought.body.data.orders[0]._id;
    const link = async () => (await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token })).body;
    const used = async () => (await call(h, 'GET', '/api/orders/users/search?productType=digital', { token })).body.data.data[0].downloads.used;
    return { token, orderId, link, used };
  }
  const get = (url: string, range?: string) => h.app.inject({ url, headers: range ? { range } : {} });

  it('gives buyers an expiring, counted download link; others 403', async () => {
    const b = await buyer();
    const stranger = await login(h, (await createMember(h)).username);
    expect((await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token: stranger })).body).toMatchObject({
      statusCode: 403,
      error: 'NOT_BOUGHT',
    });
    expect((await call(h, 'GET', '/api/assets/products/tessera-enamel-mug/download-link', { token: b.token })).status).toBe(404);
    const link = await b.link();
    expect(link.data.downloadsLeft).toBe(5);
    const url: string = link.data.downloadLink;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(whole.headers['content-type']).toBe('image/png');
    const size = Number(whole.headers['content-length']);
    expect((await get(url, `bytes=${size + 10}-`)).statusCode).toBe(416);
    // Tampered or expired links are refused.
    expect((await get(url.replace(/s=[^&]+/, 's=AAAA'))).statusCode).toBe(403);
    expect((await get(url.replace(/e=\d+/, 'e=1000'))).statusCode).toBe(403);
    expect(await b.used()).toBe(1);
    expect((await b.link()).data.downloadsLeft).toBe(4);
  });

  it('stops at the per-purchase download limit', async () => {
    const b = await buyer();
    const url = (await b.link()).data.downloadLink;
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await get(url)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 403]);
    expect((await get(url)).json()).toEqual(LIMIT_REACHED);
    expect(await b.link()).toMatchObject({ statusCode: 403, error: 'DOWNLOAD_LIMIT_REACHED' });
  });

  it('a range from byte 0 is a download like a whole one', async () => {
    const b = await buyer();
    const url = (await b.link()).data.downloadLink;
    expect((await get(url, 'bytes=0-')).statusCode).toBe(206);
    expect(await b.used()).toBe(1);
    expect((await get(url, 'bytes=0-99')).statusCode).toBe(206);
    expect(await b.used()).toBe(2);
  });

  it('the ranges of one transfer count once: a download manager fetching the file in pieces uses one download', async () => {
    const b = await buyer();
    const url = (await b.link()).data.downloadLink;
    const size = Number((await h.app.inject({ method: 'HEAD', url })).headers['content-length']);
    const pieces = [`bytes=0-999`, `bytes=1000-1999`, `bytes=2000-`];
    for (const range of pieces) expect((await get(url, range)).statusCode).toBe(206);
    expect(size).toBeGreaterThan(2000);
    expect(await b.used()).toBe(1);
    const log = await h.database.db.select().from(downloads).where(eq(downloads.orderId, b.orderId));
    expect(log.map((d) => [d.range, d.counted])).toEqual([
      ['bytes=0-999', true],
      ['bytes=1000-1999', false],
      ['bytes=2000-', false],
    ]);
  });

  it('ranges that skip byte 0 cannot download without limit, and past the limit a range is refused like a whole file', async () => {
    const b = await buyer();
    const url = (await b.link()).data.downloadLink;
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await get(url, 'bytes=1-')).statusCode);
    // Each request asks for (almost) the whole file again: each is a new transfer.
    expect(codes).toEqual([206, 206, 206, 206, 206, 403]);
    expect(await b.used()).toBe(5);
    const refused = await get(url, 'bytes=100-199');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(LIMIT_REACHED);
    expect((await get(url)).json()).toEqual(LIMIT_REACHED);
  });
});
