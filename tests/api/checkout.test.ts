import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloads, products } from '../../src/server/db/schema.ts';
import { INSUFFICIENT_BALANCE } from '../../src/shared/messages.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, idOf, ledgerProblems, multipart } from '../helpers/commerce.ts';

const ADDRESS = { deliveryAddress: '12 Harbour Street, Bergen', postalCode: '5003', phoneNumber: '+47 555 12 345', userNote: 'Leave at the door' };

describe('cart checkout, orders and downloads', () => {
  const h = useApi();
  let buyer: string;
  let buyerId: string;
  let other: string;
  let admin: string;
  let wallpaper: string;
  let mug: string;
  let cloth: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const m = await createMember(h, { tokens: 300 });
    buyerId = m.id;
    buyer = await login(h, m.username);
    other = await login(h, (await createMember(h, { tokens: 300 })).username);
    admin = await login(h, 'admin', 'admin-pass-123');
    wallpaper = await idOf(h, 'product', 'alpine-ridges-wallpaper-pack');
    mug = await idOf(h, 'product', 'tessera-enamel-mug');
    cloth = await idOf(h, 'product', 'lens-cloth-set');
  });

  const stockOf = async (id: string) => (await h.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  it('checks out a digital and a physical product in one debit: one order per line, stock taken', async () => {
    const res = await call(h, 'POST', '/api/token-transactions/products', { token: buyer, body: { products: [{ _id: wallpaper, quantity: 1 }, { _id: mug, quantity: 2 }], ...ADDRESS } });
    expect(res.status).toBe(200);
    const tx = res.body.data;
    expect(tx).toMatchObject({ type: 'product', totalPrice: 12 + 2 * 35, balance: 300 - 82, targetId: null });
    expect(tx.products).toHaveLength(2);
    expect(tx.orders).toHaveLength(2);
    const digital = tx.orders.find((o: { productId: string }) => o.productId === wallpaper);
    const physical = tx.orders.find((o: { productId: string }) => o.productId === mug);
    expect(digital).toMatchObject({ deliveryStatus: 'delivered', quantity: 1, totalPrice: 12, deliveryAddress: '' });
    expect(physical).toMatchObject({ deliveryStatus: 'processing', quantity: 2, unitPrice: 35, totalPrice: 70, ...ADDRESS });
    expect(physical.orderNumber).toMatch(/^[A-Z]{8}$/);
    expect(await stockOf(mug)).toBe(38);
    expect(await balanceOf(h, buyer)).toBe(218);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('lists the orders for the buyer and the admin, and only them', async () => {
    const mine = await call(h, 'GET', '/api/orders/users/search', { token: buyer });
    expect(mine.body.data.total).toBe(2);
    expect((await call(h, 'GET', '/api/orders/users/details/search?productType=physical', { token: buyer })).body.data.total).toBe(1);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: other })).body.data.total).toBe(0);
    expect((await call(h, 'GET', '/api/orders/details/search', { token: other })).status).toBe(403);
    const all = await call(h, 'GET', '/api/orders/details/search?deliveryStatus=processing', { token: admin });
    expect(all.body.data.data[0].buyer._id).toBe(buyerId);
    const id = mine.body.data.data[0]._id;
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: buyer })).status).toBe(200);
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: other })).status).toBe(403);
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: admin })).status).toBe(200);
    expect((await call(h, 'GET', '/api/orders/details/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
  });

  it('admin updates delivery; the buyer confirms receipt once', async () => {
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=physical', { token: buyer })).body.data.data[0];
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: buyer, body: { deliveryStatus: 'shipping' } })).status).toBe(403);
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: {} })).status).toBe(400);
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: { deliveryStatus: 'lost' } })).status).toBe(400);
    const updated = await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: { deliveryStatus: 'shipping', shippingCode: 'PN123456789NO' } });
    expect(updated.body.data).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'PN123456789NO' });
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: other })).status).toBe(403);
    const confirmed = await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer });
    expect(confirmed.body.data.deliveryStatus).toBe('delivered');
    expect(confirmed.body.data.buyerConfirmedAt).toBeTruthy();
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer })).status).toBe(422);
  });

  it('admin attaches a file to an order; buyer and admin get its link, others 403', async () => {
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=physical', { token: buyer })).body.data.data[0];
    const { payload, contentType } = await multipart('Invoice (42).txt', new Blob(['Invoice 42: 2 mugs'], { type: 'text/plain' }));
    const upload = (token: string) => h.app.inject({ method: 'POST', url: `/api/orders/${order._id}/files`, headers: { authorization: token, 'content-type': contentType }, payload });
    expect((await upload(buyer)).statusCode).toBe(403);
    const res = await upload(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Invoice (42).txt', size: 18, mimeType: 'text/plain' });
    const files = await call(h, 'GET', `/api/orders/${order._id}/files-info`, { token: buyer });
    expect(files.body.data).toHaveLength(1);
    const file = await h.app.inject({ url: files.body.data[0].downloadLink });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Invoice 42: 2 mugs');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect((await call(h, 'GET', `/api/orders/${order._id}/files-info`, { token: other })).status).toBe(403);
    const empty = await h.app.inject({ method: 'POST', url: `/api/orders/${order._id}/files`, headers: { authorization: admin, 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.statusCode).toBe(400);
  });

  it('gives buyers an expiring, counted download link; others 403', async () => {
    expect((await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token: other })).body).toMatchObject({ statusCode: 403, error: 'NOT_BOUGHT' });
    expect((await call(h, 'GET', '/api/assets/products/tessera-enamel-mug/download-link', { token: buyer })).status).toBe(404);
    const link = await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token: buyer });
    expect(link.status).toBe(200);
    expect(link.body.data.downloadsLeft).toBe(5);
    const url: string = link.body.data.downloadLink;
    const whole = await h.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(whole.headers['content-type']).toBe('image/png');
    const size = Number(whole.headers['content-length']);
    // A resumed download (range from the middle) is served and logged, not counted; a bad range is 416.
    const part = await h.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect((await h.app.inject({ url, headers: { range: `bytes=${size + 10}-` } })).statusCode).toBe(416);
    // Tampered or expired links are refused.
    expect((await h.app.inject({ url: url.replace(/s=[^&]+/, 's=AAAA') })).statusCode).toBe(403);
    expect((await h.app.inject({ url: url.replace(/e=\d+/, 'e=1000') })).statusCode).toBe(403);
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=digital', { token: buyer })).body.data.data[0];
    expect(order.downloads).toEqual({ used: 1, limit: 5 });
    const log = await h.database.db.select().from(downloads).where(eq(downloads.orderId, order._id));
    expect(log.map((d) => d.counted).sort()).toEqual([false, true]);
  });

  it('stops at the per-purchase download limit', async () => {
    const { downloadLink } = (await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token: buyer })).body.data;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await h.app.inject({ url: downloadLink })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 403]);
    expect((await call(h, 'GET', '/api/assets/products/alpine-ridges-wallpaper-pack/download-link', { token: buyer })).body).toMatchObject({ statusCode: 403, error: 'DOWNLOAD_LIMIT_REACHED' });
  });

  it('fails the whole checkout when one line fails, and changes nothing', async () => {
    const before = { balance: await balanceOf(h, other), mug: await stockOf(mug) };
    const outOfStock = await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: mug, quantity: 1 }, { _id: cloth, quantity: 1 }], ...ADDRESS } });
    expect(outOfStock.body).toMatchObject({ statusCode: 422, error: 'OUT_OF_STOCK' });
    expect(outOfStock.body.message).toContain('Lens Cloth');
    const owned = await call(h, 'POST', '/api/token-transactions/products', { token: buyer, body: { products: [{ _id: mug, quantity: 1 }, { _id: wallpaper, quantity: 1 }], ...ADDRESS } });
    expect(owned.body).toMatchObject({ statusCode: 409, error: 'ALREADY_BOUGHT' });
    const poor = await login(h, (await createMember(h, { tokens: 20 })).username);
    const broke = await call(h, 'POST', '/api/token-transactions/products', { token: poor, body: { products: [{ _id: mug, quantity: 1 }], ...ADDRESS } });
    expect(broke.body).toEqual({ statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE });
    expect(await stockOf(mug)).toBe(before.mug);
    expect(await balanceOf(h, other)).toBe(before.balance);
    expect(await balanceOf(h, poor)).toBe(20);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('validates the cart: address for physical goods, quantity, unknown products', async () => {
    const noAddress = await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: mug, quantity: 1 }] } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toMatch(/deliveryAddress.*postalCode.*phoneNumber/);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [] } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: mug, quantity: 0 }], ...ADDRESS } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: wallpaper, quantity: 2 }] } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] } })).status).toBe(404);
    expect((await call(h, 'POST', '/api/token-transactions/products', { body: { products: [{ _id: mug, quantity: 1 }] } })).status).toBe(401);
  });

  it('an Idempotency-Key makes a retried checkout a no-op', async () => {
    const headers = { 'idempotency-key': 'cart-7f1' };
    const body = { products: [{ _id: mug, quantity: 1 }], ...ADDRESS };
    const first = await call(h, 'POST', '/api/token-transactions/products', { token: other, body, headers });
    const again = await call(h, 'POST', '/api/token-transactions/products', { token: other, body, headers });
    expect(first.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: other })).body.data.total).toBe(1);
    expect(await balanceOf(h, other)).toBe(300 - 35);
  });
});
