import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';
import { startRedis } from '../helpers/redis-server.ts';

const redis = await startRedis();

describe('readiness and a graceful stop (what a balancer and a rolling restart rely on)', () => {
  const h = useApi({ REDIS_URL: redis.url });
  afterAll(() => redis.stop());

  it('/api/ready names what it reached, and answers 503 naming what it could not', async () => {
    const ready = await h.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 0, data: { status: 'ready', database: true, redis: true, storage: true } });

    await redis.stop();
    try {
      const down = await h.app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ statusCode: 503, error: 'NOT_READY', message: 'Not ready: Redis unreachable.' });
      // Alive all the same: the process serves, alone, until Redis is back.
      expect((await h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await redis.start();
    }
    await expect.poll(async () => (await h.app.inject({ url: '/api/ready' })).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it('a stopping process answers 503 on /api/ready, and its live connections are told to reconnect (elsewhere)', async () => {
    const app = await buildApp(testConfig({ REDIS_URL: redis.url }), { database: h.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await createMember(h);
    const token = await login(h, member.username);
    const { port } = app.server.address() as { port: number };
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token }, reconnectionDelay: 60_000 });
    try {
      await new Promise<void>((resolve) => socket.once('auth/status', () => resolve()));
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      app.draining = true;
      const draining = await app.inject({ url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ error: 'DRAINING' });
      await app.close();
      // Not "io server disconnect" (which tells a client to stay away): the client will reconnect by itself.
      expect(await reason).toBe('transport close');
      expect(socket.active).toBe(true);
    } finally {
      socket.disconnect();
      await app.close();
    }
  });
});
