import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema.ts';
import { INSUFFICIENT_BALANCE } from '../../src/shared/messages.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, idOf, ledgerProblems, multipart } from '../helpers/commerce.ts';

const ADDRESS = {
  recipientName: 'Ada Berg',
  deliveryAddress: '12 Harbour Street\nBergen',
  postalCode: '5003',
  country: 'NO',
  phoneNumber: '+47 555 12 345',
  userNote: 'Leave at the door',
};

describe('cart checkout, orders and downloads', () => {
  const h = useApi();
  let admin: string;
  let wallpaper: string;
  let mug: string;
  let cloth: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    wallpaper = await idOf(h, 'product', 'alpine-ridges-wallpaper-pack');
    mug = await idOf(h, 'product', 'tessera-enamel-mug');
    cloth = await idOf(h, 'product', 'lens-cloth-set');
  });

  // Each test has members of its own: any one of them runs alone, in any order.
  const member = async (tokens = 300) => {
    const m = await createMember(h, { tokens });
    return { id: m.id, token: await login(h, m.username) };
  };
  /** The wallpaper and two mugs, delivered to ADDRESS: a digital and a physical order. */
  const buyWallpaperAndMugs = (token: string) =>
    call(h, 'POST', '/api/token-transactions/products', {
      token,
      body: {
        products: [
          { _id: wallpaper, quantity: 1 },
          { _id: mug, quantity: 2 },
        ],
        ...ADDRESS,
      },
    });
  /** A member who bought the wallpaper and two mugs. */
  const buyerWithOrders = async () => {
    const b = await member();
    expect((await buyWallpaperAndMugs(b.token)).status).toBe(200);
    return b;
  };

  const stockOf = async (id: string) => (await h.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  it('checks out a digital and a physical product in one debit: one order per line, stock taken', async () => {
    const { token: buyer } = await member();
    const mugsBefore = (await stockOf(mug))!;
    const res = await buyWallpaperAndMugs(buyer);
    expect(res.status).toBe(200);
    const tx = res.body.data;
    expect(tx).toMatchObject({ type: 'product', totalPrice: 12 + 2 * 35, balance: 300 - 82, targetId: null });
    expect(tx.products).toHaveLength(2);
    expect(tx.orders).toHaveLength(2);
    const digital = tx.orders.find((o: { productId: string }) => o.productId === wallpaper);
    const physical = tx.orders.find((o: { productId: string }) => o.productId === mug);
    expect(digital).toMatchObject({ deliveryStatus: 'delivered', quantity: 1, totalPrice: 12, recipientName: '', deliveryAddress: '', country: '' });
    expect(physical).toMatchObject({ deliveryStatus: 'processing', quantity: 2, unitPrice: 35, totalPrice: 70, ...ADDRESS });
    expect(physical.orderNumber).toMatch(/^[A-Z]{8}$/);
    expect(await stockOf(mug)).toBe(mugsBefore - 2);
    expect(await balanceOf(h, buyer)).toBe(218);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('lists the orders for the buyer and the admin, and only them', async () => {
    const { token: buyer, id: buyerId } = await buyerWithOrders();
    const { token: other } = await member();
    const mine = await call(h, 'GET', '/api/orders/users/search', { token: buyer });
    expect(mine.body.data.total).toBe(2);
    expect((await call(h, 'GET', '/api/orders/users/details/search?productType=physical', { token: buyer })).body.data.total).toBe(1);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: other })).body.data.total).toBe(0);
    expect((await call(h, 'GET', '/api/orders/details/search', { token: other })).status).toBe(403);
    const all = await call(h, 'GET', '/api/orders/details/search?deliveryStatus=processing', { token: admin });
    expect(all.body.data.data.filter((o: { buyer: { _id: string } }) => o.buyer._id === buyerId)).toHaveLength(1);
    const id = mine.body.data.data[0]._id;
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: buyer })).status).toBe(200);
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: other })).status).toBe(403);
    expect((await call(h, 'GET', `/api/orders/details/${id}`, { token: admin })).status).toBe(200);
    expect((await call(h, 'GET', '/api/orders/details/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
  });

  it('admin updates delivery; the buyer confirms receipt once', async () => {
    const { token: buyer } = await buyerWithOrders();
    const { token: other } = await member();
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=physical', { token: buyer })).body.data.data[0];
    // Not before it is on its way.
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer })).body).toEqual({
      statusCode: 422,
      error: 'ORDER_NOT_CONFIRMABLE',
      message: 'This order has not been shipped yet: confirm receipt once it has arrived.',
    });
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: buyer, body: { deliveryStatus: 'shipping' } })).status).toBe(403);
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: {} })).status).toBe(400);
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: { deliveryStatus: 'lost' } })).status).toBe(400);
    const updated = await call(h, 'PUT', `/api/orders/${order._id}/update`, {
      token: admin,
      body: { deliveryStatus: 'shipping', shippingCode: 'PN123456789NO' },
    });
    expect(updated.body.data).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'PN123456789NO' });
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: other })).status).toBe(403);
    const confirmed = await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer });
    expect(confirmed.body.data.deliveryStatus).toBe('delivered');
    expect(confirmed.body.data.buyerConfirmedAt).toBeTruthy();
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer })).status).toBe(422);
  });

  it("an admin or another member confirming receipt of someone else's order gets 403, and the order stays as it was", async () => {
    const { token: buyer } = await buyerWithOrders();
    const { token: other } = await member();
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=physical', { token: buyer })).body.data.data[0];
    expect((await call(h, 'PUT', `/api/orders/${order._id}/update`, { token: admin, body: { deliveryStatus: 'shipping' } })).status).toBe(200);
    const shipped = (await call(h, 'GET', `/api/orders/details/${order._id}`, { token: buyer })).body.data;
    expect(shipped).toMatchObject({ deliveryStatus: 'shipping', buyerConfirmedAt: null });
    for (const [who, token] of [
      ['admin', admin],
      ['another member', other],
    ]) {
      const res = await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token });
      expect(res.body, who).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
    }
    expect((await call(h, 'GET', `/api/orders/details/${order._id}`, { token: buyer })).body.data).toEqual(shipped);
    // The buyer still can: the order was confirmable all along.
    expect((await call(h, 'PUT', `/api/orders/${order._id}/finish-confirm`, { token: buyer })).body.data.deliveryStatus).toBe('delivered');
  });

  it('a checkout may spend the balance to exactly 0; one token short is refused with 422 and changes nothing', async () => {
    const exact = await member(35);
    const spent = await call(h, 'POST', '/api/token-transactions/products', {
      token: exact.token,
      body: { products: [{ _id: mug, quantity: 1 }], ...ADDRESS },
    });
    expect(spent.status).toBe(200);
    expect(spent.body.data).toMatchObject({ totalPrice: 35, balance: 0 });
    expect(await balanceOf(h, exact.token)).toBe(0);

    const short = await member(34);
    const mugs = await stockOf(mug);
    const refused = await call(h, 'POST', '/api/token-transactions/products', {
      token: short.token,
      body: { products: [{ _id: mug, quantity: 1 }], ...ADDRESS },
    });
    expect(refused.body).toEqual({ statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE });
    expect(await balanceOf(h, short.token)).toBe(34);
    expect(await stockOf(mug)).toBe(mugs);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: short.token })).body.data.total).toBe(0);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('admin attaches a file to an order; buyer and admin get its link, others 403', async () => {
    const { token: buyer } = await buyerWithOrders();
    const { token: other } = await member();
    const order = (await call(h, 'GET', '/api/orders/users/search?productType=physical', { token: buyer })).body.data.data[0];
    const { payload, contentType } = await multipart('Invoice (42).txt', new Blob(['Invoice 42: 2 mugs'], { type: 'text/plain' }));
    const upload = (token: string) =>
      h.app.inject({ method: 'POST', url: `/api/orders/${order._id}/files`, headers: { authorization: token, 'content-type': contentType }, payload });
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
    const empty = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/files`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('fails the whole checkout when one line fails, and changes nothing', async () => {
    const { token: buyer } = await buyerWithOrders();
    const { token: other } = await member();
    const before = { balance: await balanceOf(h, other), mug: await stockOf(mug) };
    const outOfStock = await call(h, 'POST', '/api/token-transactions/products', {
      token: other,
      body: {
        products: [
          { _id: mug, quantity: 1 },
          { _id: cloth, quantity: 1 },
        ],
        ...ADDRESS,
      },
    });
    expect(outOfStock.body).toMatchObject({ statusCode: 422, error: 'OUT_OF_STOCK' });
    expect(outOfStock.body.message).toContain('Lens Cloth');
    const owned = await call(h, 'POST', '/api/token-transactions/products', {
      token: buyer,
      body: {
        products: [
          { _id: mug, quantity: 1 },
          { _id: wallpaper, quantity: 1 },
        ],
        ...ADDRESS,
      },
    });
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
    const { token: other } = await member();
    const noAddress = await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: mug, quantity: 1 }] } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe(
      'Physical products need a delivery address. Name: enter the name of the person who receives the parcel. Address: enter the street, number and city. Postal code: enter the postal code of the address. Country: choose the country of the address. Phone: enter a number the courier can call.',
    );
    expect(Object.keys(noAddress.body.fields)).toEqual(['recipientName', 'deliveryAddress', 'postalCode', 'country', 'phoneNumber']);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [] } })).status).toBe(400);
    expect(
      (await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: mug, quantity: 0 }], ...ADDRESS } })).status,
    ).toBe(400);
    expect((await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { products: [{ _id: wallpaper, quantity: 2 }] } })).status).toBe(
      400,
    );
    expect(
      (
        await call(h, 'POST', '/api/token-transactions/products', {
          token: other,
          body: { products: [{ _id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect((await call(h, 'POST', '/api/token-transactions/products', { body: { products: [{ _id: mug, quantity: 1 }] } })).status).toBe(401);
  });

  it("a physical checkout without the recipient's name or a known country is a 400 naming them, and changes nothing", async () => {
    const { token: buyer } = await member();
    const mugs = await stockOf(mug);
    const checkout = (delivery: Record<string, string>) =>
      call(h, 'POST', '/api/token-transactions/products', { token: buyer, body: { products: [{ _id: mug, quantity: 1 }], ...delivery } });
    const { recipientName: _name, country: _country, ...withoutThem } = ADDRESS;
    const missing = await checkout(withoutThem);
    expect(missing.body).toEqual({
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message:
        'Physical products need a delivery address. Name: enter the name of the person who receives the parcel. Country: choose the country of the address.',
      fields: {
        recipientName: 'Name: enter the name of the person who receives the parcel.',
        country: 'Country: choose the country of the address.',
      },
    });
    // Blank, or a code that names no country: the same answers.
    for (const [delivery, field] of [
      [{ ...ADDRESS, recipientName: '   ' }, 'recipientName'],
      [{ ...ADDRESS, country: 'XX' }, 'country'],
      [{ ...ADDRESS, country: 'Norway' }, 'country'],
    ] as const) {
      const res = await checkout(delivery);
      expect([res.status, Object.keys(res.body.fields ?? {})], JSON.stringify(delivery)).toEqual([400, [field]]);
    }
    expect(await balanceOf(h, buyer)).toBe(300);
    expect(await stockOf(mug)).toBe(mugs);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: buyer })).body.data.total).toBe(0);
  });

  it('a physical order carries its recipient, country and the address with its lines; a download needs none of them', async () => {
    const { token: buyer } = await member();
    const res = await call(h, 'POST', '/api/token-transactions/products', {
      token: buyer,
      // A lower-case code, a client's CRLF line ends and stray spaces: stored as the code and the address's lines.
      body: {
        products: [{ _id: mug, quantity: 1 }],
        ...ADDRESS,
        recipientName: ' Ada Berg ',
        country: 'no',
        deliveryAddress: ' 12 Harbour Street \r\n\r\nBergen ',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = res.body.data.orders;
    expect(order).toMatchObject({ recipientName: 'Ada Berg', deliveryAddress: '12 Harbour Street\nBergen', postalCode: '5003', country: 'NO' });
    expect((await call(h, 'GET', `/api/orders/details/${order._id}`, { token: buyer })).body.data).toMatchObject({
      recipientName: 'Ada Berg',
      deliveryAddress: '12 Harbour Street\nBergen',
      country: 'NO',
    });

    const downloadOnly = await call(h, 'POST', '/api/token-transactions/products', { token: buyer, body: { products: [{ _id: wallpaper, quantity: 1 }] } });
    expect(downloadOnly.status, JSON.stringify(downloadOnly.body)).toBe(200);
    expect(downloadOnly.body.data.orders[0]).toMatchObject({ productType: 'digital', recipientName: '', country: '' });
  });

  it('an Idempotency-Key makes a retried checkout a no-op', async () => {
    const { token: other } = await member();
    const headers = { 'idempotency-key': 'cart-7f1' };
    const body = { products: [{ _id: mug, quantity: 1 }], ...ADDRESS };
    const first = await call(h, 'POST', '/api/token-transactions/products', { token: other, body, headers });
    const again = await call(h, 'POST', '/api/token-transactions/products', { token: other, body, headers });
    expect(first.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect((await call(h, 'GET', '/api/orders/users/search', { token: other })).body.data.total).toBe(1);
    expect(await balanceOf(h, other)).toBe(300 - 35);
    // The same key for another cart (two mugs; another postal code, recipient or country) is refused and buys nothing.
    const moreMugs = await call(h, 'POST', '/api/token-transactions/products', {
      token: other,
      body: { ...body, products: [{ _id: mug, quantity: 2 }] },
      headers,
    });
    expect(moreMugs.body).toMatchObject({ statusCode: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    for (const change of [{ postalCode: '75001' }, { recipientName: 'Someone Else' }, { country: 'SE' }]) {
      const elsewhere = await call(h, 'POST', '/api/token-transactions/products', { token: other, body: { ...body, ...change }, headers });
      expect(elsewhere.body, JSON.stringify(change)).toMatchObject({ statusCode: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect((await call(h, 'GET', '/api/orders/users/search', { token: other })).body.data.total).toBe(1);
    expect(await balanceOf(h, other)).toBe(300 - 35);
  });
});
