import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf } from '../helpers/commerce.ts';

describe('reactions', () => {
  const h = useApi({ LOGIN_LIMIT_PER_IP: '1000' });
  let token: string;
  let other: string;
  let video: string;
  let gallery: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    token = await login(h, (await createMember(h)).username);
    other = await login(h, (await createMember(h)).username);
    video = await idOf(h, 'video', 'desert-colour-drift');
    gallery = await idOf(h, 'gallery', 'alpine-ridges');
  });

  const react = (method: 'POST' | 'DELETE', body: object, t = token) => call(h, method, '/api/reactions', { token: t, body });
  const likes = async (slug: string) => (await call(h, 'GET', `/api/assets/videos/${slug}?countView=false`, { token })).body.data;

  it('likes once however often it is asked, and the counter and flag follow', async () => {
    const before = (await likes('desert-colour-drift')).stats.likes;
    const first = await react('POST', { objectType: 'video', objectId: video, action: 'like' });
    expect(first.body.data).toEqual({ active: true, changed: true, likes: before + 1, favourites: expect.any(Number) });
    const again = await react('POST', { objectType: 'video', objectId: video, action: 'like' });
    expect(again.body.data).toMatchObject({ active: true, changed: false, likes: before + 1 });
    const item = await likes('desert-colour-drift');
    expect(item).toMatchObject({ isLiked: true, stats: { likes: before + 1 } });
    // Unlike, twice: one step down.
    expect((await react('DELETE', { objectType: 'video', objectId: video, action: 'like' })).body.data).toMatchObject({
      active: false,
      changed: true,
      likes: before,
    });
    expect((await react('DELETE', { objectType: 'video', objectId: video, action: 'like' })).body.data).toMatchObject({ changed: false, likes: before });
  });

  it('keeps counters exact under 40 members liking and unliking at once', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, async () => login(h, (await createMember(h)).username)));
    const start = (await likes('desert-colour-drift')).stats.likes;
    // Each member likes twice at once; then half of them unlike twice at once.
    await Promise.all(
      members.flatMap((t) => [
        react('POST', { objectType: 'video', objectId: video, action: 'like' }, t),
        react('POST', { objectType: 'video', objectId: video, action: 'like' }, t),
      ]),
    );
    expect((await likes('desert-colour-drift')).stats.likes).toBe(start + 40);
    await Promise.all(
      members
        .slice(0, 20)
        .flatMap((t) => [
          react('DELETE', { objectType: 'video', objectId: video, action: 'like' }, t),
          react('DELETE', { objectType: 'video', objectId: video, action: 'like' }, t),
        ]),
    );
    expect((await likes('desert-colour-drift')).stats.likes).toBe(start + 20);
  });

  it('favourites and watch-later, listed as reactions and as items', async () => {
    await react('POST', { objectType: 'video', objectId: video, action: 'favourite' });
    await react('POST', { objectType: 'video', objectId: video, action: 'watch_later' });
    await react('POST', { objectType: 'gallery', objectId: gallery, action: 'favourite' });
    const mine = await call(h, 'GET', '/api/reactions?action=favourite', { token });
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.data[0]).toMatchObject({
      action: 'favourite',
      objectType: 'gallery',
      objectId: gallery,
      objectInfo: { slug: 'alpine-ridges', title: expect.any(String) },
    });
    expect((await call(h, 'GET', '/api/reactions?objectType=video', { token })).body.data.total).toBe(2);
    const videos = await call(h, 'GET', '/api/reactions/videos?action=watch_later', { token });
    expect(videos.body.data).toMatchObject({ total: 1, data: [{ slug: 'desert-colour-drift', isWatchedLater: true, isFavourited: true }] });
    const galleries = await call(h, 'GET', '/api/reactions/galleries?action=favourite', { token });
    expect(galleries.body.data).toMatchObject({ total: 1, data: [{ slug: 'alpine-ridges', isFavourited: true }] });
    expect((await call(h, 'GET', '/api/reactions/galleries', { token: other })).body.data.total).toBe(0);
  });

  it('refuses bad input and anonymous callers, and unknown items, changing nothing', async () => {
    expect((await call(h, 'POST', '/api/reactions', { body: { objectType: 'video', objectId: video, action: 'like' } })).status).toBe(401);
    expect((await react('POST', { objectType: 'video', objectId: video, action: 'love' })).status).toBe(400);
    expect((await react('POST', { objectType: 'song', objectId: video, action: 'like' })).status).toBe(400);
    expect((await react('POST', { objectType: 'video', objectId: 'nope', action: 'like' })).status).toBe(400);
    expect((await react('POST', { objectType: 'video', objectId: '00000000-0000-4000-8000-000000000000', action: 'like' })).status).toBe(404);
    expect((await react('POST', { objectType: 'gallery', objectId: video, action: 'like' })).status).toBe(404);
    expect((await call(h, 'GET', '/api/reactions?action=hug', { token })).status).toBe(400);
  });
});
