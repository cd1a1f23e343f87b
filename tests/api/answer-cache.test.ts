import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inProcessTransport } from '../../src/server/site/transport.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call } from '../helpers/commerce.ts';

/** The anonymous catalogue lists from the answer cache (API_CACHE_SECONDS), and what empties it. */
describe('the answer cache of anonymous lists', () => {
  const h = useApi({ API_CACHE_SECONDS: '60', TRUSTED_COUNTRY_HEADER: 'x-test-country' });
  let admin = '';
  let member = '';
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    member = await login(h, (await createMember(h)).username);
  });

  const search = (headers: Record<string, string> = {}) => call(h, 'GET', '/api/assets/galleries/search?limit=50', { headers });

  it('answers a second visitor from the cache, the same bytes, with an ETag and 304 for a copy they hold', async () => {
    const first = await search();
    expect(first.status).toBe(200);
    expect(first.headers['x-answer-cache']).toBe('MISS');
    const second = await h.app.inject({ url: '/api/assets/galleries/search?limit=50' });
    expect(second.headers['x-answer-cache']).toBe('HIT');
    expect(second.json()).toEqual(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    const again = await h.app.inject({ url: '/api/assets/galleries/search?limit=50', headers: { 'if-none-match': String(second.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never answers a member from it, nor caches their answer', async () => {
    await search();
    const mine = await search({ authorization: member });
    expect(mine.status).toBe(200);
    expect(mine.headers['x-answer-cache']).toBeUndefined();
  });

  it('a back-office change empties it: the next visitor sees the change', async () => {
    const before = await search();
    const gallery = before.body.data.data[0] as { _id: string; title: string };
    expect((await search()).headers['x-answer-cache']).toBe('HIT');
    const renamed = await call(h, 'PATCH', `/api/admin/galleries/${gallery._id}`, { token: admin, body: { title: 'Renamed while cached' } });
    expect(renamed.status).toBe(200);
    const after = await search();
    expect(after.headers['x-answer-cache']).toBe('MISS');
    expect(after.body.data.data.map((g: { title: string }) => g.title)).toContain('Renamed while cached');
  });

  it('a blocked country gets 451, not the cached list', async () => {
    await search();
    expect((await search()).headers['x-answer-cache']).toBe('HIT');
    const blocked = await call(h, 'POST', '/api/admin/blocked-countries', { token: admin, body: { code: 'NZ' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    // The block is a site change too, but the gate answers before the cache whatever the cache holds.
    await search();
    expect((await search({ 'x-test-country': 'NZ' })).status).toBe(451);
    expect((await search({ 'x-test-country': 'FR' })).status).toBe(200);
  });

  it('a detail that counts a view is never cached, and counts it; one as the pages ask for it (no view counted) is', async () => {
    const list = await search();
    const gallery = list.body.data.data[0] as { slug: string; stats: { views: number } };
    const view = (query = '', headers: Record<string, string> = {}) => call(h, 'GET', `/api/assets/galleries/${gallery.slug}/view${query}`, { headers });
    const counted = [await view(), await view('', { 'x-forwarded-for': '203.0.113.9' })];
    expect(counted.map((r) => r.headers['x-answer-cache'])).toEqual([undefined, undefined]);
    const uncounted = await view('?countView=false');
    expect(uncounted.headers['x-answer-cache']).toBe('MISS');
    expect(uncounted.body.data.stats.views).toBeGreaterThan(gallery.stats.views);
    const again = await view('?countView=false');
    expect(again.headers['x-answer-cache']).toBe('HIT');
    expect(again.body).toEqual(uncounted.body);
    // A member's item may be unlocked for them: theirs is never kept.
    expect((await view('?countView=false', { authorization: member })).headers['x-answer-cache']).toBeUndefined();
    // The gallery's photos, which its page lists, are kept as well.
    const photos = () => call(h, 'GET', `/api/assets/galleries/${gallery.slug}/photos?limit=200`);
    expect((await photos()).headers['x-answer-cache']).toBe('MISS');
    expect((await photos()).headers['x-answer-cache']).toBe('HIT');
  });

  it("the site's in-process calls read it directly: the stored bytes for a visitor, the routes for a blocked visitor and a member", async () => {
    const url = '/api/assets/galleries/search?limit=50';
    const blocked = await call(h, 'POST', '/api/admin/blocked-countries', { token: admin, body: { code: 'AU' } });
    expect(blocked.status).toBe(200);
    const stored = (await search()).body;
    expect((await search()).headers['x-answer-cache']).toBe('HIT');
    const send = (headers: Record<string, string>) => inProcessTransport(h.app, '127.0.0.1', {})({ method: 'GET', url: `http://localhost${url}`, headers });
    const inject = vi.spyOn(h.app, 'inject');
    try {
      const visitor = await send({});
      expect(visitor.status).toBe(200);
      expect(visitor.value).toEqual(stored);
      expect(visitor.header('content-type')).toMatch(/^application\/json/);
      expect(inject).not.toHaveBeenCalled();
      // Read once and shared by the renders that use it: no page can change what the next one gets.
      const again = await send({});
      expect(again.value).toBe(visitor.value);
      const list = (again.value as { data: { data: { title: string }[] } }).data.data;
      expect(() => list.pop()).toThrow(TypeError);
      expect(() => (list[0]!.title = 'Changed by a page')).toThrow(TypeError);
      expect((await send({})).value).toEqual(stored);
      // The country gate and the member's own answer are the routes' to give.
      expect((await send({ 'x-test-country': 'AU' })).status).toBe(451);
      expect((await send({ authorization: member })).status).toBe(200);
      const calls = inject.mock.calls as unknown as [{ headers: Record<string, string> }][];
      expect(calls.map(([options]) => options.headers)).toEqual([{ 'x-test-country': 'AU' }, { authorization: member }]);
    } finally {
      inject.mockRestore();
    }
  });
});
