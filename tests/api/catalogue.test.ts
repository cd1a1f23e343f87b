import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, expectEvery, login, useApi } from '../helpers/api.ts';
import { getJson, grant, seedCatalogue } from '../helpers/catalogue.ts';

type Item = { _id: string; slug: string; isLocked?: boolean; content?: string | null; publishedAt?: string };

describe('galleries, photos, stories, posts, products, banners and search totals', () => {
  const h = useApi();
  let member: string;
  let memberId: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const m = await createMember(h);
    memberId = m.id;
    member = await login(h, m.username);
  });

  it('galleries list and view; the photos of THAT gallery, in order', async () => {
    const list = await getJson(h, '/api/assets/galleries/search?limit=200');
    expect(list.total).toBe(6);
    const alpine = await getJson(h, '/api/assets/galleries/alpine-ridges/view');
    expect(alpine).toMatchObject({ numOfItems: 8, isLocked: false, coverPhoto: { locked: false } });
    const photos = await getJson(h, `/api/assets/galleries/${alpine._id}/photos?limit=50`);
    expect(photos.total).toBe(8);
    expectEvery(photos.data, (p: { targetId: string }) => p.targetId === alpine._id);
    expect(photos.data[0]).toMatchObject({
      isCover: true,
      title: 'Alpine Ridges 1',
      photo: { locked: false, width: 1600, height: 1067, mimeType: 'image/jpeg' },
    });
    expect(photos.data[0].photo.sources.map((s: { width: number; format: string }) => `${s.format}${s.width}`)).toEqual([
      'avif320',
      'webp320',
      'avif640',
      'webp640',
      'avif1280',
      'webp1280',
    ]);
    const other = await getJson(h, '/api/assets/galleries/bokeh-studies/photos');
    expectEvery(other.data, (p: { targetId: string }) => p.targetId !== alpine._id);
    const byTarget = await getJson(h, `/api/assets/photos?target=gallery&targetId=${alpine._id}&limit=3`);
    expect(byTarget).toMatchObject({ total: 8 });
    expect(byTarget.data).toHaveLength(3);
    expect((await h.app.inject({ url: '/api/assets/galleries/nope/photos' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/assets/photos?target=album' })).statusCode).toBe(400);
  });

  it('a priced gallery shows only blurred previews until bought', async () => {
    const locked = await getJson(h, '/api/assets/galleries/city-after-dark/photos?limit=50', member);
    expectEvery(
      locked.data,
      (p: { photo: { locked: boolean; url: string; sources: unknown[] } }) =>
        p.photo.locked && p.photo.url.includes('preview.webp') && p.photo.sources.length === 0,
    );
    await grant(h, memberId, 'gallery', 'city-after-dark');
    const open = await getJson(h, '/api/assets/galleries/city-after-dark/photos?limit=50', member);
    expectEvery(open.data, (p: { photo: { locked: boolean; url: string } }) => !p.photo.locked && p.photo.url.includes('original.jpg'));
    expect(await getJson(h, '/api/assets/galleries/city-after-dark/view', member)).toMatchObject({ isBought: true, isLocked: false });
  });

  it('stories: content only for viewers allowed to read, never in lists', async () => {
    const free = await getJson(h, '/api/stories/on-walking-slowly/view');
    expect(free.content).toContain('<p>Walking slowly');
    const locked = await getJson(h, '/api/stories/notes-from-a-night-shoot/view', member);
    expect(locked).toMatchObject({ isLocked: true, content: null, coverImage: { locked: true } });
    expect(JSON.stringify(locked)).not.toContain('rooftop at six');
    await grant(h, memberId, 'story', 'notes-from-a-night-shoot');
    expect((await getJson(h, '/api/stories/notes-from-a-night-shoot/view', member)).content).toContain('tripod');
    const list = await getJson(h, '/api/stories/search?limit=200', member);
    expect(list.total).toBe(6);
    expectEvery(list.data, (s: Item) => s.content === null);
    // Words of locked content are not searchable.
    expect((await getJson(h, '/api/stories/search?q=tripod')).total).toBe(0);
  });

  it('stories before/after: neighbours in publication order, default 2 per side', async () => {
    const all = (await getJson(h, '/api/stories/search?sortBy=oldest&limit=200')).data.map((s: Item) => s.slug);
    const middle = all[2];
    const around = await getJson(h, `/api/stories/${middle}/before-after`);
    expect(around.before.map((s: Item) => s.slug)).toEqual([all[1], all[0]]);
    expect(around.after.map((s: Item) => s.slug)).toEqual([all[3], all[4]]);
    const one = await getJson(h, `/api/stories/${all[0]}/before-after?limit=1`);
    expect(one).toMatchObject({ before: [], after: [{ slug: all[1] }] });
    expect((await h.app.inject({ url: `/api/stories/${middle}/before-after?limit=0` })).statusCode).toBe(400);
  });

  it('posts and pages by type; detail by slug with content', async () => {
    expect((await getJson(h, '/api/posts/search?type=post')).total).toBe(4);
    const pages = await getJson(h, '/api/posts/search?type=page');
    expect(pages.data.map((p: Item) => p.slug).sort()).toEqual(['about', 'terms']);
    const about = await getJson(h, '/api/posts/about');
    expect(about).toMatchObject({ type: 'page', title: 'About' });
    expect(about.content).toContain('<p>');
    expect((await h.app.inject({ url: '/api/posts/search?type=article' })).statusCode).toBe(400);
  });

  it('products by type, with stock for physical ones and never the digital file', async () => {
    const digital = await getJson(h, '/api/assets/products/search?type=digital&limit=50');
    expect(digital.total).toBe(4);
    expectEvery(digital.data, (p: { stock: number | null }) => p.stock === null);
    const physical = await getJson(h, '/api/assets/products/search?type=physical&limit=50');
    expectEvery(physical.data, (p: { stock: number }) => Number.isInteger(p.stock));
    const wallpaper = await getJson(h, '/api/assets/products/alpine-ridges-wallpaper-pack');
    expect(wallpaper).toMatchObject({ type: 'digital', price: 12, isBought: false });
    expect(wallpaper.images).toHaveLength(2);
    expect(JSON.stringify(digital)).not.toMatch(/download-\d|"file"/);
    expect((await getJson(h, '/api/assets/products/search?sortBy=price&sort=desc')).data[0].name).toBe('Fine Art Print: Skyline');
  });

  it('banners by position, in order', async () => {
    const top = await getJson(h, '/api/site-promo/search?position=top');
    expect(top.data.map((b: { title: string }) => b.title)).toEqual(['Northern Lights Over the Fjord', 'Galleries worth getting lost in']);
    expect(top.data[0].photo).toMatchObject({ width: 1920, height: 640, locked: false });
    expect((await getJson(h, '/api/site-promo/search')).total).toBe(3);
    expect((await h.app.inject({ url: '/api/site-promo/search?position=left' })).statusCode).toBe(400);
  });

  it('every item says when it was last edited (updatedAt); views and likes do not count as edits', async () => {
    const lists = ['/api/assets/videos/search', '/api/assets/galleries/search', '/api/stories/search', '/api/posts/search', '/api/assets/products/search'];
    for (const url of lists) {
      const { data } = await getJson(h, `${url}?limit=200`);
      expectEvery(
        data,
        (i: { updatedAt?: string; createdAt: string }) => typeof i.updatedAt === 'string' && Date.parse(i.updatedAt) >= Date.parse(i.createdAt),
      );
    }
    const before = await getJson(h, '/api/posts/welcome-to-tessera?countView=false');
    await getJson(h, '/api/posts/welcome-to-tessera', member);
    await h.app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: { authorization: member },
      payload: { objectType: 'post', objectId: before._id, action: 'like' },
    });
    const after = await getJson(h, '/api/posts/welcome-to-tessera?countView=false');
    expect([after.stats.views, after.stats.likes]).toEqual([before.stats.views + 1, before.stats.likes + 1]);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('search/total counts every type; the same words work in each list', async () => {
    expect(await getJson(h, '/api/search/total?q=glass')).toEqual({ totalVideos: 1, totalGalleries: 0, totalStories: 1, totalPosts: 0, totalProducts: 0 });
    const reef = await getJson(h, '/api/search/total?q=reef');
    expect(reef).toMatchObject({ totalVideos: 1, totalStories: 1, totalProducts: 1 });
    const everything = await getJson(h, '/api/search/total');
    expect(everything).toEqual({ totalVideos: 12, totalGalleries: 6, totalStories: 6, totalPosts: 6, totalProducts: 8 });
  });

  it('list queries use the indexes (explain plans)', async () => {
    // With a handful of rows the planner prefers a scan; with scans disabled it must still find an index path.
    const plans: string[] = [];
    await h.database.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      for (const q of [
        "select id from videos where search @@ to_tsquery('simple', 'glass:*')",
        "select id from videos where status = 'active' order by created_at desc limit 12",
        "select id from galleries where category_ids @> array['00000000-0000-4000-8000-000000000000']::uuid[]",
        "select id from stories where slug = 'x'",
      ]) {
        const res = await tx.execute(`explain ${q}`);
        plans.push((res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    });
    expect(plans[0]).toMatch(/videos_search_idx/);
    expect(plans[1]).toMatch(/videos_newest_idx/);
    expect(plans[2]).toMatch(/galleries_categories_idx/);
    expect(plans[3]).toMatch(/stories_slug_key/);
  });
});
