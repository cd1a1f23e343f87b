// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/client/api.ts';
import { resetAll } from '../../src/stores/reset.ts';
import { freshStream, seedStream, streams, withToken } from '../../src/stores/player.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const link = (e: number, s = 'sig') => ({ url: `/media/hls/${ID}/master.m3u8?e=${e}&s=${s}`, expiresAt: new Date(e * 1000).toISOString() });
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let calls: string[] = [];
let answer: () => Response;

beforeEach(() => {
  resetAll();
  calls = [];
  answer = () => Response.json({ status: 0, data: link(inSeconds(600), 'fresh') });
  configureApi({
    baseUrl: 'http://test/api',
    fetch: async (input) => {
      calls.push(String(input));
      return answer();
    },
  });
});

describe('stores/player: the stream link, renewed before it expires', () => {
  it('uses the link the page came with while it has time left', async () => {
    seedStream(ID, link(inSeconds(500)));
    expect((await freshStream(ID))?.url).toContain('s=sig');
    expect(calls).toEqual([]);
  });

  it('renews a link about to expire, once for every caller at the same time', async () => {
    seedStream(ID, link(inSeconds(30)));
    const all = await Promise.all([freshStream(ID), freshStream(ID), freshStream(ID)]);
    expect(all.map((s) => s?.url)).toEqual(Array(3).fill(expect.stringContaining('s=fresh')));
    expect(calls).toEqual([`http://test/api/assets/videos/${ID}/stream`]);
    expect(streams.of(streams.$states.get(), ID).status).toBe('ok');
  });

  it('renews on demand (after a refusal), asks for a long link for native HLS, and says when it cannot', async () => {
    seedStream(ID, link(inSeconds(500)));
    expect((await freshStream(ID, { force: true }))?.url).toContain('s=fresh');
    await freshStream(ID, { force: true, native: true });
    expect(calls.at(-1)).toBe(`http://test/api/assets/videos/${ID}/stream?native=true`);
    answer = () => Response.json({ statusCode: 403, error: 'NOT_BOUGHT', message: 'Unlock this video to watch it.' }, { status: 403 });
    expect(await freshStream(ID, { force: true })).toBeNull();
    expect(streams.of(streams.$states.get(), ID)).toMatchObject({ status: 'error', error: { code: 'NOT_BOUGHT' } });
  });

  it('puts the fresh token on any URL of the stream, and on nothing else', () => {
    const fresh = link(inSeconds(600), 'new');
    const segment = `http://test/media/hls/${ID}/360p/seg001.ts?e=1&s=old`;
    expect(withToken(segment, fresh)).toBe(`http://test/media/hls/${ID}/360p/seg001.ts?e=${fresh.url.match(/e=(\d+)/)![1]}&s=new`);
    expect(withToken('http://test/media/img/a.webp?e=1&s=old', fresh)).toBe('http://test/media/img/a.webp?e=1&s=old');
  });
});
