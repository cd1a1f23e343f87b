import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, videos } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call } from '../helpers/commerce.ts';

/** Bulk verbs that set a value (issue 35, part 7): the price and the category of many items at once. */
describe('the back office: bulk price and category', () => {
  const h = useApi();
  let admin = '';
  let ids: string[] = [];
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    ids = (await h.database.db.select({ id: videos.id }).from(videos).orderBy(videos.slug).limit(3)).map((v) => v.id);
  });
  const bulk = (resource: string, body: unknown, token = admin) => call(h, 'POST', `/api/admin/${resource}/bulk`, { token, body });
  const rows = () => h.database.db.select().from(videos).where(inArray(videos.id, ids)).orderBy(videos.slug);

  it('sets the price of many videos (0 makes them free), each change audited like a form save', async () => {
    const priced = await bulk('videos', { action: 'price', ids: ids.slice(0, 2), value: 35 });
    expect(priced.status).toBe(200);
    expect(priced.body.data).toEqual({ done: ids.slice(0, 2), failed: [] });
    expect((await rows()).map((v) => [v.isSale, v.price])).toEqual([
      [true, 35],
      [true, 35],
      [expect.any(Boolean), expect.any(Number)],
    ]);
    const shown = (await call(h, 'GET', `/api/assets/videos/${ids[0]}?countView=false`)).body.data;
    expect(shown).toMatchObject({ isSale: true, price: 35, isLocked: true });
    const entries = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'price'));
    expect(entries.map((e) => e.targetId).sort()).toEqual(ids.slice(0, 2).sort());

    expect((await bulk('videos', { action: 'price', ids: ids.slice(0, 2), value: 0 })).body.data.done).toHaveLength(2);
    expect((await rows()).slice(0, 2).map((v) => [v.isSale, v.price])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it('puts many videos in one category instead of theirs; a category of another group is refused per item', async () => {
    const [videoCategory] = await h.database.db.select().from(categories).where(eq(categories.group, 'video')).limit(1);
    const [galleryCategory] = await h.database.db.select().from(categories).where(eq(categories.group, 'gallery')).limit(1);
    const moved = await bulk('videos', { action: 'category', ids, value: videoCategory!.id });
    expect(moved.body.data).toEqual({ done: ids, failed: [] });
    expect((await rows()).map((v) => v.categoryIds)).toEqual([[videoCategory!.id], [videoCategory!.id], [videoCategory!.id]]);

    const wrong = await bulk('videos', { action: 'category', ids: ids.slice(0, 1), value: galleryCategory!.id });
    expect(wrong.body.data.done).toEqual([]);
    expect(wrong.body.data.failed).toEqual([{ _id: ids[0], message: expect.stringContaining('Categories') }]);
    expect((await rows())[0]!.categoryIds).toEqual([videoCategory!.id]);
  });

  it('refuses a value that does not fit the verb, a verb the resource lacks, and members, changing nothing', async () => {
    const before = await rows();
    const cases: [string, unknown, number, string?][] = [
      ['videos', { action: 'price', ids }, 400, 'value'],
      ['videos', { action: 'price', ids, value: -1 }, 400],
      ['videos', { action: 'price', ids, value: 2.5 }, 400],
      ['videos', { action: 'price', ids, value: ids[0] }, 400, 'value'],
      ['videos', { action: 'category', ids, value: 12 }, 400, 'value'],
      ['videos', { action: 'category', ids, value: 'nature' }, 400],
      ['posts', { action: 'price', ids, value: 5 }, 400],
      ['banners', { action: 'category', ids, value: ids[0] }, 400],
    ];
    for (const [resource, body, status, field] of cases) {
      const res = await bulk(resource, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const member = await login(h, (await createMember(h)).username);
    expect((await bulk('videos', { action: 'price', ids, value: 1 }, member)).status).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
