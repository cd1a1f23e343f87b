import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, openSettled, useE2e } from '../helpers/e2e.ts';

/** The policy's directives by name. */
function directivesOf(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => d.split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every page answers with, whatever the page: the policy and the other security headers. */
function expectPageHeaders(res: Response, what: string, { hsts }: { hsts: boolean }) {
  expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
  const d = directivesOf(res.headers.get('content-security-policy'));
  expect(d['default-src'], what).toEqual(["'self'"]);
  expect(d['script-src']![0], what).toBe("'self'");
  expect(d['script-src']!.length, what).toBeGreaterThan(1);
  expect(
    d['script-src']!.slice(1).filter((s) => !s.startsWith("'sha256-")),
    what,
  ).toEqual([]);
  expect(d['style-src']![0], what).toBe("'self'");
  expect(
    d['style-src']!.slice(1).filter((s) => !s.startsWith("'sha256-")),
    what,
  ).toEqual([]);
  expect(d['style-src-attr'], what).toBe(undefined);
  expect(d['img-src'], what).toEqual(["'self'", 'data:', 'blob:']);
  expect(d['media-src'], what).toEqual(["'self'", 'blob:']);
  expect(d['connect-src']![0], what).toBe("'self'");
  expect(d['connect-src']![1], what).toMatch(/^wss?:\/\//);
  expect(d['frame-src'], what).toEqual(["'none'"]);
  expect(d['frame-ancestors'], what).toEqual(["'none'"]);
  expect(d['object-src'], what).toEqual(["'none'"]);
  expect(d['base-uri'], what).toEqual(["'self'"]);
  expect(d['form-action'], what).toEqual(["'self'"]);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
  expect(res.headers.get('strict-transport-security'), what).toBe(hsts ? 'max-age=31536000; includeSubDomains' : null);
}

const PAGES = { home: '/', item: '/videos/northern-lights-over-the-fjord', member: '/members/member', missing: '/no-such-page', login: '/auth/login' };

describe.skipIf(chromiumMissing)('security headers and the Content-Security-Policy of pages', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('home, an item, a member, the 404 page and the login page answer with the policy and the other security headers', async () => {
    for (const [what, path] of Object.entries(PAGES)) {
      const res = await fetch(base() + path);
      expect(res.status, what).toBe(what === 'missing' ? 404 : 200);
      expectPageHeaders(res, what, { hsts: false }); // PUBLIC_URL is not https here
      // The live connection may reach the site's own host over ws. (The 404 page of an unknown address is rendered
      // without the host's locals, so its ws origin is the address asked for; not checked here.)
      if (what !== 'missing')
        expect(directivesOf(res.headers.get('content-security-policy'))['connect-src'], what).toEqual(["'self'", e2e.server.origin.replace(/^http/, 'ws')]);
    }
  });

  // HSTS on an https origin is the same hook for every answer (tests/api/security-headers.test.ts), and a page's
  // connect-src on an https origin is wss (tests/unit/csp.test.ts).
  it('the maintenance page carries the policy and the security headers', async () => {
    const login = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
    });
    const { token } = (await login.json()).data;
    const maintenance = (on: boolean) =>
      fetch(`${base()}/api/admin/settings`, {
        method: 'PATCH',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ maintenanceMode: on }),
      });
    expect((await maintenance(true)).status).toBe(200);
    try {
      for (const path of ['/', '/videos']) {
        const res = await fetch(base() + path);
        expect(res.status, path).toBe(503);
        expect(await res.text(), path).toContain('data-site-mode="maintenance"');
        expectPageHeaders(res, `maintenance ${path}`, { hsts: false });
      }
    } finally {
      expect((await maintenance(false)).status).toBe(200);
    }
  });

  it('a page from the page cache carries the same policy', async () => {
    const first = await fetch(base() + '/videos');
    const again = await fetch(base() + '/videos');
    expect(again.headers.get('x-page-cache')).toBe('HIT');
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expectPageHeaders(again, 'cached', { hsts: false });
  });

  it('the pages work in the browser under the policy (the guard fails the test on any refusal)', async () => {
    const page = await e2e.browser.newPage();
    for (const [what, path] of Object.entries(PAGES)) {
      await openSettled(page, base() + path);
      expect(await page.locator('h1').count(), what).toBeGreaterThan(0);
    }
    // The page's own scripts ran: the login island hydrated.
    await hydrated(page, '#login');
    await page.close();
  });

  it('a script injected into a page is refused', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${base()}/auth/login`, { waitUntil: 'networkidle' });
    await hydrated(page, '#login');
    expect(e2e.cspViolations).toEqual([]);
    // The browser reports the refusal to the page itself, and the script does not run.
    const refused = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(`${e.effectiveDirective} ${e.blockedURI}`), { once: true });
        }),
    );
    await expect(page.addScriptTag({ content: 'window.injected = true;' })).rejects.toThrow(
      /Executing inline script violates the following Content Security Policy directive/,
    );
    expect(await refused).toBe('script-src-elem inline');
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBe(undefined);
    await expect
      .poll(() => e2e.cspViolations.join('\n'))
      .toMatch(/^Executing inline script violates the following Content Security Policy directive 'script-src 'self' 'sha256-/);
    e2e.cspViolations.length = 0; // expected: the refusal this test provoked
    await page.close();
  });

  it('the API docs (swagger-ui) work under their own policy', async () => {
    const page = await e2e.browser.newPage();
    const res = await page.goto(`${base()}/api/docs`, { waitUntil: 'networkidle' });
    expect(res!.status()).toBe(200);
    expect(await res!.headerValue('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';/);
    await page.waitForSelector('.swagger-ui .info .title');
    expect(await page.textContent('.swagger-ui .info .title')).toContain('Tessera API');
    await page.locator('.opblock-summary').first().click();
    await page.waitForSelector('.opblock.is-open');
    await page.close();
  });
});
