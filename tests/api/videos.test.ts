import { describe, expect, it, beforeAll } from 'vitest';
import { reactions } from '../../src/server/db/schema.ts';
import { createMember, DEMO_ADMIN_PASSWORD, expectEvery, login, useApi } from '../helpers/api.ts';
import { getJson, grant, seedCatalogue } from '../helpers/catalogue.ts';

type V = {
  _id: string;
  slug: string;
  title: string;
  price: number;
  isSale: boolean;
  isLocked: boolean;
  isBought: boolean;
  isLiked: boolean;
  video: { url: string | null };
  thumbnail: { url: string; locked: boolean; sources: unknown[] };
  stats: { views: number };
  categories: { _id: string; slug: string }[];
  createdAt: string;
};

describe('videos', () => {
  const h = useApi();
  let member: string;
  let memberId: string;
  let admin: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const m = await createMember(h);
    memberId = m.id;
    member = await login(h, m.username);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
  });

  it('lists 12 demo videos newest first, paged with a total', async () => {
    const page1 = await getJson(h, '/api/assets/videos/search?limit=5');
    expect(page1.total).toBe(12);
    expect(page1.data).toHaveLength(5);
    const dates = page1.data.map((v: V) => v.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page3 = await getJson(h, '/api/assets/videos/search?limit=5&offset=10');
    expect(page3.data).toHaveLength(2);
    const all = await getJson(h, '/api/assets/videos/search?limit=200');
    expect(new Set(all.data.map((v: V) => v._id)).size).toBe(12);
  });

  it('sorts by oldest, popular, and by a field with sort=asc|desc', async () => {
    const oldest = (await getJson(h, '/api/assets/videos/search?sortBy=oldest&limit=200')).data.map((v: V) => v.createdAt);
    expect([...oldest].sort()).toEqual(oldest);
    const popular = (await getJson(h, '/api/assets/videos/search?sortBy=popular&limit=200')).data.map((v: V) => v.stats.views);
    expect([...popular].sort((a, b) => b - a)).toEqual(popular);
    const cheap = (await getJson(h, '/api/assets/videos/search?sortBy=price&sort=asc&limit=200')).data.map((v: V) => v.price);
    expect([...cheap].sort((a, b) => a - b)).toEqual(cheap);
    const titles = (await getJson(h, '/api/assets/videos/search?sortBy=title&sort=asc&limit=200')).data.map((v: V) => v.title);
    expect(titles[0]).toBe('Calibration Bars in Motion');
  });

  it('filters by isSale, category, and related (excludedId + shared categories)', async () => {
    const sale = await getJson(h, '/api/assets/videos/search?isSale=true&limit=200');
    expect(sale.total).toBe(6);
    expectEvery(sale.data, (v: V) => v.isSale && v.price > 0);
    const travel = (await getJson(h, '/api/assets/categories/search?group=video&q=travel')).data[0];
    const inTravel = await getJson(h, `/api/assets/videos/search?categoryId=${travel._id}&limit=200`);
    expect(inTravel.total).toBeGreaterThan(0);
    expectEvery(inTravel.data, (v: V) => v.categories.some((c) => c.slug === 'travel'));
    const fjord = await getJson(h, '/api/assets/videos/northern-lights-over-the-fjord?countView=false');
    const ids = fjord.categories.map((c: { _id: string }) => `categoryIds=${c._id}`).join('&');
    const related = await getJson(h, `/api/assets/videos/search?excludedId=${fjord._id}&${ids}&limit=200`);
    expect(related.total).toBeGreaterThan(0);
    expect(related.data.find((v: V) => v._id === fjord._id)).toBeUndefined();
    const shared = new Set(fjord.categories.map((c: { _id: string }) => c._id));
    expectEvery(related.data, (v: V) => v.categories.some((c) => shared.has(c._id)));
  });

  it('finds a video by a word of its description, by a prefix, and ranks title matches first', async () => {
    const byDescription = await getJson(h, '/api/assets/videos/search?q=glassblower');
    expect(byDescription.data.map((v: V) => v.slug)).toEqual(['glass-blowing-masterclass']);
    const byPrefix = await getJson(h, '/api/assets/videos/search?q=lightho');
    expect(byPrefix.data.map((v: V) => v.slug)).toContain('lighthouse-keepers-night');
    const stemmed = await getJson(h, '/api/assets/videos/search?q=deserts');
    expect(stemmed.data.map((v: V) => v.slug)).toContain('desert-colour-drift');
    const nothing = await getJson(h, '/api/assets/videos/search?q=zzzqqq');
    expect(nothing).toEqual({ data: [], total: 0 });
    const punctuation = await getJson(h, `/api/assets/videos/search?q=${encodeURIComponent("'&|!:*()<>")}`);
    expect(punctuation.total).toBe(12);
    // Relevance: a title match comes before a match in the description only.
    const colour = await getJson(h, '/api/assets/videos/search?q=colour&limit=200');
    const slugs = colour.data.map((v: V) => v.slug);
    expect(slugs[0]).toBe('desert-colour-drift');
    expect(slugs.slice(1).sort()).toEqual(['calibration-bars-in-motion', 'coral-reef-colonies']);
    const huge = await h.app.inject({ url: `/api/assets/videos/search?q=${'fjord '.repeat(1500)}` });
    expect(huge.statusCode).toBe(200);
  });

  it('gets a video by id or slug, counts a view, and 404s unknown ones', async () => {
    const bySlug = await getJson(h, '/api/assets/videos/desert-colour-drift');
    const byId = await getJson(h, `/api/assets/videos/${bySlug._id}`);
    expect(byId.slug).toBe('desert-colour-drift');
    expect(byId.stats.views).toBe(bySlug.stats.views + 1);
    // The second look of the same visitor this hour did not count (tests/api/views.test.ts has the rules).
    const quiet = await getJson(h, `/api/assets/videos/${bySlug._id}?countView=false`);
    expect(quiet.stats.views).toBe(byId.stats.views);
    for (const id of ['no-such-video', '00000000-0000-4000-8000-000000000000']) {
      const res = await h.app.inject({ url: `/api/assets/videos/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    }
  });

  it('free videos give everybody the stream; lists never carry it', async () => {
    const free = await getJson(h, '/api/assets/videos/desert-colour-drift');
    expect(free).toMatchObject({ isSale: false, isLocked: false });
    expect(free.video.url).toMatch(/^\/media\/demo\/video-\d+\.webm\?e=\d+&s=/);
    expect(free.thumbnail.locked).toBe(false);
    const list = await getJson(h, '/api/assets/videos/search?limit=200');
    expectEvery(list.data, (v: V) => v.video.url === null);
  });

  it('a priced video is locked for anonymous and other members: blurred preview, no stream', async () => {
    for (const token of [undefined, member]) {
      const v = await getJson(h, '/api/assets/videos/glass-blowing-masterclass', token);
      expect(v).toMatchObject({ isSale: true, price: 60, isLocked: true, isBought: false });
      expect(v.video.url).toBeNull();
      expect(v.thumbnail).toMatchObject({ locked: true, sources: [] });
      expect(v.thumbnail.url).toMatch(/preview\.webp/);
      expect(JSON.stringify(v)).not.toMatch(/video-\d+\.webm|original\.jpg|w1280/);
    }
  });

  it('the buyer and admins get the stream; flags come per viewer', async () => {
    const id = await grant(h, memberId, 'video', 'glass-blowing-masterclass');
    await h.database.db.insert(reactions).values({ userId: memberId, objectType: 'video', objectId: id, action: 'like' });
    const bought = await getJson(h, '/api/assets/videos/glass-blowing-masterclass', member);
    expect(bought).toMatchObject({ isBought: true, isLocked: false, isLiked: true, isFavourited: false });
    expect(bought.video.url).toMatch(/\.webm\?/);
    const inList = (await getJson(h, '/api/assets/videos/search?limit=200', member)).data.find((v: V) => v._id === id);
    expect(inList).toMatchObject({ isBought: true, isLiked: true, isLocked: false });
    expect((await getJson(h, '/api/assets/videos/search?limit=200')).data.find((v: V) => v._id === id)).toMatchObject({
      isBought: false,
      isLiked: false,
      isLocked: true,
    });
    const asAdmin = await getJson(h, '/api/assets/videos/glass-blowing-masterclass', admin);
    expect(asAdmin).toMatchObject({ isBought: false, isLocked: false });
    expect(asAdmin.video.url).not.toBeNull();
  });

  it('rejects bad list queries with 400 and a message naming the field', async () => {
    for (const qs of [
      'sortBy=random',
      'sort=up',
      'limit=0',
      'limit=500',
      'offset=-3',
      'categoryId=abc',
      'excludedId=1',
      'isSale=maybe',
      'fromDate=yesterday',
    ]) {
      const res = await h.app.inject({ url: `/api/assets/videos/search?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(new RegExp(qs.split('=')[0]!));
    }
  });
});
