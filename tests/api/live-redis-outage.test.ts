import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { App } from '../../src/server/types.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';
import { startRedis } from '../helpers/redis-server.ts';

const redis = await startRedis();

describe('Redis goes away under two processes (REDIS_URL)', () => {
  const a = useApi({ REDIS_URL: redis.url }, { realtime: true, listen: true });
  let b: App;
  beforeAll(async () => {
    b = await buildApp(testConfig({ REDIS_URL: redis.url }), { database: a.database });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await redis.stop();
  });

  it('keeps serving and delivering locally while Redis is down, and shares rooms again once it is back', async () => {
    const member = await createMember(a, { username: 'weathered' });
    const token = await login(a, 'weathered');
    const { port } = b.server.address() as { port: number };
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token } });
    const received: number[] = [];
    socket.on('update_balance', ({ balance }) => received.push(balance));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once('auth/status', ({ authenticated }) => (authenticated ? resolve() : reject(new Error('not authenticated'))));
      });
      a.app.emitToUser(member.id, 'update_balance', { balance: 1, delta: 1 });
      await expect.poll(() => received).toContain(1);

      const warn = vi.spyOn(b.log, 'warn');
      const info = vi.spyOn(b.log, 'info');
      await redis.stop();
      await expect.poll(() => warn.mock.calls.length).toBeGreaterThan(0);
      // The process that holds the socket still delivers its own events, and both processes keep answering.
      b.emitToUser(member.id, 'update_balance', { balance: 2, delta: 1 });
      await expect.poll(() => received).toContain(2);
      // An event from the other process cannot cross now; it is dropped without an unhandled rejection.
      a.app.emitToUser(member.id, 'update_balance', { balance: 99, delta: 1 });
      expect((await a.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await b.inject({ url: '/api/health' })).statusCode).toBe(200);

      await redis.start();
      // Cross-process delivery resumes once the clients have reconnected.
      await expect
        .poll(
          () => {
            a.app.emitToUser(member.id, 'update_balance', { balance: 3, delta: 1 });
            return received;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toContain(3);
      expect(received).not.toContain(99);
      // The operator reads one line when Redis goes and one when it is back, not one per retry.
      const said = (calls: unknown[][]) => calls.map((c) => c.find((x) => typeof x === 'string')).filter((m) => String(m).startsWith('Redis'));
      expect(said(warn.mock.calls)).toEqual(['Redis is unreachable: this process works alone (live events, limits, site changes) until it is back']);
      expect(said(info.mock.calls)).toEqual(['Redis is back: live events, limits and site changes are shared between processes again']);
    } finally {
      socket.disconnect();
    }
  });
});
