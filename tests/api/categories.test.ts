import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed.ts';
import { useApi } from '../helpers/api.ts';

describe('GET /assets/categories/search and the demo seed', () => {
  const h = useApi();

  it('the demo seed adds categories for every group, once', async () => {
    expect((await seedDemo(h.database, h.config)).seeded).toBe(true);
    expect((await seedDemo(h.database, h.config)).seeded).toBe(false);
    const all = (await h.app.inject({ url: '/api/assets/categories/search?limit=200' })).json().data;
    const groups = new Set(all.data.map((c: { group: string }) => c.group));
    expect([...groups].sort()).toEqual(['gallery', 'post', 'product', 'story', 'video']);
    expect(all.total).toBe(all.data.length);
  });

  it('filters by group, keeps the ordering, searches names, and pages', async () => {
    const videos = (await h.app.inject({ url: '/api/assets/categories/search?group=video' })).json().data;
    expect(videos.data.map((c: { name: string }) => c.name)).toEqual(['Travel', 'Nature', 'Workshops']);
    expect(videos.data[0]).toEqual({
      _id: expect.any(String),
      group: 'video',
      name: 'Travel',
      slug: 'travel',
      description: expect.any(String),
      ordering: expect.any(Number),
      parentId: null,
    });
    const found = (await h.app.inject({ url: '/api/assets/categories/search?q=portr' })).json().data;
    expect(found.data.map((c: { slug: string }) => c.slug)).toEqual(['portraits']);
    const page2 = (await h.app.inject({ url: '/api/assets/categories/search?group=video&limit=2&offset=2' })).json().data;
    expect(page2).toMatchObject({ total: 3, data: [{ name: 'Workshops' }] });
    const percent = (await h.app.inject({ url: '/api/assets/categories/search?q=%25' })).json().data;
    expect(percent.total).toBe(0);
  });

  it('rejects bad list queries with 400', async () => {
    for (const qs of ['group=movies', 'limit=0', 'limit=201', 'offset=-1', 'limit=ten', 'sort=sideways']) {
      const res = await h.app.inject({ url: `/api/assets/categories/search?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
  });
});
