import { describe, expect, it } from 'vitest';
import { chromiumMissing, logIn, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('maintenance mode and country block, set by the operator CLI', () => {
  const e2e = useE2e({
    env: { TRUSTED_COUNTRY_HEADER: 'x-test-country' },
    cli: [
      ['settings', 'set', 'maintenanceMode', 'true'],
      ['country', 'block', 'FR'],
    ],
  });
  const base = () => e2e.server.url;

  it('maintenance replaces every page with the maintenance page (503)', async () => {
    const page = await e2e.browser.newPage();
    for (const path of ['/', '/account', '/videos']) {
      const res = await page.goto(`${base()}${path}`);
      expect(res!.status()).toBe(503);
      expect(await page.getAttribute('[data-site-mode]', 'data-site-mode')).toBe('maintenance');
    }
    await screenshot(page, 'maintenance');
    await page.close();
  });

  it('a visitor from a blocked country sees the blocked page, which wins over maintenance', async () => {
    const ctx = await e2e.browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'FR' } });
    const page = await ctx.newPage();
    const res = await page.goto(`${base()}/`);
    expect(res!.status()).toBe(451);
    expect(await page.getAttribute('[data-site-mode]', 'data-site-mode')).toBe('blocked');
    expect(await page.textContent('h1')).toBe('Not available in your region');
    const login = await page.goto(`${base()}/auth/login`);
    expect(login!.status()).toBe(451);
    await screenshot(page, 'blocked');
    await ctx.close();
  });

  it('the login page stays open in maintenance, and an admin then sees the site', async () => {
    const ctx = await e2e.browser.newContext();
    const page = await ctx.newPage();
    await logIn(page, base(), 'admin', e2e.server.adminPassword());
    expect(await page.getAttribute('html', 'data-layout')).toBe('primary');
    expect(await page.textContent('[data-testid=member-name]')).toBe('Ada Admin');
    // The demo's test gateway is on: the operator is told on every page that payments are simulated.
    expect(await page.textContent('[data-testid=payments-simulated]')).toContain('Payments are simulated');
    await ctx.close();
  });
});

describe.skipIf(chromiumMissing)('the page cache never serves a cached page to a blocked visitor', () => {
  const e2e = useE2e({ env: { TRUSTED_COUNTRY_HEADER: 'x-test-country' }, cli: [['country', 'block', 'FR']] });

  it('a cached /videos still turns into the blocked page (451) for a blocked country', async () => {
    const url = `${e2e.server.url}/videos`;
    await fetch(url);
    const cached = await fetch(url, { headers: { 'x-test-country': 'DE' } });
    expect(cached.headers.get('x-page-cache')).toBe('HIT');
    const blocked = await fetch(url, { headers: { 'x-test-country': 'FR' } });
    expect(blocked.status).toBe(451);
    expect(blocked.headers.get('x-page-cache')).toBeNull();
    expect(blocked.headers.get('cache-control')).toMatch(/no-store/);
    expect(await blocked.text()).toContain('Not available in your region');
  });
});
