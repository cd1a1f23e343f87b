// @vitest-environment happy-dom
import http from 'node:http';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCookie } from '../../src/client/api.ts';
import { openLiveSocket } from '../../src/client/socket.ts';

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
    tokenCookie.set('token-before', true);
    const socket = openLiveSocket(url, 'token-before');
    try {
      await expect.poll(() => logins.length).toBe(1);
      expect(logins[0]!.token).toBe('token-before');
      // The network drops (not a server-side disconnect, which the client would not retry); meanwhile the page's token changed.
      tokenCookie.set('token-after', true);
      for (const s of await io.fetchSockets()) (s as unknown as { conn: { close(): void } }).conn.close();
      await expect.poll(() => logins.length, { timeout: 10_000 }).toBe(2);
      expect(logins[1]!.token).toBe('token-after');
      expect(logins[1]!.connection).not.toBe(logins[0]!.connection);
    } finally {
      socket.disconnect();
      tokenCookie.remove();
    }
  });
});
