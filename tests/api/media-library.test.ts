import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mediaAssets, stories, videos } from '../../src/server/db/schema.ts';
import { adoptItemMedia } from '../../src/server/modules/media-library/adopt.ts';
import type { StoredImage } from '../../src/server/lib/media/media-types.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call, multipart } from '../helpers/commerce.ts';

/** Back office → Media: every upload kept once, found by name and kind, where each is used, deleted only when unused. */
describe('the media library', () => {
  const h = useApi();
  let admin = '';
  let member = '';
  const adminCall = (method: string, url: string, body?: unknown) => call(h, method as 'GET', url, { token: admin, body });
  const picture = (colour: string) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer();
  async function upload(purpose: 'image' | 'download', name: string, data: Buffer) {
    const form = await multipart(name, new Blob([new Uint8Array(data)]));
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/admin/uploads?purpose=${purpose}`,
      headers: { authorization: admin, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { ref: string; url: string };
  }
  type Asset = { _id: string; name: string; kind: string; url: string | null; size: number; uploadedBy: string | null };
  const list = async (query = '') =>
    (await adminCall('GET', `/api/admin/media${query}`)).body.data as { data: Asset[]; total: number; nextCursor: string | null };
  const byName = async (name: string) => (await list(`?q=${encodeURIComponent(name)}`)).data.find((a) => a.name === name)!;
  const storage = () => h.app.media.storage;

  let adminName = '';
  beforeAll(async () => {
    const a = await createMember(h, { role: 'admin' });
    adminName = a.username;
    admin = await login(h, a.username);
    member = await login(h, (await createMember(h)).username);
  });

  it('keeps every upload, once: a picture with its preview, a file by its name, who sent it; newest first, by name and by kind', async () => {
    await upload('image', 'harbour-at-dawn.png', await picture('#336699'));
    await upload('image', 'lighthouse.png', await picture('#996633'));
    await upload('download', 'price-list.pdf', Buffer.from('%PDF-1.4 a price list'));
    const all = await list();
    expect(all.data.map((a) => a.name)).toEqual(['price-list.pdf', 'lighthouse.png', 'harbour-at-dawn.png']);
    expect(all.data[1]).toMatchObject({ kind: 'image', uploadedBy: adminName, width: 640, height: 400, mimeType: 'image/jpeg' });
    expect(all.data[1]!.url).toMatch(/^\/media\/img\/.+\.webp\?e=\d+&s=/);
    expect(all.data[0]).toMatchObject({ kind: 'file', url: null, size: 21 });
    expect((await list('?q=HOUSE')).data.map((a) => a.name)).toEqual(['lighthouse.png']);
    expect((await list('?kind=file')).data.map((a) => a.name)).toEqual(['price-list.pdf']);
    // Pages follow each other by cursor, each file once.
    const first = await list('?limit=2');
    expect(first.data.map((a) => a.name)).toEqual(['price-list.pdf', 'lighthouse.png']);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect([second.data.map((a) => a.name), second.nextCursor]).toEqual([['harbour-at-dawn.png'], null]);
  });

  it('adopts the pictures items already had, once, named after their items', async () => {
    const image =
      (await upload('image', 'loose.png', await picture('#123456'))) &&
      (await h.database.db.select().from(mediaAssets).where(eq(mediaAssets.name, 'loose.png')))[0]!;
    // An item from before the library: its picture is not in it.
    await h.database.db.delete(mediaAssets).where(eq(mediaAssets.id, image.id));
    await h.database.db.insert(stories).values({ title: 'Old tale', slug: 'old-tale', cover: image.stored as StoredImage, status: 'inactive' });
    expect((await list('?q=Old%20tale')).data).toEqual([]);
    await adoptItemMedia(h.database.db);
    await adoptItemMedia(h.database.db);
    const adopted = (await list('?q=Old%20tale')).data;
    expect(adopted.map((a) => [a.name, a.kind, a.uploadedBy])).toEqual([['Old tale', 'image', null]]);
    const one = (await adminCall('GET', `/api/admin/media/${adopted[0]!._id}`)).body.data;
    expect(one.uses).toEqual([
      { resource: 'stories', _id: expect.any(String), title: 'Old tale', field: 'cover', deleted: false, href: expect.stringMatching(/^\/admin\/stories\//) },
    ]);
  });

  it('a picked picture is used by a story and a video poster: it says where, and cannot be deleted while used (409, nothing removed)', async () => {
    const asset = await byName('harbour-at-dawn.png');
    const picked = await adminCall('POST', `/api/admin/media/${asset._id}/pick`);
    expect(picked.status).toBe(200);
    expect(picked.body.data.ref).toMatch(/^up\./);
    const story = await adminCall('POST', '/api/admin/stories', {
      title: 'Harbour story',
      shortDescription: 'By the sea.',
      cover: picked.body.data.ref,
      status: 'inactive',
    });
    expect(story.status).toBe(200);
    const [video] = await h.database.db
      .insert(videos)
      .values({
        title: 'Quay clip',
        slug: 'quay-clip',
        video: { key: 'videos/quay/video.mp4', name: 'quay.mp4', mimeType: 'video/mp4', size: 10 },
        status: 'inactive',
      })
      .returning();
    const poster = await adminCall('PATCH', `/api/admin/videos/${video!.id}`, {
      thumbnail: (await adminCall('POST', `/api/admin/media/${asset._id}/pick`)).body.data.ref,
    });
    expect(poster.status).toBe(200);
    const stored = (await h.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, asset._id)))[0]!;
    expect((await h.database.db.select().from(videos).where(eq(videos.id, video!.id)))[0]!.thumbnail?.key).toBe(stored.key);

    const one = (await adminCall('GET', `/api/admin/media/${asset._id}`)).body.data;
    expect(one.uses.map((u: { resource: string; title: string; field: string }) => [u.resource, u.title, u.field]).sort()).toEqual([
      ['stories', 'Harbour story', 'cover'],
      ['videos', 'Quay clip', 'thumbnail'],
    ]);
    const refused = await adminCall('DELETE', `/api/admin/media/${asset._id}`);
    expect([refused.status, refused.body.error]).toEqual([409, 'MEDIA_IN_USE']);
    expect(refused.body.message).toContain('“Harbour story”');
    expect(Boolean(await storage().stat(stored.key))).toBe(true);
    expect((await adminCall('GET', `/api/admin/media/${asset._id}`)).status).toBe(200);
  });

  it('a library picture goes into a rich text as a copy at a stable public address; a file that is not a picture is refused', async () => {
    await upload('image', 'text-source.png', await picture('#228844'));
    await upload('download', 'not-a-picture.pdf', Buffer.from('%PDF-1.4 words'));
    const copied = await adminCall('POST', `/api/admin/media/${(await byName('text-source.png'))._id}/text-image`);
    expect(copied.status).toBe(200);
    expect(copied.body.data).toMatchObject({ width: 640, height: 400, mimeType: 'image/webp' });
    expect(copied.body.data.url).toMatch(/^\/media\/public\/text\/.+\.webp$/);
    const served = await h.app.inject({ url: copied.body.data.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const refused = await adminCall('POST', `/api/admin/media/${(await byName('not-a-picture.pdf'))._id}/text-image`);
    expect([refused.status, refused.body.error]).toEqual([400, 'NOT_AN_IMAGE']);
    expect((await call(h, 'POST', `/api/admin/media/${(await byName('text-source.png'))._id}/text-image`, { token: member })).status).toBe(403);
  });

  it('deletes an unused file: its row and its files in storage, in the audit log', async () => {
    const asset = await byName('lighthouse.png');
    const stored = (await h.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, asset._id)))[0]!;
    const image = stored.stored as StoredImage;
    const keys = [image.key, image.previewKey, ...image.variants.map((v) => v.key)];
    for (const key of keys) expect(Boolean(await storage().stat(key))).toBe(true);
    const gone = await adminCall('DELETE', `/api/admin/media/${asset._id}`);
    expect([gone.status, gone.body.data]).toEqual([200, { _id: asset._id }]);
    for (const key of keys) expect(Boolean(await storage().stat(key))).toBe(false);
    expect((await adminCall('GET', `/api/admin/media/${asset._id}`)).status).toBe(404);
    expect((await list('?q=lighthouse')).data).toEqual([]);
    const [entry] = await h.database.db.select().from(auditLog).where(eq(auditLog.targetId, asset._id));
    expect(entry).toMatchObject({ resource: 'media', action: 'delete', after: null });
  });

  it('finds uses and pages from indexes (explain plans)', async () => {
    // With a handful of rows the planner prefers a scan; with scans disabled it must still find an index path.
    const plans: Record<string, string> = {};
    const k = "'img/x/original.jpg'";
    await h.database.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      for (const [index, q] of Object.entries({
        videos_thumbnail_key_idx: `select id from videos where thumbnail->>'key' = ${k}`,
        videos_video_key_idx: `select id from videos where video->>'key' = ${k}`,
        galleries_cover_key_idx: `select id from galleries where cover->>'key' = ${k}`,
        photos_image_key_idx: `select id from photos where image->>'key' = ${k}`,
        stories_cover_key_idx: `select id from stories where cover->>'key' = ${k}`,
        posts_image_key_idx: `select id from posts where image->>'key' = ${k}`,
        products_images_keys_idx: `select id from products where images @> '[{"key": "img/x/original.jpg"}]'::jsonb`,
        products_file_key_idx: `select id from products where file->>'key' = ${k}`,
        banners_photo_key_idx: `select id from banners where photo->>'key' = ${k}`,
        media_assets_newest_idx: 'select id from media_assets order by created_at desc, id desc limit 24',
        media_assets_kind_idx: "select id from media_assets where kind = 'file' order by created_at desc, id desc limit 24",
        media_assets_name_trgm_idx: "select id from media_assets where name ilike '%harbour%'",
      })) {
        const res = await tx.execute(`explain ${q}`);
        plans[index] = (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      }
    });
    expect(Object.entries(plans).filter(([index, plan]) => !plan.includes(index))).toEqual([]);
  });

  it('refuses bad ids, cursors and filters (400/404) and changes nothing; admins only', async () => {
    const total = (await list()).total;
    expect((await adminCall('GET', '/api/admin/media/not-a-uuid')).status).toBe(400);
    expect((await adminCall('DELETE', '/api/admin/media/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await adminCall('POST', '/api/admin/media/00000000-0000-4000-8000-000000000000/pick')).status).toBe(404);
    const badCursor = await adminCall('GET', '/api/admin/media?cursor=bm9wZQ');
    expect([badCursor.status, Object.keys(badCursor.body.fields)]).toEqual([400, ['cursor']]);
    expect((await adminCall('GET', '/api/admin/media?kind=sound')).status).toBe(400);
    expect((await adminCall('GET', '/api/admin/media?limit=1000')).status).toBe(400);
    expect((await list()).total).toBe(total);
    expect((await call(h, 'GET', '/api/admin/media')).status).toBe(401);
    expect((await call(h, 'GET', '/api/admin/media', { token: member })).status).toBe(403);
    expect((await call(h, 'DELETE', `/api/admin/media/00000000-0000-4000-8000-000000000000`, { token: member })).status).toBe(403);
  });
});
