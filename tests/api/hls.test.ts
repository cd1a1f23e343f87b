import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { videos } from '../../src/server/db/schema.ts';
import { MediaSigner } from '../../src/server/lib/media/signed-url.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { getJson, grant, seedCatalogue } from '../helpers/catalogue.ts';
import { makeHls } from '../helpers/hls.ts';

const PRICED = 'the-garden-of-life';
const FREE = 'fractal-coastline-at-dawn';

/** The URIs of a playlist (the lines that are not tags). */
const urisOf = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
const resolve = (uri: string, base: string) => {
  const u = new URL(uri, `http://x${base}`);
  return u.pathname + u.search;
};

describe('signed HLS streams and teasers', () => {
  const h = useApi();
  let buyer: string;
  let other: string;
  let pricedId: string;
  let freeId: string;

  beforeAll(async () => {
    await seedCatalogue(h);
    const [b, o] = [await createMember(h), await createMember(h)];
    buyer = await login(h, b.username);
    other = await login(h, o.username);
    pricedId = await grant(h, b.id, 'video', PRICED);
    const [free] = await h.database.db.select({ id: videos.id }).from(videos).where(eq(videos.slug, FREE));
    freeId = free!.id;
    const put = (key: string, file: string, type: string) => h.app.media.storage.putFile(key, file, type);
    for (const id of [pricedId, freeId]) {
      const { hls, teaser } = await makeHls(put, `videos/${id}/run1`);
      await h.database.db.update(videos).set({ hls, teaser }).where(eq(videos.id, id));
    }
  }, 60_000);

  const detail = (slug: string, token?: string) => getJson(h, `/api/assets/videos/${slug}?countView=false`, token);
  const get = (url: string, token?: string) => h.app.inject({ url, headers: token ? { authorization: token } : {} });

  it('gives a buyer a short-lived master playlist listing every rendition with signed playlist links', async () => {
    const video = await detail(PRICED, buyer);
    expect(video.stream.url).toMatch(new RegExp(`^/media/hls/${pricedId}/master\\.m3u8\\?e=\\d+&s=[\\w-]+$`));
    const left = Date.parse(video.stream.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect(video.video.url).toMatch(/^\/media\//);
    const res = await get(video.stream.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).toContain('#EXT-X-STREAM-INF:BANDWIDTH=364000,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2"');
    expect(res.body).toContain('RESOLUTION=640x360');
    const uris = urisOf(res.body);
    expect(uris).toHaveLength(2);
    expect(uris[0]).toMatch(/^240p\/index\.m3u8\?e=\d+&s=/);
  });

  it('serves each rendition playlist with signed segment URIs, and the segments as MPEG-TS', async () => {
    const master = (await detail(PRICED, buyer)).stream.url as string;
    const playlistUrl = resolve(urisOf((await get(master)).body)[1]!, master);
    const playlist = await get(playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segments = urisOf(playlist.body);
    expect(segments.length).toBeGreaterThanOrEqual(4);
    for (const s of segments) expect(s).toMatch(/^seg\d{3}\.ts\?e=\d+&s=[\w-]+$/);
    const segment = await get(resolve(segments[0]!, playlistUrl));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  });

  it('gives anonymous visitors and non-buyers no stream, and refuses every forged link with 403', async () => {
    for (const token of [undefined, other]) {
      const video = await detail(PRICED, token);
      expect(video.stream).toEqual({ url: null, expiresAt: null });
      expect(video.video.url).toBeNull();
    }
    const master = (await detail(PRICED, buyer)).stream.url as string;
    const playlistUrl = resolve(urisOf((await get(master)).body)[1]!, master);
    const segmentUrl = resolve(urisOf((await get(playlistUrl)).body)[0]!, playlistUrl);
    const freeMaster = (await detail(FREE)).stream.url as string;
    const freeQuery = freeMaster.split('?')[1];
    const expired = new MediaSigner('whatever', () => Date.now() - 3600_000).params(`hls:${pricedId}`, { ttlSeconds: 600 });
    // Signed with the real secret, expired a minute ago.
    const old = h.app.media.signer.params(`hls:${pricedId}`, { ttlSeconds: -60 });
    const [, query] = master.split('?');
    const prefix = `/media/hls/${pricedId}`;
    for (const url of [master, playlistUrl, segmentUrl]) {
      const path = url.split('?')[0]!;
      const cases = [
        path,
        `${path}?${freeQuery}`,
        `${path}?${expired}`,
        `${path}?${old}`,
        // One character of the signature changed (to one it is not: a fixed 'A' matched 1 signature in 64).
        `${path}?${query!.replace(/s=(.)/, (_m, c) => `s=${c === 'A' ? 'B' : 'A'}`)}`,
        `${path}?${query!.replace(/e=(\d+)/, (_m, e) => `e=${Number(e) + 60}`)}`,
      ];
      for (const bad of cases) {
        const res = await get(bad, buyer);
        expect(res.statusCode, bad).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, error: 'MEDIA_FORBIDDEN' });
      }
      expect((await get(`${path}?${old}`)).json().message).toMatch(/expired/);
    }
    // The buyer's own valid token, on paths outside the rendition folders or dressed up with encodings.
    for (const path of [
      `${prefix}/360p/../../../${freeId}/360p/seg000.ts`,
      `${prefix}/360p%2F..%2F240p/seg000.ts`,
      `${prefix}/%2e%2e/360p/seg000.ts`,
      `${prefix}/360p/..%2Fsecret.ts`,
      `${prefix}/360p/sub/seg000.ts`,
      `${prefix}/360p/.env`,
      `${prefix}/360p/seg000.exe`,
      `${prefix}/1080p/seg000.ts`,
      `/media/hls/${freeId}/360p/seg000.ts`,
      `/media/hls/not-a-video/master.m3u8`,
    ]) {
      const res = await get(`${path}?${query}`, buyer);
      // A literal `..` is folded away by the URL parser before routing (→ another video's path: its token does not fit).
      expect(res.statusCode, path).toBe(403);
    }
    // A normal signed /media link to the same segment file (not the stream's token) still needs its own signature.
    expect((await get(`/media/videos/${pricedId}/run1/hls/360p/seg000.ts`)).statusCode).toBe(403);
  });

  it('renews the link for a viewer who may watch, and refuses the others like the rest of the videos API', async () => {
    const renewed = await getJson(h, `/api/assets/videos/${pricedId}/stream`, buyer);
    expect(renewed.url).toMatch(new RegExp(`^/media/hls/${pricedId}/master\\.m3u8\\?`));
    expect((await get(renewed.url)).statusCode).toBe(200);
    const native = await getJson(h, `/api/assets/videos/${PRICED}/stream?native=true`, buyer);
    expect(Date.parse(native.expiresAt) - Date.now()).toBeGreaterThan(30 * 60_000);
    for (const token of [undefined, other]) {
      const res = await get(`/api/assets/videos/${pricedId}/stream`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'NOT_BOUGHT' });
    }
    expect((await get('/api/assets/videos/no-such-video/stream', buyer)).statusCode).toBe(404);
    // A free video streams for everybody.
    expect((await getJson(h, `/api/assets/videos/${freeId}/stream`)).url).toMatch(/^\/media\/hls\//);
  });

  it('a native-HLS link for a 24-hour video expires 6 hours after it was signed, not after the video', async () => {
    const [row] = await h.database.db.select({ hls: videos.hls }).from(videos).where(eq(videos.id, pricedId));
    const hls = row!.hls!;
    onTestFinished(() =>
      h.database.db
        .update(videos)
        .set({ hls })
        .where(eq(videos.id, pricedId))
        .then(() => undefined),
    );
    await h.database.db
      .update(videos)
      .set({ hls: { ...hls, duration: 24 * 3600 } })
      .where(eq(videos.id, pricedId));
    // The link's own expiry (its signed `e`), against the seconds between which it was signed.
    const signedFrom = Math.floor(Date.now() / 1000);
    const native = await getJson(h, `/api/assets/videos/${pricedId}/stream?native=true`, buyer);
    const signedBy = Math.floor(Date.now() / 1000);
    const e = Number(new URL(native.url, 'http://x').searchParams.get('e'));
    expect(native.expiresAt).toBe(new Date(e * 1000).toISOString());
    expect(e - signedBy).toBeLessThanOrEqual(6 * 3600);
    expect(e - signedFrom).toBeGreaterThanOrEqual(6 * 3600);
    expect((await get(native.url)).statusCode).toBe(200);
  });

  it('gives the teaser of a priced video to everybody, and none for a free one', async () => {
    for (const token of [undefined, other, buyer]) {
      const video = await detail(PRICED, token);
      expect(video.teaser.url).toMatch(/^\/media\//);
      const res = await get(video.teaser.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
    }
    expect((await detail(FREE)).teaser).toBeNull();
  });

  it('keeps streams out of lists, and a video without renditions plays its single file', async () => {
    const list = await getJson(h, '/api/assets/videos/search?limit=200', buyer);
    for (const v of list.data) expect(v.stream).toEqual({ url: null, expiresAt: null });
    const plain = await detail('desert-colour-drift');
    expect(plain.stream).toEqual({ url: null, expiresAt: null });
    expect(plain.video.url).toMatch(/^\/media\//);
  });
});
