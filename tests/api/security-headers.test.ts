import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig, useApi } from '../helpers/api.ts';

describe('security headers on every response', () => {
  const h = useApi();

  it('API answers carry nosniff, no framing, the referrer policy and the permissions policy; no HSTS on http', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/assets/videos/search']) {
      const res = await h.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
      expect(res.headers['strict-transport-security'], url).toBe(undefined);
      // Not a page: nothing may load from it if a browser opens it as a document.
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    }
  });

  it('the API docs (swagger-ui) have their own policy: files and calls of the site only, data: icons, no framing', async () => {
    const docs = await h.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('Strict-Transport-Security when the public origin is https', async () => {
    const app = await buildApp(testConfig({ PUBLIC_URL: 'https://shop.example' }), { database: h.database, realtime: false });
    try {
      expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
    }
  });
});
