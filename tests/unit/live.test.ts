// @vitest-environment happy-dom
import http from 'node:http';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../../src/client/api.ts';
import { $liveStatus, configureLive, onLive, openLiveSocket } from '../../src/stores/live.ts';
import { startSession } from '../../src/stores/auth.ts';
import type { CurrentUser } from '../../src/shared/contracts/users.ts';

/** The client's live connection against a real socket.io server that records what each connection sends. */
describe('the live connection after a reconnect', () => {
  const server = http.createServer();
  const io = new Server(server, { cors: { origin: true } });
  const logins: { connection: string; token: string }[] = [];
  let url = '';
  beforeAll(async () => {
    io.on('connection', (socket) => {
      socket.on('auth/login', ({ token }) => {
        logins.push({ connection: socket.id, token });
        socket.emit('auth/status', { authenticated: true });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await io.close();
  });

  it('sends auth/login again, with the token the page holds now', async () => {
    sessionCookie.set('token-before', true);
    const socket = openLiveSocket(url, 'token-before');
    try {
      await expect.poll(() => logins.length).toBe(1);
      expect(logins[0]!.token).toBe('token-before');
      // The network drops (not a server-side disconnect, which the client would not retry); meanwhile the page's token changed.
      sessionCookie.set('token-after', true);
      for (const s of await io.fetchSockets()) (s as unknown as { conn: { close(): void } }).conn.close();
      await expect.poll(() => logins.length, { timeout: 10_000 }).toBe(2);
      expect(logins[1]!.token).toBe('token-after');
      expect(logins[1]!.connection).not.toBe(logins[0]!.connection);
    } finally {
      socket.disconnect();
      sessionCookie.remove();
    }
  });
});

/** The live store owns the one socket: opened by its first listener, rebuilt on a login change, closed when nobody listens. */
describe('the live store', () => {
  const server = http.createServer();
  const io = new Server(server, { cors: { origin: true } });
  const events: string[] = [];
  beforeAll(async () => {
    io.on('connection', (socket) => {
      const who = socket.handshake.query.token ?? 'anonymous';
      events.push(`connect ${who}`);
      socket.on('auth/logout', ({ token }) => {
        events.push(`logout ${token}`);
        socket.emit('auth/status', { authenticated: false });
      });
      socket.on('disconnect', () => events.push(`disconnect ${who}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    configureLive(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  });
  afterAll(async () => {
    await io.close();
  });

  it('opens for its first listener, hands server events to every listener, and closes when the last one leaves', async () => {
    events.length = 0;
    const heard: number[] = [];
    const stopA = onLive('update_balance', ({ balance }) => heard.push(balance));
    const stopB = onLive('update_balance', ({ balance }) => heard.push(-balance));
    await expect.poll(() => $liveStatus.get()).toBe('connected');
    expect(events).toEqual(['connect anonymous']);
    io.emit('update_balance', { balance: 7, delta: 2 });
    await expect.poll(() => heard).toEqual([7, -7]);
    stopA();
    stopB();
    // nanostores unmounts a store a second after its last listener left.
    await expect.poll(() => events, { timeout: 5000 }).toEqual(['connect anonymous', 'disconnect anonymous']);
    expect($liveStatus.get()).toBe('initialized');
  });

  it('is rebuilt when the logged-in flag changes, telling the server the old session left', async () => {
    events.length = 0;
    const stop = onLive('order_updated', () => {});
    await expect.poll(() => events).toEqual(['connect anonymous']);
    sessionCookie.set('member-token', true);
    startSession({ _id: 'u1', name: 'Mia', username: 'mia', balance: 5 } as CurrentUser);
    await expect.poll(() => events).toEqual(['connect anonymous', 'disconnect anonymous', 'connect member-token']);
    await expect.poll(() => $liveStatus.get()).toBe('connected');
    startSession(null);
    // The member's connection says goodbye before it closes; the new one (a visitor's) may open meanwhile.
    await expect.poll(() => events.slice(3).sort(), { timeout: 3000 }).toEqual(['connect anonymous', 'disconnect member-token', 'logout member-token']);
    expect(events.indexOf('logout member-token')).toBeLessThan(events.indexOf('disconnect member-token'));
    await expect.poll(() => $liveStatus.get()).toBe('connected');
    stop();
    sessionCookie.remove();
    await expect.poll(() => events.at(-1), { timeout: 5000 }).toBe('disconnect anonymous');
  });
});
