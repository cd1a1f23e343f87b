import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyIn, ResponseCache, pickEncoding } from '../../src/server/lib/http/response-cache.ts';

const page = (text: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(text) });

describe('the anonymous page cache', () => {
  it('keeps pages until the TTL, each compressed form made once when first asked for', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 10, maxBytes: 1e6 });
    cache.set('a', page('<p>hello</p>'.repeat(50)), 0);
    const hit = cache.get('a', { now: 999 })!;
    expect([hit.br, hit.gzip]).toEqual([undefined, undefined]);
    expect(bodyIn(hit, 'identity')).toBe(hit.body);
    expect(brotliDecompressSync(bodyIn(hit, 'br')).toString()).toBe(hit.body.toString());
    expect(gunzipSync(bodyIn(hit, 'gzip')).toString()).toBe(hit.body.toString());
    expect([bodyIn(hit, 'br'), bodyIn(hit, 'gzip')]).toEqual([hit.br, hit.gzip]);
    expect(bodyIn(hit, 'br')).toBe(hit.br);
    expect(cache.get('a', { now: 1001 })).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used page beyond its entry and byte bounds', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 2, maxBytes: 1e6 });
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a');
    cache.set('c', page('c'));
    expect([cache.get('a') !== null, cache.get('b') !== null, cache.get('c') !== null]).toEqual([true, false, true]);
    const small = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 3000 });
    for (const k of ['x', 'y', 'z']) small.set(k, page(k.repeat(1200)));
    expect(small.size).toBeLessThan(3);
    expect(small.get('z')).not.toBeNull();
  });

  it('serves members only the pages shared by visitors and members', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    cache.set('/videos', { ...page('list'), shared: true });
    cache.set('/tokens', page('visitor'));
    expect(cache.get('/videos', { member: true })?.body.toString()).toBe('list');
    expect(cache.get('/tokens', { member: true })).toBeNull();
    // Still there for visitors.
    expect(cache.get('/tokens')?.body.toString()).toBe('visitor');
  });

  it('gives each page a strong ETag that changes with its bytes', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    const a = cache.set('a', page('one')).etag;
    expect(a).toMatch(/^"[\w-]{27}"$/);
    expect(cache.set('b', page('one')).etag).toBe(a);
    expect(cache.set('a', page('two')).etag).not.toBe(a);
  });

  it('clear() empties it (settings or content changed)', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    cache.set('a', page('a'));
    cache.clear();
    expect(cache.get('a')).toBeNull();
  });

  it('picks brotli, then gzip, then identity', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('brotli-ish')).toBe('identity');
  });
});
