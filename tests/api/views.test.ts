import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemViews } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';

describe('views are counted once per visitor per item per hour', () => {
  const h = useApi();
  let slug: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    slug = (await h.app.inject({ url: '/api/assets/videos/search?limit=1' })).json().data.data[0].slug;
  });
  afterEach(() => vi.useRealTimers());

  const views = async () => (await h.app.inject({ url: `/api/assets/videos/${slug}?countView=false` })).json().data.stats.views as number;
  const look = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.10') =>
    h.app.inject({ url: `/api/assets/videos/${slug}`, headers, remoteAddress });

  it('repeat GETs from one address or one member count once; other visitors count; countView=false never does', async () => {
    const start = await views();
    for (let i = 0; i < 3; i++) await look();
    expect(await views()).toBe(start + 1);
    await look({}, '203.0.113.11');
    expect(await views()).toBe(start + 2);
    const token = await login(h, (await createMember(h)).username);
    await look({ authorization: token });
    await look({ authorization: token }, '198.51.100.1');
    expect(await views()).toBe(start + 3);
  });

  it('counts the same visitor again the next hour, and forgets past hours', async () => {
    const start = await views();
    await look({}, '203.0.113.20');
    await look({}, '203.0.113.20');
    expect(await views()).toBe(start + 1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 });
    await look({}, '203.0.113.20');
    expect(await views()).toBe(start + 2);
    const hours = new Set((await h.database.db.select({ hour: itemViews.hour }).from(itemViews)).map((r) => r.hour));
    expect(hours).toEqual(new Set([Math.floor(Date.now() / 3_600_000)]));
  });
});
