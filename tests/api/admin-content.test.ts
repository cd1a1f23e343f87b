import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { entitlements, mediaAssets, products } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call, multipart } from '../helpers/commerce.ts';
import { makeClip } from '../helpers/clips.ts';

/** The back office's content: posts and pages, banners, stories, products, galleries and their photos, videos. */
describe('the back office: content', () => {
  const h = useApi();
  let admin = '';
  let member = '';
  const as = (token: string | null, method: string, url: string, payload?: unknown) =>
    call(h, method as 'GET', url, { token: token ?? undefined, body: payload });
  const adminCall = (method: string, url: string, payload?: unknown) => as(admin, method, url, payload);
  const pub = (url: string) => as(null, 'GET', url);
  const inFuture = () => new Date(Date.now() + 3600_000).toISOString();

  /** Uploads a file through the back office and returns the reference a form sends. */
  async function upload(purpose: 'image' | 'video' | 'download', name: string, data: Buffer, token = admin) {
    const form = await multipart(name, new Blob([new Uint8Array(data)]));
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/admin/uploads?purpose=${purpose}`,
      headers: { authorization: token, 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const picture = (w = 800, h = 500, colour = '#3366aa') =>
    sharp({ create: { width: w, height: h, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const imageRef = async () => (await upload('image', 'p.png', await picture())).body.data.ref as string;
  const category = async (group: string, name: string) => (await adminCall('POST', '/api/admin/categories', { name, group })).body.data._id as string;

  let memberId = '';
  beforeAll(async () => {
    const a = await createMember(h, { role: 'admin' });
    admin = await login(h, a.username);
    const m = await createMember(h, { tokens: 500 });
    memberId = m.id;
    member = await login(h, m.username);
  });
  const owns = async (itemId: string) =>
    (await h.database.db.$count(entitlements, and(eq(entitlements.userId, memberId), eq(entitlements.itemId, itemId)))) === 1;

  describe('posts and pages', () => {
    it('creates a published post with sanitised text, its categories and picture: the site shows it at once, share picture included', async () => {
      const news = await category('post', 'News');
      const up = await upload('image', 'photo.png', await picture());
      expect(up.status).toBe(200);
      expect(up.body.data).toMatchObject({ width: 800, height: 500, mimeType: 'image/jpeg' });
      expect(up.body.data.url).toMatch(/^\/media\/img\/.+\.webp\?e=\d+&s=/);
      const created = await adminCall('POST', '/api/admin/posts', {
        title: 'Opening night',
        type: 'post',
        shortDescription: 'We open.',
        content: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a> <strong>world</strong></p>',
        categoryIds: [news],
        tags: 'Launch, news, launch',
        image: up.body.data.ref,
        status: 'active',
      });
      expect(created.status).toBe(200);
      const post = created.body.data;
      expect(post).toMatchObject({ slug: 'opening-night', state: 'published', status: 'active', categoryIds: [news], tags: 'launch, news' });
      expect(post.content).toBe('<p>Hello <a rel="nofollow noopener">x</a> <strong>world</strong></p>');
      expect(post.image).toMatchObject({ width: 800, height: 500 });

      const seen = await pub('/api/posts/opening-night');
      expect(seen.status).toBe(200);
      expect(seen.body.data).toMatchObject({
        title: 'Opening night',
        content: post.content,
        categories: [{ _id: news, name: 'News' }],
        tags: ['launch', 'news'],
      });
      expect(seen.body.data.image.sources.length).toBeGreaterThan(0);
      const share = await h.app.inject({ url: `/share/post/${post._id}.jpg` });
      expect([share.statusCode, share.headers['content-type']]).toEqual([200, 'image/jpeg']);
      // The same name again gets an address of its own.
      const again = await adminCall('POST', '/api/admin/posts', { title: 'Opening night', type: 'page', status: 'inactive' });
      expect(again.body.data).toMatchObject({ slug: 'opening-night-2', state: 'draft' });
    });

    it('refuses bad input at its fields and saves nothing', async () => {
      const before = (await adminCall('GET', '/api/admin/posts')).body.data.total;
      const videos = await category('video', 'Not for posts');
      const bad = await adminCall('POST', '/api/admin/posts', { title: 'Bad', type: 'post', status: 'active', categoryIds: [videos], image: 'up.forged.1.x' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['categoryIds', 'image']);
      expect(bad.body.fields.categoryIds).toBe('Categories: choose from the existing post categories.');
      const shape = await adminCall('POST', '/api/admin/posts', { title: '', type: 'poem', status: 'live', publishAt: 'soon', slug: 'Not A Slug', views: 5 });
      expect(shape.status).toBe(400);
      expect(Object.keys(shape.body.fields).sort()).toEqual(['publishAt', 'slug', 'status', 'title', 'type', 'views']);
      // An image reference is only good for an image: a member cannot upload, and a download's reference is not a picture.
      expect((await upload('image', 'p.png', await picture(), member)).status).toBe(403);
      expect((await upload('image', 'notes.txt', Buffer.from('not a picture'))).body).toMatchObject({ statusCode: 400, error: 'NOT_AN_IMAGE' });
      const file = (await upload('download', 'notes.txt', Buffer.from('hello'))).body.data.ref;
      const wrongKind = await adminCall('POST', '/api/admin/posts', { title: 'W', type: 'post', status: 'inactive', image: file });
      expect(wrongKind.body.fields).toEqual({ image: 'Picture: upload the file again (this reference is unknown or has expired).' });
      const taken = await adminCall('POST', '/api/admin/posts', { title: 'T', type: 'post', status: 'inactive', slug: 'opening-night' });
      expect([taken.status, taken.body.error, Object.keys(taken.body.fields)]).toEqual([409, 'CONFLICT', ['slug']]);
      expect((await adminCall('GET', '/api/admin/posts')).body.data.total).toBe(before);
    });

    it('schedules: a published post with a time to come stays off the site until then; publishing brings it forward', async () => {
      const at = inFuture();
      const created = await adminCall('POST', '/api/admin/posts', { title: 'Coming soon', type: 'post', status: 'active', publishAt: at });
      const post = created.body.data;
      expect(post).toMatchObject({ state: 'scheduled', publishAt: at });
      expect((await pub('/api/posts/coming-soon')).status).toBe(404);
      expect((await pub('/api/posts/search?q=coming')).body.data.total).toBe(0);
      expect((await adminCall('GET', '/api/admin/posts?state=scheduled')).body.data.data.map((p: { _id: string }) => p._id)).toEqual([post._id]);

      const published = await adminCall('POST', '/api/admin/posts/bulk', { action: 'publish', ids: [post._id] });
      expect(published.body.data).toEqual({ done: [post._id], failed: [] });
      const now = (await adminCall('GET', `/api/admin/posts/${post._id}`)).body.data;
      expect(now.state).toBe('published');
      expect(Date.parse(now.publishAt)).toBeLessThanOrEqual(Date.now());
      expect((await pub('/api/posts/coming-soon')).status).toBe(200);

      await adminCall('POST', '/api/admin/posts/bulk', { action: 'unpublish', ids: [post._id] });
      expect((await pub('/api/posts/coming-soon')).status).toBe(404);
      expect((await adminCall('GET', `/api/admin/posts/${post._id}`)).body.data.state).toBe('draft');
      // Saved as published again with a time to come: scheduled again.
      const later = await adminCall('PATCH', `/api/admin/posts/${post._id}`, { status: 'active', publishAt: at });
      expect(later.body.data.state).toBe('scheduled');
      const log = (await adminCall('GET', `/api/admin/audit?resource=posts&targetId=${post._id}`)).body.data.data;
      expect(log.map((e: { action: string }) => e.action)).toEqual(['update', 'unpublish', 'publish', 'create']);
    });

    it('deletes by withdrawing: gone from the site and the back office, its address free again', async () => {
      const post = (await adminCall('POST', '/api/admin/posts', { title: 'Short lived', type: 'post', status: 'active' })).body.data;
      expect((await adminCall('DELETE', `/api/admin/posts/${post._id}`)).status).toBe(200);
      expect((await adminCall('GET', `/api/admin/posts/${post._id}`)).status).toBe(404);
      expect((await pub('/api/posts/short-lived')).status).toBe(404);
      expect((await adminCall('GET', '/api/admin/posts?q=short')).body.data.total).toBe(0);
      const again = await adminCall('POST', '/api/admin/posts', { title: 'Short lived', type: 'post', status: 'active' });
      expect(again.body.data.slug).toBe('short-lived');
    });
  });

  describe('banners', () => {
    const promos = async () => (await pub('/api/site-promo/search?position=middle')).body.data.data.map((b: { title: string }) => b.title);

    it('refuses a link that is not a site page or an http(s) address, and an end before the start; nothing is saved', async () => {
      const photo = (await upload('image', 'b.png', await picture(1500, 500))).body.data.ref;
      const bad = await adminCall('POST', '/api/admin/banners', {
        title: 'Bad',
        link: 'javascript:alert(1)',
        position: 'middle',
        photo,
        status: 'active',
        startsAt: '2030-01-02T00:00:00.000Z',
        endsAt: '2030-01-01T00:00:00.000Z',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({
        link: 'Link: give a page of this site (/videos) or an http(s) address.',
        endsAt: 'Shown until: choose a time after the start.',
      });
      for (const link of ['//evil.example/x', 'data:text/html,x', 'ftp://x.example']) {
        expect((await adminCall('POST', '/api/admin/banners', { title: 'B', link, position: 'middle', photo, status: 'active' })).body.fields).toHaveProperty(
          'link',
        );
      }
      const noPicture = await adminCall('POST', '/api/admin/banners', { title: 'B', position: 'middle', status: 'active' });
      expect(Object.keys(noPicture.body.fields)).toEqual(['photo']);
      expect((await adminCall('GET', '/api/admin/banners')).body.data.total).toBe(0);
    });

    it('shows a banner at its position between its dates: later, now, ended, hidden', async () => {
      const photo = (await upload('image', 'b.png', await picture(1500, 500))).body.data.ref;
      const created = await adminCall('POST', '/api/admin/banners', {
        title: 'Winter sale',
        link: '/store',
        position: 'middle',
        photo,
        status: 'active',
        startsAt: inFuture(),
      });
      expect(created.status).toBe(200);
      const banner = created.body.data;
      expect(banner).toMatchObject({ state: 'scheduled', link: '/store', photo: { width: 1500, height: 500 } });
      expect(await promos()).toEqual([]);
      await adminCall('POST', '/api/admin/banners/bulk', { action: 'publish', ids: [banner._id] });
      expect(await promos()).toEqual(['Winter sale']);
      expect((await pub('/api/site-promo/search?position=top')).body.data.total).toBe(0);
      const ended = await adminCall('PATCH', `/api/admin/banners/${banner._id}`, { endsAt: new Date(Date.now() - 1000).toISOString() });
      expect(ended.body.data.state).toBe('ended');
      expect(await promos()).toEqual([]);
      await adminCall('PATCH', `/api/admin/banners/${banner._id}`, { endsAt: null, link: 'https://shop.example/sale' });
      expect(await promos()).toEqual(['Winter sale']);
      await adminCall('POST', '/api/admin/banners/bulk', { action: 'unpublish', ids: [banner._id] });
      expect(await promos()).toEqual([]);
      expect((await adminCall('GET', '/api/admin/banners?state=draft')).body.data.total).toBe(1);
      expect((await adminCall('DELETE', `/api/admin/banners/${banner._id}`)).status).toBe(200);
      expect((await adminCall('GET', '/api/admin/banners')).body.data.total).toBe(0);
    });
  });

  describe('stories', () => {
    it('a priced story is locked until bought; deleting it keeps what its buyer bought on record', async () => {
      const cover = (await upload('image', 'c.png', await picture())).body.data.ref;
      const free = await adminCall('POST', '/api/admin/stories', { title: 'For sale at nothing', cover, isSale: true, price: 0, status: 'active' });
      expect(free.body.fields).toEqual({ price: 'Price (tokens): give a price of 1 or more for an item for sale.' });
      const created = await adminCall('POST', '/api/admin/stories', {
        title: 'The lamplighter',
        shortDescription: 'Every evening.',
        content: '<p>He climbs <img src=x onerror=alert(1)>the ladder.</p>',
        cover,
        isSale: true,
        price: 7,
        status: 'active',
      });
      const story = created.body.data;
      expect(story).toMatchObject({ state: 'published', content: '<p>He climbs the ladder.</p>', price: 7, cover: { width: 800 } });
      const locked = (await as(member, 'GET', '/api/stories/the-lamplighter/view')).body.data;
      expect([locked.isLocked, locked.content]).toEqual([true, null]);
      expect((await as(member, 'POST', `/api/token-transactions/stories/${story._id}`, {})).status).toBe(200);
      expect((await as(member, 'GET', '/api/stories/the-lamplighter/view')).body.data.content).toBe('<p>He climbs the ladder.</p>');

      expect((await adminCall('DELETE', `/api/admin/stories/${story._id}`)).status).toBe(200);
      expect((await pub('/api/stories/the-lamplighter/view')).status).toBe(404);
      expect(await owns(story._id)).toBe(true);
      const spends = (await as(member, 'GET', '/api/token-transactions/user/search?type=story')).body.data.data;
      expect(spends.map((t: { targetId: string; totalPrice: number }) => [t.targetId, t.totalPrice])).toEqual([[story._id, 7]]);
    });
  });

  describe('products', () => {
    it('refuses a physical product without stock, and publishing without pictures or (digital) a file; nothing is saved', async () => {
      const noStock = await adminCall('POST', '/api/admin/products', { name: 'Mug', type: 'physical', price: 10, status: 'inactive' });
      expect(noStock.body.fields).toEqual({ stock: 'Stock: give the units you have (0 or more).' });
      const bare = await adminCall('POST', '/api/admin/products', { name: 'Preset', type: 'digital', price: 10, status: 'active' });
      expect(Object.keys(bare.body.fields).sort()).toEqual(['file', 'images']);
      const zero = await adminCall('POST', '/api/admin/products', { name: 'Gift', type: 'digital', price: 0, status: 'inactive' });
      expect(Object.keys(zero.body.fields)).toEqual(['price']);
      expect((await adminCall('GET', '/api/admin/products')).body.data.total).toBe(0);
    });

    it('a digital product: its file is never shown; buyers keep their order and downloads after it is deleted', async () => {
      const images = [await upload('image', 'a.png', await picture(600, 600, '#aa3300')), await upload('image', 'b.png', await picture(600, 600, '#0033aa'))];
      const file = await upload('download', 'Night Preset (v2).TXT', Buffer.from('exposure=+0.3\n'));
      expect(file.body.data).toMatchObject({ name: 'Night Preset (v2).TXT', size: 14, url: null });
      const presets = await category('product', 'Presets');
      const created = await adminCall('POST', '/api/admin/products', {
        name: 'Night preset',
        type: 'digital',
        price: 12,
        description: 'For blue hours.',
        images: images.map((i) => i.body.data.ref),
        file: file.body.data.ref,
        categoryIds: [presets],
        status: 'active',
      });
      expect(created.status).toBe(200);
      const product = created.body.data;
      expect(product).toMatchObject({ stock: null, state: 'published', file: { ref: 'current', url: null, name: 'Night Preset (v2).TXT' } });
      const [{ file: stored }] = await h.database.db.select({ file: products.file }).from(products).where(eq(products.id, product._id));
      expect(stored!.key).toMatch(/^downloads\/[0-9a-f-]{36}\/night-preset-v2\.txt$/);
      for (const res of [
        await adminCall('GET', `/api/admin/products/${product._id}`),
        await pub('/api/assets/products/night-preset'),
        await pub('/api/assets/products/search'),
      ])
        expect(JSON.stringify(res.body)).not.toContain(stored!.key.split('/')[1]);
      // The pictures in their order; swapped, the public product follows.
      const swapped = await adminCall('PATCH', `/api/admin/products/${product._id}`, { images: [product.images[1].ref, product.images[0].ref] });
      expect(swapped.body.data.images.map((i: { ref: string }) => i.ref)).toEqual([product.images[1].ref, product.images[0].ref]);

      const bought = await as(member, 'POST', '/api/token-transactions/products', { products: [{ _id: product._id, quantity: 1 }] });
      expect(bought.status).toBe(200);
      // What was bought keeps its kind and its file.
      const change = await adminCall('PATCH', `/api/admin/products/${product._id}`, { type: 'physical', stock: 3, file: null });
      expect(Object.keys(change.body.fields).sort()).toEqual(['file', 'type']);

      expect((await adminCall('DELETE', `/api/admin/products/${product._id}`)).status).toBe(200);
      expect((await pub('/api/assets/products/night-preset')).status).toBe(404);
      expect(await owns(product._id)).toBe(true);
      const orders = (await as(member, 'GET', '/api/orders/users/search')).body.data.data;
      expect(orders.map((o: { productId: string; deliveryStatus: string }) => [o.productId, o.deliveryStatus])).toEqual([[product._id, 'delivered']]);
      const link = await as(member, 'GET', `/api/assets/products/${product._id}/download-link`);
      expect(link.status).toBe(200);
      const download = await h.app.inject({ url: link.body.data.downloadLink });
      expect([download.statusCode, download.body]).toEqual([200, 'exposure=+0.3\n']);
    });

    it('a physical product counts its stock; scheduled, it stays out of the store until its time', async () => {
      const image = (await upload('image', 'm.png', await picture(600, 600))).body.data.ref;
      const created = await adminCall('POST', '/api/admin/products', {
        name: 'Harbour mug',
        type: 'physical',
        price: 20,
        stock: 4,
        images: [image],
        status: 'active',
        publishAt: inFuture(),
      });
      expect(created.body.data).toMatchObject({ stock: 4, state: 'scheduled' });
      expect((await pub('/api/assets/products/harbour-mug')).status).toBe(404);
      expect((await pub('/api/assets/products/search?q=harbour')).body.data.total).toBe(0);
      const buy = await as(member, 'POST', '/api/token-transactions/products', {
        products: [{ _id: created.body.data._id, quantity: 1 }],
        recipientName: 'Jo Quay',
        deliveryAddress: '1 Quay Street',
        postalCode: 'H1 1AA',
        country: 'GB',
        phoneNumber: '+441234567890',
      });
      expect(buy.status).toBe(404);
      await adminCall('PATCH', `/api/admin/products/${created.body.data._id}`, { publishAt: null });
      expect((await pub('/api/assets/products/harbour-mug')).body.data).toMatchObject({ stock: 4, price: 20 });
    });
  });

  describe('galleries and their photos', () => {
    /** Adds a photo to a gallery as the browser does: one upload each. */
    async function addPhoto(galleryId: string, colour: string) {
      const form = await multipart(`${colour}.png`, new Blob([new Uint8Array(await picture(640, 480, colour))]));
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/admin/galleries/${galleryId}/photos`,
        headers: { authorization: admin, 'content-type': form.contentType },
        payload: form.payload,
      });
      return { status: res.statusCode, body: res.json() };
    }
    const publicPhotos = async (slug: string) =>
      (await pub(`/api/assets/galleries/${slug}/photos`)).body.data.data.map((p: { _id: string }) => p._id) as string[];

    it('a gallery goes public with its photos: added many, ordered, a cover chosen, one removed (its files too)', async () => {
      const gallery = (await adminCall('POST', '/api/admin/galleries', { title: 'Quayside', status: 'inactive' })).body.data;
      expect(gallery).toMatchObject({ state: 'draft', cover: null, numOfItems: 0 });
      const early = await adminCall('PATCH', `/api/admin/galleries/${gallery._id}`, { status: 'active' });
      expect(early.body.fields).toEqual({ status: 'Status: add at least one photo before publishing the gallery.' });
      expect((await adminCall('POST', '/api/admin/galleries/bulk', { action: 'publish', ids: [gallery._id] })).body.data.failed).toHaveLength(1);

      const added = [];
      for (const colour of ['#aa0000', '#00aa00', '#0000aa']) added.push((await addPhoto(gallery._id, colour)).body.data);
      expect(added.map((p) => [p.title, p.isCover, p.ordering])).toEqual([
        ['Quayside 1', true, 0],
        ['Quayside 2', false, 1],
        ['Quayside 3', false, 2],
      ]);
      const notImage = await multipart('x.png', new Blob(['not an image']));
      const refused = await h.app.inject({
        method: 'POST',
        url: `/api/admin/galleries/${gallery._id}/photos`,
        headers: { authorization: admin, 'content-type': notImage.contentType },
        payload: notImage.payload,
      });
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'NOT_AN_IMAGE']);

      const [a, b, c] = added.map((p) => p._id as string);
      const reordered = await adminCall('PUT', `/api/admin/galleries/${gallery._id}/photos/order`, { ids: [c, a, b] });
      expect(reordered.body.data.data.map((p: { _id: string }) => p._id)).toEqual([c, a, b]);
      expect((await adminCall('PUT', `/api/admin/galleries/${gallery._id}/photos/order`, { ids: [c, a] })).body.fields).toEqual({
        ids: "Order: list each of the gallery's photos once.",
      });
      const covered = await adminCall('POST', `/api/admin/galleries/${gallery._id}/photos/${b}/cover`);
      expect(covered.body.data.data.filter((p: { isCover: boolean }) => p.isCover).map((p: { _id: string }) => p._id)).toEqual([b]);
      const coverRef = added[1].photo.ref;

      await adminCall('PATCH', `/api/admin/galleries/${gallery._id}`, { status: 'active' });
      const seen = (await pub('/api/assets/galleries/quayside/view')).body.data;
      expect(seen).toMatchObject({ numOfItems: 3 });
      expect(seen.coverPhoto.url.startsWith(`/media/${coverRef}?`)).toBe(true);
      expect(await publicPhotos('quayside')).toEqual([c, a, b]);

      // Removing the cover: the first photo is the cover now; the removed one's picture stays in the media library.
      const removed = await adminCall('DELETE', `/api/admin/galleries/${gallery._id}/photos/${b}`);
      expect(removed.body.data.data.map((p: { _id: string; isCover: boolean }) => [p._id, p.isCover])).toEqual([
        [c, true],
        [a, false],
      ]);
      expect(await h.app.media.storage.stat(coverRef)).not.toBeNull();
      expect(await h.database.db.$count(mediaAssets, eq(mediaAssets.key, coverRef))).toBe(1);
      expect((await pub('/api/assets/galleries/quayside/view')).body.data.numOfItems).toBe(2);
      await adminCall('DELETE', `/api/admin/galleries/${gallery._id}/photos/${a}`);
      const last = await adminCall('DELETE', `/api/admin/galleries/${gallery._id}/photos/${c}`);
      expect([last.status, last.body.error]).toEqual([422, 'UNPROCESSABLE']);
      const log = (await adminCall('GET', `/api/admin/audit?resource=galleries&targetId=${gallery._id}`)).body.data.data;
      expect(log.map((e: { action: string }) => e.action).slice(0, 4)).toEqual(['photo-delete', 'photo-delete', 'update', 'photo-cover']);
    });

    it('a scheduled gallery and its photos stay off the site until its time', async () => {
      const gallery = (await adminCall('POST', '/api/admin/galleries', { title: 'Night ferry', status: 'inactive', isSale: false })).body.data;
      await addPhoto(gallery._id, '#333333');
      const scheduled = await adminCall('PATCH', `/api/admin/galleries/${gallery._id}`, { status: 'active', publishAt: inFuture() });
      expect(scheduled.body.data.state).toBe('scheduled');
      expect((await pub('/api/assets/galleries/night-ferry/view')).status).toBe(404);
      expect((await pub(`/api/assets/photos?target=gallery&targetId=${gallery._id}`)).body.data.total).toBe(0);
      expect((await pub(`/share/gallery/${gallery._id}.jpg`)).status).toBe(404);
      await adminCall('POST', '/api/admin/galleries/bulk', { action: 'publish', ids: [gallery._id] });
      expect((await pub(`/api/assets/photos?target=gallery&targetId=${gallery._id}`)).body.data.total).toBe(1);
    });
  });

  describe('videos', () => {
    /** The pipeline's verdict on a saved video, once it has one (its job runs beside the test). */
    const streamsMade = async (id: string): Promise<string> => {
      for (;;) {
        const { mediaState } = (await adminCall('GET', `/api/admin/videos/${id}`)).body.data;
        if (mediaState !== 'processing') return mediaState;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const clip = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/server/db/demo/media/clip-gradients.webm'));
    /** The smallest MP4 header the check reads: `ftyp` (brand isom) and `moov` → `mvhd` (timescale 1000, 5000 units). */
    const mp4 = () => {
      const box = (type: string, body: Buffer) => {
        const head = Buffer.alloc(8);
        head.writeUInt32BE(8 + body.length, 0);
        head.write(type, 4, 'latin1');
        return Buffer.concat([head, body]);
      };
      const mvhd = Buffer.alloc(100);
      mvhd.writeUInt32BE(1000, 12);
      mvhd.writeUInt32BE(5000, 16);
      return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')), box('moov', box('mvhd', mvhd)), Buffer.alloc(64)]);
    };

    it('takes MP4 and WebM judged by their bytes, nothing else', async () => {
      const webm = await upload('video', 'clip.bin', clip);
      expect(webm.body.data).toMatchObject({ name: 'clip.bin', mimeType: 'video/webm', size: clip.length });
      expect(webm.body.data.url).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\/video\.webm\?/);
      expect((await upload('video', 'movie.mp4', mp4())).body.data).toMatchObject({ mimeType: 'video/mp4' });
      const avif = Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypavif', 'latin1'), Buffer.alloc(40)]);
      const matroska = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska', 'latin1'), Buffer.alloc(40)]);
      for (const [name, data] of [
        ['fake.mp4', await picture()],
        ['still.mp4', avif],
        ['film.webm', matroska],
      ] as const) {
        expect((await upload('video', name, data)).body, name).toMatchObject({
          statusCode: 400,
          error: 'NOT_A_VIDEO',
          message: 'Only MP4 and WebM videos can be uploaded.',
        });
      }
    });

    it('a priced video streams with Range to those who may watch it; scheduled, it waits; deleted, its buyer keeps the record', async () => {
      const file = (await upload('video', 'dusk.webm', clip)).body.data.ref;
      const poster = await imageRef();
      const swapped = await adminCall('POST', '/api/admin/videos', { title: 'Swapped', video: poster, thumbnail: file, status: 'inactive' });
      expect(Object.keys(swapped.body.fields).sort()).toEqual(['thumbnail', 'video']);
      const created = await adminCall('POST', '/api/admin/videos', {
        title: 'Dusk on the quay',
        description: 'Four seconds of colour.',
        video: file,
        thumbnail: poster,
        isSale: true,
        price: 9,
        status: 'active',
        publishAt: inFuture(),
      });
      const video = created.body.data;
      expect(video).toMatchObject({ state: 'scheduled', video: { ref: 'current', mimeType: 'video/webm' }, thumbnail: { width: 800 } });
      expect((await pub('/api/assets/videos/dusk-on-the-quay')).status).toBe(404);
      expect((await pub('/api/assets/videos/search?q=dusk')).body.data.total).toBe(0);
      expect((await as(member, 'POST', `/api/token-transactions/video/${video._id}`, {})).status).toBe(404);

      expect(await streamsMade(video._id)).toBe('ready');
      await adminCall('POST', '/api/admin/videos/bulk', { action: 'publish', ids: [video._id] });
      const open = (await pub('/api/assets/videos/dusk-on-the-quay')).body.data;
      expect(open).toMatchObject({ isSchedule: false, isLocked: true, video: { url: null, duration: 4, mimeType: 'video/webm' } });
      expect((await as(member, 'POST', `/api/token-transactions/video/${video._id}`, {})).status).toBe(200);
      const watched = (await as(member, 'GET', '/api/assets/videos/dusk-on-the-quay')).body.data;
      const range = await h.app.inject({ url: watched.video.url, headers: { range: 'bytes=100-199' } });
      expect([range.statusCode, range.headers['content-range'], range.headers['content-type'], range.rawPayload.equals(clip.subarray(100, 200))]).toEqual([
        206,
        `bytes 100-199/${clip.length}`,
        'video/webm',
        true,
      ]);

      expect((await adminCall('DELETE', `/api/admin/videos/${video._id}`)).status).toBe(200);
      expect((await as(member, 'GET', '/api/assets/videos/dusk-on-the-quay')).status).toBe(404);
      expect(await owns(video._id)).toBe(true);
    });

    it('a video says how long it is, as the media pipeline measured it', async () => {
      const created = await adminCall('POST', '/api/admin/videos', {
        title: 'Three seconds',
        video: (await upload('video', 'three.mp4', fs.readFileSync(await makeClip({ seconds: 3, width: 320, height: 180 })))).body.data.ref,
        thumbnail: await imageRef(),
        status: 'active',
      });
      expect(await streamsMade(created.body.data._id)).toBe('ready');
      const { video } = (await pub(`/api/assets/videos/${created.body.data.slug}`)).body.data;
      expect(video).toMatchObject({ width: 320, height: 180, mimeType: 'video/mp4' });
      expect(Math.abs(video.duration - 3)).toBeLessThanOrEqual(0.1);
    });
  });
});
