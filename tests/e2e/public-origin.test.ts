import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

/** A GET with the headers an attacker controls (fetch would not let us set Host). */
function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      })
      .on('error', reject);
  });
}

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('absolute URLs in pages and feeds', () => {
  let server: TestServer;
  // 127.0.0.1 is a trusted proxy here, so that a forwarded host would be believed if anything still read it; the server
  // listens on every interface without PUBLIC_URL, which it must warn about.
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', HOST: '0.0.0.0', PUBLIC_URL: '', LOG_LEVEL: 'warn' } });
  });
  afterAll(() => server?.stop());

  it('canonical, og:url, JSON-LD, sitemap, robots and RSS use the configured origin, never the request host', async () => {
    const origin = server.origin;
    const video = /href="\/videos\/([a-z0-9-]+)"/.exec((await get(server.url, '/videos', FORGED)).body)![1];
    const videoFile = /\/sitemap\/video-\d{4}-\d{2}\.xml/.exec((await get(server.url, '/sitemap.xml', FORGED)).body)![0];
    const pages = ['/', `/videos/${video}`, '/sitemap.xml', videoFile, '/robots.txt', '/posts/rss.xml', '/stories/rss.xml'];
    for (const path of pages) {
      const { status, body } = await get(server.url, path, FORGED);
      expect(status, path).toBe(200);
      expect(body, path).not.toContain('evil.example');
      expect(body, path).toContain(origin);
    }
    const detail = (await get(server.url, `/videos/${video}`, FORGED)).body;
    expect(detail).toContain(`<link rel="canonical" href="${origin}/videos/${video}">`);
    expect(detail).toContain(`<meta property="og:url" content="${origin}/videos/${video}">`);
    // An address no route matches is the 404 page, on the configured origin too (its policy included).
    const missing = await get(server.url, '/no-such-page', FORGED);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(`<link rel="canonical" href="${origin}/404">`);
    expect(missing.body).not.toContain('evil.example');
    expect(String(missing.headers['content-security-policy'])).not.toContain('evil.example');
  });

  it('warns at start that PUBLIC_URL is unset while the server is reachable from other machines', () => {
    expect(server.output()).toMatch(/PUBLIC_URL is not set and the server listens on 0\.0\.0\.0/);
  });
});
