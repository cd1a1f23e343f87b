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
});
