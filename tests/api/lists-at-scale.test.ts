import { sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { COUNT_AHEAD, MAX_OFFSET, SEARCH_COUNT_AHEAD } from '../../src/shared/contracts/common.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { getJson, seedCatalogue } from '../helpers/catalogue.ts';

/**
 * What a list says when it is longer than it counts (docs/api.md, "Lists at any size"): totals exact below the bound
 * and capped above it, counted after the page by the order's keyset however deep the page; deep offsets refused; a
 * comment thread's total from its counter; the sitemap's months and files.
 */
describe('lists at any size', () => {
  const h = useApi();
  const EXTRA = COUNT_AHEAD + 150;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    member = await login(h, (await createMember(h)).username);
    // 1,150 more public videos, copies of a demo one, nine hours apart (two at the very same time: ties by id), with
    // prices 1–40 and views in every order.
    await h.database.db.execute(sql`
      insert into videos (slug, title, description, category_ids, thumbnail, video, is_sale, price, stat_views, created_at, updated_at)
      select 'bulk-' || i, 'Bulk clip ' || i, 'One of many.', v.category_ids, v.thumbnail, v.video, true, 1 + i % 40, (i * 7919) % 1000,
             now() - interval '400 days' + (i / 2) * interval '9 hours', now()
      from generate_series(1, ${EXTRA}) i, (select * from videos where status = 'active' order by created_at limit 1) v`);
  });

  const all = async (order: string) => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await getJson(h, `/api/assets/videos/search?limit=200&offset=${offset}&${order}`);
      ids.push(...page.data.map((v: { _id: string }) => v._id));
      if (page.data.length < 200) return ids;
    }
  };

  it('counts up to 1,000 past the offset: capped above, exact below, the same on a deep page', async () => {
    const total = 12 + EXTRA;
    const first = await getJson(h, '/api/assets/videos/search?limit=24');
    expect(first).toMatchObject({ total: COUNT_AHEAD, totalCapped: true });
    const deep = await getJson(h, '/api/assets/videos/search?limit=24&offset=480&sortBy=price&sort=asc');
    expect(deep).toMatchObject({ total: total, data: expect.any(Array) });
    expect(deep.totalCapped).toBeUndefined();
    const middle = await getJson(h, '/api/assets/videos/search?limit=24&offset=96&sortBy=popular');
    expect(middle).toMatchObject({ total: 96 + COUNT_AHEAD, totalCapped: true });
    const last = await getJson(h, `/api/assets/videos/search?limit=24&offset=${total - 10}`);
    expect(last.data).toHaveLength(10);
    expect(last.total).toBe(total);
    const past = await getJson(h, `/api/assets/videos/search?limit=24&offset=${total + 50}`);
    expect(past).toMatchObject({ data: [], total });
  });

  it('a search counts up to 200 past the offset: a ranked one by its candidates, a sorted one by its keyset, the totals by kind', async () => {
    // 'bulk' is in all 1,150 copies; 'bulk clip 11' in 62 (11, 110–119, 1100–1150: each word is also a prefix).
    expect(await getJson(h, '/api/assets/videos/search?q=bulk&limit=24')).toMatchObject({ total: SEARCH_COUNT_AHEAD, totalCapped: true });
    expect(await getJson(h, '/api/assets/videos/search?q=bulk&limit=24&offset=400')).toMatchObject({ total: 424, totalCapped: true });
    expect(await getJson(h, '/api/assets/videos/search?q=bulk&limit=24&offset=48&sortBy=newest')).toMatchObject({
      total: 48 + SEARCH_COUNT_AHEAD,
      totalCapped: true,
    });
    const few = await getJson(h, '/api/assets/videos/search?q=bulk%20clip%2011&limit=24');
    expect(few.total).toBe(62);
    expect(few.totalCapped).toBeUndefined();
    const second = await getJson(h, '/api/assets/videos/search?q=bulk%20clip%2011&limit=24&offset=24');
    expect(second).toMatchObject({ total: 62, data: expect.any(Array) });
    expect(second.data.every((v: { _id: string }) => !few.data.some((w: { _id: string }) => w._id === v._id))).toBe(true);
    expect((await getJson(h, '/api/search/total?q=bulk')).totalVideos).toBe(SEARCH_COUNT_AHEAD);
    expect((await getJson(h, '/api/search/total?q=bulk%20clip%2011')).totalVideos).toBe(62);
  });

  it('pages every order whole: each item once, ties broken the same way on every page', async () => {
    for (const order of ['sortBy=newest', 'sortBy=oldest', 'sortBy=popular', 'sortBy=price&sort=asc', 'sortBy=price&sort=desc', 'sortBy=title&sort=asc']) {
      const ids = await all(order);
      expect(new Set(ids).size, order).toBe(12 + EXTRA);
    }
  });

  it('refuses an offset past the window with the contract’s 400, and serves the last page inside it', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/assets/videos/search?offset=${MAX_OFFSET + 1}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields: { offset: expect.stringContaining(String(MAX_OFFSET)) } });
    expect((await h.app.inject({ method: 'GET', url: `/api/assets/videos/search?offset=${MAX_OFFSET}` })).statusCode).toBe(200);
    const back = await h.app.inject({ method: 'GET', url: `/api/admin/videos?offset=${MAX_OFFSET + 1}`, headers: { authorization: admin } });
    expect(back.statusCode).toBe(400);
  });

  it('a thread’s total is what it shows: a comment hidden by moderation leaves it, and comes back', async () => {
    const video = (await getJson(h, '/api/assets/videos/search?limit=1')).data[0];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { authorization: member },
        payload: { objectType: 'video', objectId: video._id, content: `Comment ${i}` },
      });
      ids.push(res.json().data._id);
    }
    const thread = () => getJson(h, `/api/comments/search?objectType=video&objectId=${video._id}&limit=2&offset=1`);
    expect(await thread()).toMatchObject({ total: 3, data: [{ _id: ids[1] }, { _id: ids[0] }] });
    await h.database.db.execute(sql`insert into violation_reports (user_id, type, target_type, target_id)
      select id, 'spam', 'comment', ${ids[2]} from users where username = 'admin'`);
    const report = (await h.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { authorization: admin } })).json().data.data[0];
    const act = (verb: string) =>
      h.app.inject({ method: 'POST', url: `/api/admin/reports/${report._id}/${verb}`, headers: { authorization: admin }, payload: {} });
    expect((await act('hide-item')).statusCode).toBe(200);
    expect((await thread()).total).toBe(2);
    expect((await getJson(h, `/api/assets/videos/${video._id}`)).stats.comments).toBe(2);
    // Deleting a hidden comment does not count it out twice.
    expect((await act('unhide-item')).statusCode).toBe(200);
    expect((await thread()).total).toBe(3);
    await act('hide-item');
    expect((await h.app.inject({ method: 'DELETE', url: `/api/comments/${ids[2]}`, headers: { authorization: admin } })).statusCode).toBe(200);
    expect((await thread()).total).toBe(2);
  });

  it('the sitemap: every public video in the file of its month, and nothing else', async () => {
    const months = await getJson(h, '/api/sitemap/months');
    expect(months.video.length).toBeGreaterThan(7);
    expect([...months.video].sort()).toEqual(months.video);
    let listed = 0;
    for (const month of months.video) {
      const { data } = await getJson(h, `/api/sitemap/video/${month}`);
      expect(data.length, month).toBeGreaterThan(0);
      listed += data.length;
    }
    expect(listed).toBe((await all('sortBy=newest')).length);
    expect((await h.app.inject({ method: 'GET', url: '/api/sitemap/video/2026-13' })).statusCode).toBe(400);
    expect((await getJson(h, '/api/sitemap/video/1999-01')).data).toEqual([]);
  });
});
