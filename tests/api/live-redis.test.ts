import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { App } from '../../src/server/types.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('live rooms shared through Redis (REDIS_URL)', () => {
  // Two processes' worth of app on one database and one Redis: what a deployment with several processes looks like.
  const a = useApi({ REDIS_URL }, { realtime: true, listen: true });
  let b: App;
  beforeAll(async () => {
    b = await buildApp(testConfig({ REDIS_URL }), { database: a.database });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('an event emitted by one instance reaches the member connected to the other', async () => {
    const member = await createMember(a, { username: 'roaming' });
    const token = await login(a, 'roaming');
    const { port } = b.server.address() as { port: number };
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      query: { token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once('auth/status', ({ authenticated }) => (authenticated ? resolve() : reject(new Error('not authenticated'))));
      });
      const got = new Promise((resolve) => socket.once('update_balance', resolve));
      a.app.emitToUser(member.id, 'update_balance', { balance: 77, delta: 7 });
      expect(await Promise.race([got, new Promise((r) => setTimeout(() => r('timeout'), 2000))])).toEqual({ balance: 77, delta: 7 });
    } finally {
      socket.disconnect();
    }
  });
});
