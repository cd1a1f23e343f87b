import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { banners, galleries, posts, products, stories, videos } from '../../src/server/db/schema.ts';
import { shareKey } from '../../src/server/lib/media/images.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { grant, seedCatalogue } from '../helpers/catalogue.ts';
import { detail } from '../helpers/images.ts';

describe('/share: public share pictures (og:image, JSON-LD)', () => {
  const h = useApi();
  const share = (kind: string, id: string, headers: Record<string, string> = {}) => h.app.inject({ url: `/share/${kind}/${id}.jpg`, headers });
  const stored = async (key: string) => Buffer.concat(await (await h.app.media.storage.read(key)).toArray());
  /** A priced video and a free one, with their posters as stored. */
  let locked: typeof videos.$inferSelect;
  let free: typeof videos.$inferSelect;
  beforeAll(async () => {
    await seedCatalogue(h);
    const row = async (slug: string) => (await h.database.db.select().from(videos).where(eq(videos.slug, slug)))[0]!;
    locked = await row('the-garden-of-life');
    free = await row('fractal-coastline-at-dawn');
    expect(locked.price).toBeGreaterThan(0);
    expect(free.price).toBe(0);
  });

  it('an open item: its picture as a 1200×630 JPEG at a stable, unsigned address that shared caches may keep', async () => {
    const res = await share('video', free.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    // The whole poster is there, as sharp as the original.
    expect(await detail(res.rawPayload)).toBeGreaterThan(0.6 * (await detail(await stored(free.thumbnail!.key))));
    const head = await h.app.inject({ method: 'HEAD', url: `/share/video/${free.id}.jpg` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
  });

  it('a locked item: a heavy blur, the same for everybody, and no way to its real picture through /share', async () => {
    const original = await stored(locked.thumbnail!.key);
    const anonymous = await share('video', locked.id);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(anonymous.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // None of the poster's edges survive (the open rendition keeps them, see above).
    expect(await detail(original)).toBeGreaterThan(0.1);
    expect(await detail(anonymous.rawPayload)).toBeLessThan(0.02 * (await detail(original)));

    // A buyer, an admin, or a visitor adding a signature or any other parameter gets the very same bytes.
    const buyer = await createMember(h);
    await grant(h, buyer.id, 'video', locked.slug);
    const admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    const asked = [
      await share('video', locked.id, { authorization: await login(h, buyer.username) }),
      await share('video', locked.id, { authorization: admin }),
      await h.app.inject({ url: `/share/video/${locked.id}.jpg?open=1&e=9999999999&s=x` }),
      await h.app.inject({ url: `/share/video/${locked.id.toUpperCase()}.jpg` }),
    ];
    for (const res of asked) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(anonymous.rawPayload)).toBe(true);
    }
    // Addresses that name files or other things are no way around it.
    const dir = locked.thumbnail!.key.slice(0, locked.thumbnail!.key.lastIndexOf('/'));
    for (const url of [
      `/share/video/${locked.id}.png`,
      `/share/video/${locked.id}`,
      `/share/video/${encodeURIComponent(locked.thumbnail!.key)}`,
      `/share/video/..%2F..%2Fmedia%2F${encodeURIComponent(locked.thumbnail!.key)}`,
      `/share/${encodeURIComponent(dir)}/original.jpg`,
      `/share/videos/${locked.id}.jpg`,
    ]) {
      expect((await h.app.inject({ url })).statusCode, url).toBe(404);
    }
    // The open rendition of a priced item is never made, and stored files stay behind signed links.
    expect(await h.app.media.storage.stat(shareKey(locked.thumbnail!, false))).toBeNull();
    expect((await h.app.inject({ url: `/media/${locked.thumbnail!.key}` })).statusCode).toBe(403);
    expect((await h.app.inject({ url: `/media/${shareKey(locked.thumbnail!, true)}` })).statusCode).toBe(403);
  });

  it('follows the price: a priced item made free shows its picture, priced again it is blurred again', async () => {
    const item = (await h.database.db.select().from(galleries).where(eq(galleries.slug, 'city-after-dark')))[0]!;
    const original = await detail(await stored(item.cover!.key));
    expect(original).toBeGreaterThan(0.1);
    expect(await detail((await share('gallery', item.id)).rawPayload)).toBeLessThan(0.02 * original);
    await h.database.db.update(galleries).set({ isSale: false, price: 0 }).where(eq(galleries.id, item.id));
    expect(await detail((await share('gallery', item.id)).rawPayload)).toBeGreaterThan(0.6 * original);
    await h.database.db.update(galleries).set({ isSale: true, price: item.price }).where(eq(galleries.id, item.id));
    expect(await detail((await share('gallery', item.id)).rawPayload)).toBeLessThan(0.02 * original);
  });

  it('every public kind has one: video, gallery, story, post, product and banner', async () => {
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
    const ids = {
      video: free.id,
      gallery: (await first(h.database.db.select({ id: galleries.id }).from(galleries))).id,
      story: (await first(h.database.db.select({ id: stories.id }).from(stories))).id,
      post: (await first(h.database.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, 'welcome-to-tessera')))).id,
      product: (await first(h.database.db.select({ id: products.id }).from(products))).id,
      banner: (await first(h.database.db.select({ id: banners.id }).from(banners))).id,
    };
    for (const [kind, id] of Object.entries(ids)) {
      const res = await share(kind, id);
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['content-type'], kind).toBe('image/jpeg');
    }
  });

  it('made on first request and kept: pictures stored before share pictures existed get theirs too', async () => {
    const story = (await h.database.db.select().from(stories).where(eq(stories.slug, 'on-walking-slowly')))[0]!;
    const key = shareKey(story.cover, false);
    expect(await h.app.media.storage.stat(key)).toBeNull();
    const [a, b] = await Promise.all([share('story', story.id), share('story', story.id)]);
    expect(a.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect((await stored(key)).equals(a.rawPayload)).toBe(true);
  });

  it('an unknown, withdrawn, unpublished or pictureless item is a 404 with the contract body, never a 5xx', async () => {
    const about = (await h.database.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, 'about')))[0]!;
    const later = (await h.database.db.select({ id: stories.id }).from(stories).where(eq(stories.slug, 'building-the-reef-set')))[0]!;
    await h.database.db
      .update(stories)
      .set({ publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(stories.id, later.id));
    const withdrawn = (await h.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'lens-cloth-set')))[0]!;
    await h.database.db.update(products).set({ status: 'inactive' }).where(eq(products.id, withdrawn.id));
    // A picture whose files are gone (a database restored without its media).
    const [lost] = await h.database.db
      .insert(banners)
      .values({ title: 'Lost', photo: { ...free.thumbnail!, key: 'img/gone/original.jpg' } })
      .returning({ id: banners.id });
    const cases = {
      'unknown video': `/share/video/${randomUUID()}.jpg`,
      'unknown gallery': `/share/gallery/${randomUUID()}.jpg`,
      'post without a picture': `/share/post/${about.id}.jpg`,
      'story published tomorrow': `/share/story/${later.id}.jpg`,
      'withdrawn product': `/share/product/${withdrawn.id}.jpg`,
      'banner whose file is gone': `/share/banner/${lost!.id}.jpg`,
      'not an id': '/share/video/abc.jpg',
      'unknown kind': `/share/event/${free.id}.jpg`,
    };
    // Beside a known item of the same kind, which has its picture:
    expect((await share('video', free.id)).statusCode).toBe(200);
    for (const [what, url] of Object.entries(cases)) {
      const res = await h.app.inject({ url });
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    }
  });
});
