import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, firstPackage, idOf } from '../helpers/commerce.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('live connection', () => {
  const h = useApi({}, { realtime: true, listen: true });
  const clients: Client[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));

  function connect(query: Record<string, string> = {}): Promise<{ socket: Client; authenticated: boolean | null }> {
    const { port } = h.app.server.address() as { port: number };
    const socket: Client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query, reconnection: false });
    clients.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      if (!query.token) socket.once('connect', () => resolve({ socket, authenticated: null }));
      else socket.once('auth/status', ({ authenticated }) => resolve({ socket, authenticated }));
    });
  }

  const next = <E extends keyof ServerToClientEvents>(socket: Client, event: E, ms = 1000) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0] | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => (clearTimeout(timer), resolve(payload))) as never);
    });

  it("a member's room receives the event meant for them; another member does not", async () => {
    const alice = await createMember(h, { username: 'alice' });
    const bob = await createMember(h, { username: 'bob' });
    const a = await connect({ token: await login(h, 'alice') });
    const b = await connect({ token: await login(h, 'bob') });
    expect(a.authenticated).toBe(true);
    expect(b.authenticated).toBe(true);
    const gotA = next(a.socket, 'update_balance');
    const gotB = next(b.socket, 'update_balance', 300);
    h.app.emitToUser(alice.id, 'update_balance', { balance: 42, delta: 2 });
    expect(await gotA).toEqual({ balance: 42, delta: 2 });
    expect(await gotB).toBe('timeout');
    expect(bob.id).not.toBe(alice.id);
  });

  it('authenticates by the auth/login event, and auth/logout leaves the room', async () => {
    const carol = await createMember(h, { username: 'carol' });
    const token = await login(h, 'carol');
    const { socket } = await connect();
    const status = next(socket, 'auth/status');
    socket.emit('auth/login', { token });
    expect(await status).toEqual({ authenticated: true });
    let got = next(socket, 'update_balance');
    h.app.emitToUser(carol.id, 'update_balance', { balance: 5, delta: 5 });
    expect(await got).toEqual({ balance: 5, delta: 5 });
    const out = next(socket, 'auth/status');
    socket.emit('auth/logout', { token });
    expect(await out).toEqual({ authenticated: false });
    got = next(socket, 'update_balance', 300);
    h.app.emitToUser(carol.id, 'update_balance', { balance: 6, delta: 1 });
    expect(await got).toBe('timeout');
  });

  it('an invalid or revoked token joins no room', async () => {
    const dave = await createMember(h, { username: 'dave' });
    const token = await login(h, 'dave');
    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } });
    const { socket, authenticated } = await connect({ token });
    expect(authenticated).toBe(false);
    const got = next(socket, 'update_balance', 300);
    h.app.emitToUser(dave.id, 'update_balance', { balance: 1, delta: 1 });
    expect(await got).toBe('timeout');
  });

  it('purchases, payments and order changes reach every open tab of the member, after commit', async () => {
    await seedCatalogue(h);
    const erin = await createMember(h, { username: 'erin', tokens: 200 });
    const token = await login(h, 'erin');
    const tab1 = (await connect({ token })).socket;
    const tab2 = (await connect({ token })).socket;
    // An unlock: both tabs get the new absolute balance and the delta.
    let got = [next(tab1, 'update_balance'), next(tab2, 'update_balance')];
    expect((await call(h, 'POST', '/api/token-transactions/video/glass-blowing-masterclass', { token })).status).toBe(200);
    expect(await Promise.all(got)).toEqual([
      { balance: 140, delta: -60 },
      { balance: 140, delta: -60 },
    ]);
    // A refused purchase (already owned) sends nothing.
    got = [next(tab1, 'update_balance', 300)];
    expect((await call(h, 'POST', '/api/token-transactions/video/glass-blowing-masterclass', { token })).status).toBe(409);
    expect(await got[0]).toBe('timeout');
    // A token package paid through the test gateway: the credit and the payment status.
    const pkg = await firstPackage(h);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId: pkg.id, gateway: 'test' } })).body.data;
    const credit = next(tab2, 'update_balance');
    const status = next(tab1, 'payment_status_callback');
    await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token });
    expect(await credit).toEqual({ balance: 140 + pkg.tokens, delta: pkg.tokens });
    expect(await status).toEqual({ redirectUrl: `/payment/success?payment=${paymentId}`, status: 'success' });
    // An admin ships the order.
    const mug = await idOf(h, 'product', 'tessera-enamel-mug');
    const checkout = await call(h, 'POST', '/api/token-transactions/products', {
      token,
      body: {
        products: [{ _id: mug, quantity: 1 }],
        recipientName: 'Ada Berg',
        deliveryAddress: '5 Quay, Bergen',
        postalCode: '5003',
        country: 'NO',
        phoneNumber: '+47 555 00 000',
      },
    });
    const orderId = checkout.body.data.orders[0]._id;
    const admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    const shipped = next(tab2, 'order_updated');
    await call(h, 'PUT', `/api/orders/${orderId}/update`, { token: admin, body: { deliveryStatus: 'shipping' } });
    expect(await shipped).toEqual({ orderId, deliveryStatus: 'shipping' });
    expect(erin.id).toBeTruthy();
  });
});
