import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/e2e.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** Page addresses a stranger can type: never a 5xx or an empty body, always a page or the contract's error body. */
describe.skipIf(chromiumMissing)('bad input in page addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a NUL character in a path or a query is the site’s 404 page', async () => {
    for (const path of ['/videos/%00', '/videos/a%00b', '/members/%00', '/search?q=%00', '/videos?q=a%00b', '/store?category=%00', '/%00']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<h1>Page not found</h1>');
    }
  });

  it('malformed encodings, huge numbers and over-long values are refused or ignored, never a 5xx', async () => {
    const long = 'x'.repeat(5000);
    const answers: Record<string, number> = {};
    for (const path of [
      '/videos/%E0%A4%A',
      '/members/%C0%AF',
      `/videos/${long}`,
      `/search?q=${long}`,
      '/videos?page=1e309',
      '/posts?page=-1',
      '/galleries?page=99999999999999999999',
      '/stories?page=abc',
    ]) {
      const res = await fetch(server.url + path);
      const body = await res.text();
      answers[path.slice(0, 40)] = res.status;
      expect(body.length, path).toBeGreaterThan(0);
      if (res.headers.get('content-type')?.startsWith('application/json'))
        expect(JSON.parse(body)).toMatchObject({ statusCode: res.status, error: expect.any(String) });
    }
    expect(answers).toEqual({
      '/videos/%E0%A4%A': 400,
      '/members/%C0%AF': 400,
      [`/videos/${long}`.slice(0, 40)]: 404,
      [`/search?q=${long}`.slice(0, 40)]: 200,
      '/videos?page=1e309': 200,
      '/posts?page=-1': 200,
      '/galleries?page=99999999999999999999': 200,
      '/stories?page=abc': 200,
    });
  });

  it('a page asked for with another method than GET, HEAD or POST is a 405 with the contract’s body, TRACE included', async () => {
    // Node's own client: fetch refuses to send TRACE at all.
    const ask = (method: string, path: string) =>
      new Promise<{ status: number; allow?: string; type?: string; body: string }>((resolve, reject) => {
        const req = http.request(server.url + path, { method }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers['content-type'], body }));
        });
        req.on('error', reject).end();
      });
    for (const method of ['TRACE', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const path of ['/videos', '/robots.txt', '/no-such-page']) {
        const res = await ask(method, path);
        expect({ method, path, status: res.status, allow: res.allow, type: res.type }).toEqual({
          method,
          path,
          status: 405,
          allow: 'GET, HEAD, POST',
          type: expect.stringMatching(/^application\/json/),
        });
        expect(JSON.parse(res.body)).toMatchObject({ statusCode: 405, error: 'METHOD_NOT_ALLOWED' });
      }
    }
    expect((await ask('GET', '/videos')).status).toBe(200);
    expect((await ask('HEAD', '/videos')).status).toBe(200);
    // A form sent before its island woke up: the page again.
    const posted = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { origin: new URL(server.url).origin },
      body: new URLSearchParams({ login: 'x' }),
    });
    expect([posted.status, posted.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    expect(server.output()).not.toMatch(/"level":50|Could not render/);
  });

  it('a visitor who leaves before the page is drawn is no error in the server’s log', async () => {
    const { port } = new URL(server.url);
    const paths = Array.from({ length: 20 }, (_, i) => `/videos?q=left-early-${i}`);
    for (const path of paths) {
      // The request, then the connection closed at once: the server sees the visitor go while it renders.
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
        socket
          .resume()
          .once('close', () => resolve())
          .once('error', reject);
      });
    }
    // Each page rendered and kept (by its render or, failing that, by the poll's): the abandoned renders are over.
    for (const path of paths) await expect.poll(async () => (await fetch(server.url + path)).headers.get('x-page-cache')).toBe('HIT');
    expect(server.output()).not.toMatch(/"level":50|Premature close/);
  });
});
