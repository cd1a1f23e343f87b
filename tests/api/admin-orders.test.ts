import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf, multipart } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const PUBLIC_URL = 'https://shop.example';

/** Orders in the back office: every member's list and its filters, and the verbs that move an order and tell the buyer. */
describe('the back office: orders', () => {
  const env: Record<string, string> = { PUBLIC_URL };
  const sink = useSmtp(env);
  const h = useApi(env, { realtime: true, listen: true });
  let admin = '';
  let alice = { id: '', email: '', token: '' };
  let bob = { id: '', email: '', token: '' };
  let socket: Client;
  const orders: Record<string, string> = {};

  const adminCall = (method: 'GET' | 'POST', url: string, body?: unknown) => call(h, method, url, { token: admin, body });
  const list = async (query: string) => (await adminCall('GET', `/api/admin/orders?${query}`)).body.data as { data: Record<string, unknown>[]; total: number };
  /** Delivered to the buyer (by name) at a two-line address in Norway (alice) or Sweden (bob). */
  const buy = async (token: string, slug: string, quantity = 2) => {
    const recipient = token === bob.token ? { recipientName: 'Bob Stone', country: 'SE' } : { recipientName: 'Alice Vale', country: 'NO' };
    const res = await call(h, 'POST', '/api/token-transactions/products', {
      token,
      body: {
        products: [{ _id: await idOf(h, 'product', slug), quantity }],
        ...recipient,
        deliveryAddress: '5 Quay\nBergen',
        postalCode: '5003',
        phoneNumber: '+47 555',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.orders[0]._id as string;
  };
  /** The orders' CSV export for `query`, its rows as cells. */
  const exportCsv = async (token: string, query: string) => {
    const res = await h.app.inject({ url: `/api/admin/orders/export.csv?${query}`, headers: { authorization: token } });
    const csv = res.statusCode === 200 && res.body.startsWith('\uFEFF');
    return { status: res.statusCode, body: res.body, disposition: res.headers['content-disposition'], rows: csv ? csvRows(res.body.slice(1)) : [] };
  };
  /** The next `order_updated` alice's open tab receives, or 'timeout'. */
  const nextUpdate = (ms = 2000) =>
    new Promise<{ orderId: string; deliveryStatus: string } | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      socket.once('order_updated', (payload) => (clearTimeout(timer), resolve(payload)));
    });

  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    for (const [who, name] of [
      ['alice', 'Alice Vale'],
      ['bob', 'Bob Stone'],
    ] as const) {
      const m = await createMember(h, { tokens: 1000, name, email: `${who}.orders@test.local`, username: `${who}orders` });
      const member = { id: m.id, email: m.email, token: await login(h, m.username) };
      if (who === 'alice') alice = member;
      else bob = member;
    }
    orders.mug = await buy(alice.token, 'tessera-enamel-mug');
    orders.print = await buy(alice.token, 'fine-art-print-fjord');
    orders.cloth = await buy(bob.token, 'fine-art-print-skyline');
    orders.wallpaper = await buy(alice.token, 'alpine-ridges-wallpaper-pack', 1);
    const { port } = h.app.server.address() as { port: number };
    socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token: alice.token }, reconnection: false });
    await new Promise((resolve) => socket.once('auth/status', resolve));
  });
  afterAll(() => socket?.disconnect());

  it("lists every member's orders with buyer, product and status, filtered by status, kind, member and product, and searched by buyer", async () => {
    const all = await list('limit=50');
    expect(all.total).toBe(4);
    expect(all.data[0]).toMatchObject({ _id: orders.wallpaper, product: 'Alpine Ridges Wallpaper Pack', buyer: 'aliceorders', deliveryStatus: 'delivered' });
    expect(all.data.find((o) => o._id === orders.cloth)).toMatchObject({ buyer: 'boborders', quantity: 2, deliveryStatus: 'processing' });
    // The dashboard's "orders to ship" link.
    const processing = await list('deliveryStatus=processing');
    expect(processing.data.map((o) => o._id).sort()).toEqual([orders.mug, orders.print, orders.cloth].sort());
    expect((await list('productType=digital')).data.map((o) => o._id)).toEqual([orders.wallpaper]);
    // A member's page links to their orders; a product's to its orders.
    expect((await list(`buyerId=${bob.id}`)).data.map((o) => o._id)).toEqual([orders.cloth]);
    const mug = await idOf(h, 'product', 'tessera-enamel-mug');
    expect((await list(`productId=${mug}`)).data.map((o) => o._id)).toEqual([orders.mug]);
    // Search: the buyer's username or e-mail, the product's name, the order number.
    expect((await list('q=bob.orders@test')).data.map((o) => o._id)).toEqual([orders.cloth]);
    expect((await list('q=fjord')).data.map((o) => o._id)).toEqual([orders.print]);
    const number = all.data.find((o) => o._id === orders.print)!.orderNumber as string;
    expect((await list(`q=${number.toLowerCase()}`)).data.map((o) => o._id)).toEqual([orders.print]);
    expect((await list('sortBy=oldest')).data[0]!._id).toBe(orders.mug);
    // Bad filters are the contract's 400, naming the parameter.
    const bad = await adminCall('GET', '/api/admin/orders?deliveryStatus=lost&buyerId=42');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/deliveryStatus/);
    // Orders are not made, changed or deleted here.
    const create = await call(h, 'POST', '/api/admin/orders', { token: admin, body: {} });
    expect(create.status, JSON.stringify(create.body)).toBe(404);
    expect((await call(h, 'DELETE', `/api/admin/orders/${orders.mug}`, { token: admin })).status).toBe(404);
  });

  it("shows a physical order's recipient, address lines, postal code and country, in its page and in the CSV export", async () => {
    const mug = (await adminCall('GET', `/api/admin/orders/${orders.mug}`)).body.data;
    expect(mug).toMatchObject({ recipientName: 'Alice Vale', deliveryAddress: '5 Quay\nBergen', postalCode: '5003', country: 'NO', countryName: 'Norway' });

    const exported = await exportCsv(admin, `buyerId=${alice.id}&productType=physical`);
    expect(exported.status, exported.body.slice(0, 300)).toBe(200);
    expect(exported.disposition).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = exported.rows;
    expect(header).toEqual([
      'Order',
      'Ordered (UTC)',
      'Status',
      'Kind',
      'Product',
      'Quantity',
      'Tokens',
      'Buyer',
      'E-mail',
      'Recipient',
      'Address',
      'Postal code',
      'Country code',
      'Country',
      'Phone',
      'Tracking code',
      "Buyer's note",
      'Order id',
    ]);
    // The list's filters hold (alice's two physical orders, newest first); the address keeps its line break in its cell.
    const cells = (row: string[]) => Object.fromEntries(header!.map((label, i) => [label, row[i]]));
    expect(rows.map((r) => cells(r)['Order id'])).toEqual([orders.print, orders.mug]);
    expect(cells(rows[1]!)).toMatchObject({
      Order: mug.orderNumber,
      Product: 'Tessera Enamel Mug',
      Quantity: '2',
      Buyer: 'aliceorders',
      Recipient: 'Alice Vale',
      Address: '5 Quay\nBergen',
      'Postal code': '5003',
      'Country code': 'NO',
      Country: 'Norway',
    });
    const bobs = await exportCsv(admin, `buyerId=${bob.id}`);
    expect(bobs.rows.slice(1).map((r) => cells(r))).toEqual([expect.objectContaining({ Recipient: 'Bob Stone', 'Country code': 'SE', Country: 'Sweden' })]);
    expect((await exportCsv(bob.token, '')).status).toBe(403);
  });

  it('ships a physical order with its tracking code: the buyer gets a mail with it and a live order_updated; wrong input and wrong states change nothing', async () => {
    // No tracking code, or only spaces: a field error, nothing changes, nothing is sent.
    const mails = sink.messages.length;
    let live = nextUpdate(400);
    const missing = await adminCall('POST', `/api/admin/orders/${orders.mug}/ship`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ shippingCode: 'Tracking code: fill this in.' });
    const blank = await adminCall('POST', `/api/admin/orders/${orders.mug}/ship`, { shippingCode: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields.shippingCode).toMatch(/^Tracking code: /);
    // Not shipped yet: it cannot be marked delivered.
    const early = await adminCall('POST', `/api/admin/orders/${orders.mug}/deliver`, {});
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/has not been shipped yet/);
    expect(await live).toBe('timeout');
    expect((await adminCall('GET', `/api/admin/orders/${orders.mug}`)).body.data).toMatchObject({ deliveryStatus: 'processing', shippingCode: '' });

    live = nextUpdate();
    const shipped = await adminCall('POST', `/api/admin/orders/${orders.mug}/ship`, { shippingCode: ' NO123456789 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'NO123456789', buyerName: 'Alice Vale', files: [] });
    expect(await live).toEqual({ orderId: orders.mug, deliveryStatus: 'shipping' });
    const mail = await sink.waitFor(alice.email, /is on its way/, { since: mails });
    expect(mail.text).toContain('Tracking code: NO123456789');
    expect(mail.text).toContain('Tessera Enamel Mug');
    // The link goes to the buyer's order page on the configured origin, never a request's host.
    expect(linkIn(mail, '/account/orders/').href).toBe(`${PUBLIC_URL}/account/orders/${orders.mug}`);
    // The member sees it in their own orders.
    expect((await call(h, 'GET', `/api/orders/details/${orders.mug}`, { token: alice.token })).body.data).toMatchObject({
      deliveryStatus: 'shipping',
      shippingCode: 'NO123456789',
    });

    // Shipping twice is refused and keeps the first code.
    const again = await adminCall('POST', `/api/admin/orders/${orders.mug}/ship`, { shippingCode: 'OTHER' });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already shipped/);
    expect((await adminCall('GET', `/api/admin/orders/${orders.mug}`)).body.data.shippingCode).toBe('NO123456789');
    // A download is never shipped.
    expect((await adminCall('POST', `/api/admin/orders/${orders.wallpaper}/ship`, { shippingCode: 'X1' })).status).toBe(422);
  });

  it('marks a shipped order delivered (mail and live), once; each verb is in the audit log', async () => {
    const mails = sink.messages.length;
    const live = nextUpdate();
    const done = await adminCall('POST', `/api/admin/orders/${orders.mug}/deliver`, {});
    expect(done.status).toBe(200);
    expect(done.body.data.deliveryStatus).toBe('delivered');
    expect(await live).toEqual({ orderId: orders.mug, deliveryStatus: 'delivered' });
    await sink.waitFor(alice.email, /is delivered/, { since: mails });
    const twice = await adminCall('POST', `/api/admin/orders/${orders.mug}/deliver`, {});
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/already delivered/);
    const audit = (await adminCall('GET', `/api/admin/audit?resource=orders&targetId=${orders.mug}`)).body.data.data;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['deliver', 'ship']);
    expect(audit[1].before.deliveryStatus).toBe('processing');
    expect(audit[1].after).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'NO123456789' });
  });

  it('attaches a delivery file from an upload: the buyer downloads it, gets a mail and a live update; a made-up reference is refused', async () => {
    const form = await multipart('Certificate of Authenticity.pdf', new Blob(['%PDF-1.4 the certificate']));
    const up = await h.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?purpose=download',
      headers: { authorization: admin, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const forged = await adminCall('POST', `/api/admin/orders/${orders.print}/attach-file`, { file: 'up.made.up.ref' });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.file).toMatch(/^Delivery file: upload the file again/);

    const mails = sink.messages.length;
    const live = nextUpdate();
    const attached = await adminCall('POST', `/api/admin/orders/${orders.print}/attach-file`, { file: up.json().data.ref });
    expect(attached.status).toBe(200);
    expect(attached.body.data.files).toEqual([expect.objectContaining({ name: 'Certificate of Authenticity.pdf', size: 24 })]);
    expect(await live).toEqual({ orderId: orders.print, deliveryStatus: 'processing' });
    const mail = await sink.waitFor(alice.email, /A file was added to your order/, { since: mails });
    expect(mail.text).toContain('Certificate of Authenticity.pdf');
    // The buyer downloads it through their order's files.
    const files = (await call(h, 'GET', `/api/orders/${orders.print}/files-info`, { token: alice.token })).body.data;
    const download = await h.app.inject({ url: files[0].downloadLink });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 the certificate');
  });

  it('is for admins only', async () => {
    expect((await call(h, 'GET', '/api/admin/orders', { token: bob.token })).status).toBe(403);
    expect((await call(h, 'POST', `/api/admin/orders/${orders.cloth}/ship`, { token: bob.token, body: { shippingCode: 'X' } })).status).toBe(403);
    expect((await adminCall('GET', `/api/admin/orders/${orders.cloth}`)).body.data.deliveryStatus).toBe('processing');
    expect((await adminCall('POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/ship', { shippingCode: 'X' })).status).toBe(404);
  });
});

/** RFC 4180 rows: a quoted cell may hold commas, doubled quotes and line breaks; each line ends with CRLF. */
function csvRows(text: string): string[][] {
  const cell = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/y;
  const rows: string[][] = [];
  const row: string[] = [];
  while (cell.lastIndex < text.length) {
    const [, quoted, plain, end] = cell.exec(text)!;
    row.push(quoted === undefined ? plain! : quoted.replace(/""/g, '"'));
    if (end !== ',') rows.push(row.splice(0));
  }
  return rows;
}
