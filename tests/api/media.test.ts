import { beforeAll, describe, expect, it } from 'vitest';
import { MediaSigner } from '../../src/server/lib/media/signed-url.ts';
import { LocalStorage } from '../../src/server/lib/storage/local-storage.ts';
import { isValidKey } from '../../src/server/lib/storage/storage.ts';
import { useApi } from '../helpers/api.ts';
import { getJson, seedCatalogue } from '../helpers/catalogue.ts';

describe('/media: signed, expiring links with HTTP Range', () => {
  const h = useApi();
  let url: string;
  let size: number;
  beforeAll(async () => {
    await seedCatalogue(h);
    url = (await getJson(h, '/api/assets/videos/desert-colour-drift')).video.url;
    size = (await h.app.media.storage.stat(url.slice('/media/'.length).split('?')[0]!))!.size;
  });

  it('serves the whole file with its type and Accept-Ranges', async () => {
    const res = await h.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': String(size) });
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const head = await h.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
  });

  it('answers ranges with 206 and the right Content-Range', async () => {
    const full = (await h.app.inject({ url })).rawPayload;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size + 500}`, 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await h.app.inject({ url, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(full.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('refuses unsatisfiable or garbage byte ranges with 416', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=abc', 'bytes=5-1', '🙂']) {
      const res = await h.app.inject({ url, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json().error).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('ignores a range in a unit other than bytes: the whole file (RFC 9110 §14.2)', async () => {
    const res = await h.app.inject({ url, headers: { range: 'pages=1-2' } });
    expect([res.statusCode, res.headers['content-range'], res.rawPayload.length]).toEqual([200, undefined, size]);
  });

  it('refuses unsigned, tampered and expired links with 403', async () => {
    const [path, query] = url.split('?');
    const params = new URLSearchParams(query);
    // A link signed for one key, presented for another key that exists: exactly 403, never the other file.
    const other = path!.replace(/video-(\d+)/, (_m, n) => `video-${(Number(n) + 1) % 12}`);
    expect(other).not.toBe(path);
    expect((await h.app.inject({ url: h.app.media.signer.url(other.slice('/media/'.length)) })).statusCode).toBe(200);
    const expired = new MediaSigner('x', () => Date.now() - 3 * 3600_000);
    const cases = [
      path!,
      `${path}?e=${params.get('e')}`,
      `${other}?${query}`,
      `${path}?e=${Number(params.get('e')) + 3600}&s=${params.get('s')}`,
      `${path}?e=${params.get('e')}&s=${'A'.repeat(32)}`,
      `${path}?${query}&d=evil.exe`,
      expired.url(path!.slice('/media/'.length)),
    ];
    for (const bad of cases) {
      const res = await h.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'MEDIA_FORBIDDEN' });
    }
    const stale = new MediaSigner('secret', () => Date.now() - 3 * 3600_000).url('a/b.webm');
    expect(new MediaSigner('secret').verify('a/b.webm', Object.fromEntries(new URLSearchParams(stale.split('?')[1])))).toBe('expired');
  });

  it('never leaves the storage root', async () => {
    const signer = h.app.media.signer;
    const answers: Record<string, number> = {};
    for (const key of ['../secret', '..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', 'demo/../../x', '/etc/passwd', 'demo//x', 'demo\\..\\x', '.env']) {
      // Signed for exactly that key, so only the path rules stand in the way. A literal `..` that the URL parser
      // folds away no longer reaches /media at all (404); everything that does reach it is refused.
      const res = await h.app.inject({ url: `${signer.url(key).replace(/^\/media\/.*?\?/, `/media/${key}?`)}` });
      answers[key] = res.statusCode;
    }
    expect(answers).toEqual({
      '../secret': 404,
      '..%2F..%2Fetc%2Fpasswd': 403,
      '%2e%2e/%2e%2e/etc/passwd': 404,
      'demo/../../x': 404,
      '/etc/passwd': 403,
      'demo//x': 403,
      'demo\\..\\x': 403,
      '.env': 403,
    });
    for (const key of ['../a', 'a/../../b', '/abs', 'a//b', '.hidden', 'a/./b', 'a\\b']) expect(isValidKey(key), key).toBe(false);
    expect(() => new LocalStorage('/tmp/root').pathOf('../etc/passwd')).toThrow();
    expect(new LocalStorage('/tmp/root').pathOf('img/a/w320.webp')).toBe('/tmp/root/img/a/w320.webp');
  });

  it('a download link carries Content-Disposition: attachment', async () => {
    const link = h.app.services.media.download({ key: 'demo/download-1.txt', name: 'night city preset.txt', mimeType: 'text/plain', size: 1 }, 600);
    const res = await h.app.inject({ url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''night%20city%20preset.txt");
  });

  it('an unknown but validly signed key is a 404', async () => {
    const res = await h.app.inject({ url: h.app.media.signer.url('demo/nothing-here.webm') });
    expect(res.statusCode).toBe(404);
  });
});
