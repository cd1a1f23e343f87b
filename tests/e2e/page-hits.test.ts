import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * Page-cache hits are answered before Fastify (plugins/page-hits.ts). They must be the answer the long way gives:
 * the same headers (the security headers, the page's policy, ETag, Vary), 304 and HEAD alike. A server with
 * ACCESS_LOG=1 takes the long way for every request (its hooks count them), so the two are compared side by side.
 */
describe('a cached page answered before Fastify', () => {
  let fast: TestServer;
  let long: TestServer;
  beforeAll(async () => {
    [fast, long] = await Promise.all([startServer(), startServer({ env: { ACCESS_LOG: '1' } })]);
  });
  afterAll(async () => {
    await Promise.all([fast?.stop(), long?.stop()]);
  });

  /** Headers of the second GET (the first fills the cache), without those that differ by server or moment. */
  async function hit(server: TestServer, path: string, headers: Record<string, string> = {}) {
    await fetch(server.url + path, { headers });
    const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'br', ...headers } });
    // Each server's own origin (its port) is in the policy's connect-src.
    const own = Object.fromEntries(
      [...res.headers]
        .filter(([name]) => !['date', 'etag', 'content-length', 'keep-alive'].includes(name))
        .map(([name, value]) => [name, value.replace(/localhost:\d+/g, 'localhost:PORT')]),
    );
    return { res, headers: own, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('sends the headers the long way sends, compressed, for a visitor and for a member on a shared page', async () => {
    for (const cookie of [undefined, 'token=not-a-real-session']) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const a = await hit(fast, '/videos', headers);
      const b = await hit(long, '/videos', headers);
      expect(a.res.status).toBe(200);
      expect(a.headers['x-page-cache']).toBe('HIT');
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers).toEqual(b.headers);
      expect(a.headers['content-security-policy']).toMatch(/script-src/);
      expect(a.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers 304 to the copy the browser holds, and HEAD without a body, as the long way does', async () => {
    for (const server of [fast, long]) {
      const first = await fetch(`${server.url}/galleries`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      const again = await fetch(`${server.url}/galleries`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
      const head = await fetch(`${server.url}/galleries`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('x-page-cache')).toBe('HIT');
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });
});
