import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { addressKey } from '../../src/server/lib/http/limits.ts';
import type { App } from '../../src/server/types.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';
import { startRedis } from '../helpers/redis-server.ts';

const redis = await startRedis();

/** Two processes' worth of app on one database and one Redis: what one counts, the other sees. */
describe('limits and page caches are shared by every process (REDIS_URL)', () => {
  const env = { REDIS_URL: redis.url, LOGIN_LIMIT_PER_IP: '6', LOGIN_LIMIT_PER_ACCOUNT: '4' };
  const a = useApi(env);
  let b: App;
  beforeAll(async () => {
    b = await buildApp(testConfig(env), { database: a.database, realtime: false });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await redis.stop();
  });

  const attempt = (app: App, ip: string, username: string, password = 'wrong-password-1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username, password } });

  it('login attempts from one address, split across two processes, are limited together', async () => {
    const statuses: number[] = [];
    // Six a window per address: three on each process, then the seventh is refused wherever it lands.
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? b : a.app, '203.0.113.7', `nobody${i}`)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422]);
    const refused = await attempt(a.app, '203.0.113.7', 'nobody-else');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(b, '203.0.113.7', 'nobody-else')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await attempt(b, '203.0.113.8', 'nobody-else')).statusCode).toBe(422);
  });

  it('failed logins on one account, split across two processes and many addresses, throttle it on both', async () => {
    const member = await createMember(a, { username: 'targeted' });
    for (let i = 0; i < 4; i++) expect((await attempt(i % 2 ? b : a.app, `198.51.100.${i + 1}`, member.username)).statusCode).toBe(422);
    // The limit is reached: a new address waits, on either process, even with the right password.
    const waited = await attempt(b, '198.51.100.50', member.username, 'password-123');
    expect(waited.statusCode).toBe(429);
    expect((await attempt(a.app, '198.51.100.51', member.username, 'password-123')).statusCode).toBe(429);
  });

  it('a back-office write on one process empties the page cache of the other at once', async () => {
    const admin = await createMember(a, { role: 'admin' });
    const token = await login(a, admin.username);
    b.pageCache.set('/videos', { status: 200, headers: {}, body: Buffer.from('<h1>Videos</h1>') });
    expect(b.pageCache.size).toBe(1);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { authorization: token },
      payload: { name: 'Harbours', group: 'video' },
    });
    expect(created.statusCode, created.body).toBe(200);
    await expect.poll(() => b.pageCache.size, { timeout: 1000, interval: 20 }).toBe(0);
  });
});

describe('a client address as limits count it', () => {
  it('is an IPv4 address as it is, and an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
