import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { announceSiteChange } from '../../src/server/lib/runtime/site-changes.ts';
import { SettingsService } from '../../src/server/modules/settings/settings.service.ts';
import type { App } from '../../src/server/types.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';
import { startRedis } from '../helpers/redis-server.ts';

const redis = await startRedis();

/** Waits for `check` to hold, for at most a second: what "applied at once in every process" means here. */
const withinASecond = (check: () => Promise<unknown> | unknown) => expect.poll(check, { timeout: 1000, interval: 20 });

describe('settings and country changes reach every process at once (REDIS_URL)', () => {
  // Two processes' worth of app on one database and one Redis; the operator works on A, visitors are served by B.
  const env = { REDIS_URL: redis.url, TRUSTED_COUNTRY_HEADER: 'x-test-country' };
  const a = useApi(env, { realtime: true, listen: true });
  let b: App;
  beforeAll(async () => {
    b = await buildApp(testConfig(env), { database: a.database });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await redis.stop();
  });

  it('a change made on one process is read by the other within a second, and empties its page cache', async () => {
    const operator = await createMember(a, { role: 'admin' });
    const token = await login(a, operator.username);
    const settingsOnB = async () => (await b.inject({ url: '/api/settings/public' })).json().data;
    const blockedOnB = async () => (await b.inject({ url: '/api/country-block/check', headers: { 'x-test-country': 'NZ' } })).json().data.blocked;
    // B has read (and cached) the settings and the country list, and has a page in its cache.
    expect(await settingsOnB()).toMatchObject({ siteName: 'Tessera', maintenanceMode: false });
    expect(await blockedOnB()).toBe(false);
    b.pageCache.set('/', { status: 200, headers: {}, body: Buffer.from('<h1>Tessera</h1>') });

    const saved = await a.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { authorization: token },
      payload: { siteName: 'Mosaic', maintenanceMode: true, menus: [{ title: 'Films', path: '/videos', section: 'main' }] },
    });
    expect(saved.statusCode).toBe(200);
    await withinASecond(settingsOnB).toMatchObject({ siteName: 'Mosaic', maintenanceMode: true, menus: [{ title: 'Films', path: '/videos' }] });
    expect(b.pageCache.size).toBe(0);

    b.pageCache.set('/', { status: 200, headers: {}, body: Buffer.from('<h1>Mosaic</h1>') });
    const blocked = await a.app.inject({ method: 'POST', url: '/api/admin/blocked-countries', headers: { authorization: token }, payload: { code: 'NZ' } });
    expect(blocked.statusCode).toBe(200);
    await withinASecond(blockedOnB).toBe(true);
    expect(b.pageCache.size).toBe(0);
  });

  it('a change made by a process without a live connection (the CLI on PostgreSQL) reaches the servers through Redis too', async () => {
    const settingsOnB = async () => (await b.inject({ url: '/api/settings/public' })).json().data;
    expect((await settingsOnB()).siteName).toBe('Mosaic');
    // What `npm run cli -- settings set siteName …` does: its own service on the database, then one message.
    await new SettingsService(a.database.db).set('siteName', 'Mosaic (CLI)');
    expect(await announceSiteChange(redis.url, 'settings')).toBe(true);
    await withinASecond(async () => (await settingsOnB()).siteName).toBe('Mosaic (CLI)');
    expect(await announceSiteChange('redis://127.0.0.1:1', 'settings')).toBe(false);
  });
});
