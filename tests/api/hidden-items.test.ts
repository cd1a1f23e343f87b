import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/server/db/schema.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf } from '../helpers/commerce.ts';
import { makeHls } from '../helpers/hls.ts';

const VIDEO = 'the-garden-of-life';
const GALLERY = 'city-after-dark';

/**
 * An item moderation hid after a member bought it: its buyer keeps it, and every other member is a visitor to it on
 * every surface (catalogue/access.ts `notHiddenFrom`: this viewer's entitlement, not anybody's). The site's pages read
 * the item through the same API calls (`api.video` → GET /api/assets/videos/:id, a 404 → the 404 page).
 */
describe('an item hidden by moderation after a member bought it', () => {
  const h = useApi();
  let admin = '';
  let videoId = '';
  let galleryId = '';
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    videoId = await idOf(h, 'video', VIDEO);
    galleryId = await idOf(h, 'gallery', GALLERY);
    const { hls, teaser } = await makeHls((key, file, type) => h.app.media.storage.putFile(key, file, type), `videos/${videoId}/run1`);
    await h.database.db.update(videos).set({ hls, teaser }).where(eq(videos.id, videoId));
  }, 60_000);

  const member = async (tokens = 0) => login(h, (await createMember(h, { tokens })).username);
  /** Status and body of a GET, as this member (null: a visitor) gets it. */
  const seen = async (token: string | null, url: string) => {
    const res = await call(h, 'GET', url, { token: token ?? undefined });
    return { status: res.status, body: res.body };
  };
  const ids = async (token: string | null, url: string) => {
    const res = await seen(token, url);
    expect(res.status, url).toBe(200);
    return (res.body.data.data as { _id: string }[]).map((item) => item._id);
  };
  /** A share picture's status and bytes (an image, not JSON). */
  const share = async (token: string | null, url: string) => {
    const res = await h.app.inject({ url, headers: token ? { authorization: token } : {} });
    return { status: res.statusCode, body: res.body };
  };
  /** A member reports the item and an operator hides it from the report queue. */
  const hide = async (targetType: 'video' | 'gallery', targetId: string) => {
    const reporter = await member();
    const report = await call(h, 'POST', '/api/violation-reports', {
      token: reporter,
      body: { type: 'copyright', targetType, targetId, description: 'Not theirs.' },
    });
    expect(report.status).toBe(200);
    const hidden = await call(h, 'POST', `/api/admin/reports/${report.body.data._id}/hide-item`, { token: admin, body: {} });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ targetHidden: true, hiddenBy: 'operator' });
  };
  const favourite = async (token: string, objectType: 'video' | 'gallery', objectId: string) =>
    expect((await call(h, 'POST', '/api/reactions', { token, body: { objectType, objectId, action: 'favourite' } })).status).toBe(200);

  it('a hidden video: its buyer still watches it; another member gets what a visitor gets from its page, lists, search, stream and share picture', async () => {
    const buyer = await member(500);
    const other = await member(500);
    expect((await call(h, 'POST', `/api/token-transactions/video/${VIDEO}`, { token: buyer })).status).toBe(200);
    await favourite(other, 'video', videoId);
    const item = `/api/assets/videos/${VIDEO}?countView=false`;
    const list = '/api/assets/videos/search?limit=200';
    const search = '/api/assets/videos/search?q=garden';
    const favourites = '/api/reactions/videos?action=favourite';
    const shareUrl = `/share/video/${videoId}.jpg`;
    // Before it is hidden, the other member comes across it everywhere.
    expect((await seen(other, item)).status).toBe(200);
    expect(await ids(other, list)).toContain(videoId);
    expect(await ids(other, search)).toContain(videoId);
    expect(await ids(other, favourites)).toEqual([videoId]);
    expect((await share(other, shareUrl)).status).toBe(200);

    await hide('video', videoId);

    // The buyer keeps what they paid for: the video, its stream (which plays), their purchases, their search.
    const bought = await seen(buyer, item);
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ isBought: true, isLocked: false });
    expect(bought.body.data.stream.url).toMatch(new RegExp(`^/media/hls/${videoId}/master\\.m3u8\\?`));
    expect((await h.app.inject({ url: bought.body.data.stream.url })).statusCode).toBe(200);
    expect((await seen(buyer, `/api/assets/videos/${videoId}/stream`)).status).toBe(200);
    expect(await ids(buyer, '/api/assets/my-purchase?type=video')).toEqual([videoId]);
    expect(await ids(buyer, search)).toEqual([videoId]);

    // A visitor finds nothing; another member exactly the same, whatever they did before.
    for (const url of [
      item,
      `/api/assets/videos/${videoId}?countView=false`,
      `/api/assets/videos/${videoId}/stream`,
      `/api/assets/videos/${videoId}/stream?native=true`,
    ]) {
      const visitor = await seen(null, url);
      expect(visitor.status, url).toBe(404);
      expect(await seen(other, url), url).toEqual(visitor);
    }
    const visitorShare = await share(null, shareUrl);
    expect(visitorShare.status).toBe(404);
    expect(await share(other, shareUrl)).toEqual(visitorShare);
    for (const url of [list, search]) {
      expect(await ids(null, url), url).not.toContain(videoId);
      expect(await ids(other, url), url).toEqual(await ids(null, url));
    }
    expect(await ids(other, favourites)).toEqual([]);
    const visitorTotal = await seen(null, '/api/search/total?q=garden');
    expect(visitorTotal.body.data.totalVideos).toBe(0);
    expect(await seen(other, '/api/search/total?q=garden')).toEqual(visitorTotal);
  });

  it('a hidden gallery: its buyer still has its full photos; another member gets what a visitor gets from the gallery, its photos, lists, search and share picture', async () => {
    const buyer = await member(500);
    const other = await member(500);
    expect((await call(h, 'POST', `/api/token-transactions/gallery/${GALLERY}`, { token: buyer })).status).toBe(200);
    await favourite(other, 'gallery', galleryId);
    const item = `/api/assets/galleries/${GALLERY}/view?countView=false`;
    const photos = `/api/assets/galleries/${GALLERY}/photos?limit=50`;
    const allPhotos = `/api/assets/photos?target=gallery&targetId=${galleryId}&limit=50`;
    const list = '/api/assets/galleries/search?limit=200';
    const search = '/api/assets/galleries/search?q=city';
    const favourites = '/api/reactions/galleries?action=favourite';
    const shareUrl = `/share/gallery/${galleryId}.jpg`;
    expect((await seen(other, item)).status).toBe(200);
    expect((await ids(other, photos)).length).toBeGreaterThan(0);
    expect(await ids(other, list)).toContain(galleryId);
    expect(await ids(other, search)).toContain(galleryId);
    expect(await ids(other, favourites)).toEqual([galleryId]);
    expect((await share(other, shareUrl)).status).toBe(200);

    await hide('gallery', galleryId);

    const bought = await seen(buyer, item);
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ isBought: true, isLocked: false });
    const full = await seen(buyer, photos);
    expect(full.body.data.total).toBeGreaterThan(0);
    expect(full.body.data.data.filter((p: { photo: { locked?: boolean } }) => p.photo.locked)).toEqual([]);
    expect(await ids(buyer, allPhotos)).toEqual(await ids(buyer, photos));
    expect(await ids(buyer, '/api/assets/my-purchase?type=gallery')).toEqual([galleryId]);
    expect(await ids(buyer, search)).toEqual([galleryId]);

    for (const url of [item, `/api/assets/galleries/${galleryId}/view?countView=false`, photos]) {
      const visitor = await seen(null, url);
      expect(visitor.status, url).toBe(404);
      expect(await seen(other, url), url).toEqual(visitor);
    }
    const visitorShare = await share(null, shareUrl);
    expect(visitorShare.status).toBe(404);
    expect(await share(other, shareUrl)).toEqual(visitorShare);
    expect(await ids(null, allPhotos)).toEqual([]);
    expect(await ids(other, allPhotos)).toEqual([]);
    for (const url of [list, search]) {
      expect(await ids(null, url), url).not.toContain(galleryId);
      expect(await ids(other, url), url).toEqual(await ids(null, url));
    }
    expect(await ids(other, favourites)).toEqual([]);
    const visitorTotal = await seen(null, '/api/search/total?q=city');
    expect(visitorTotal.body.data.totalGalleries).toBe(0);
    expect(await seen(other, '/api/search/total?q=city')).toEqual(visitorTotal);
  });
});
