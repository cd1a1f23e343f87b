import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone, pagesFor } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('the site run from the back office, live, without a restart', () => {
  const e2e = useE2e({ env: { TRUSTED_COUNTRY_HEADER: 'x-test-country' } });
  const base = () => e2e.server.url;

  const operator = (theme: 'light' | 'dark' = 'light', width = 1280) => operatorOf(e2e, theme, width);
  const accept = (page: Page) => page.once('dialog', (d) => void d.accept());

  it('changes the site name and the logo; an open public page shows them on its next navigation', async () => {
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/`);
    expect(await visitor.textContent('.site-header .brand span')).toBe('Tessera');
    // The home page is now in the page cache too.
    expect((await fetch(`${base()}/`)).headers.get('x-page-cache')).toBe('HIT');

    const { context, page } = await operator();
    await page.goto(`${base()}/admin/settings`);
    await hydrated(page, '[data-testid=settings-save]');
    // A refused value is said under its field and nothing is saved.
    await page.fill('#setting-siteName', 'Mosaic');
    await page.fill('#setting-favicon', 'javascript:alert(1)');
    await page.click('[data-testid=settings-save]');
    await page.waitForSelector('#setting-favicon[aria-invalid=true]:focus');
    expect(await page.textContent('#setting-favicon-error')).toBe('Favicon must be a site path (/…) or an http(s) URL.');
    expect(await (await fetch(`${base()}/api/settings/public`)).json()).toMatchObject({ data: { siteName: 'Tessera' } });
    await screenshot(page, 'admin-settings-error');

    await page.fill('#setting-favicon', '/favicon.svg');
    await page.click('[data-testid=settings-save]');
    await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor();
    expect(await page.locator('form[data-dirty]').count()).toBe(0);

    // The logo through an upload: the server's image code makes it, and it is shown at once.
    const png = await sharp({ create: { width: 128, height: 128, channels: 3, background: '#e4572e' } })
      .png()
      .toBuffer();
    await page.setInputFiles('[data-testid=upload-logo]', { name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.locator('.toast', { hasText: 'The new logo is saved' }).waitFor();
    const logo = await page.inputValue('#setting-logo');
    expect(logo).toMatch(/^\/media\/public\/site\/.+\.webp$/);
    await screenshot(page, 'admin-settings');

    // The visitor's next navigation: the new name and logo, no restart, the cached copy gone.
    await visitor.click('.site-header .brand');
    await visitor.waitForLoadState();
    expect(await visitor.textContent('.site-header .brand span')).toBe('Mosaic');
    expect(await visitor.title()).toBe('Mosaic');
    expect(await visitor.getAttribute('.site-header .brand img', 'src')).toBe(logo);
    await visitor.close();
    await context.close();
  });

  it('turns maintenance on and off: visitors get the maintenance page (a blocked country its own), an admin can still log in and sees the site with a banner', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/site-mode`);
    await hydrated(page, '[data-testid=maintenance-toggle]');
    // The back office says that payments are simulated too, on every page.
    expect(await page.textContent('[data-testid=payments-simulated]')).toContain('Payments are simulated');
    accept(page);
    await page.click('[data-testid=maintenance-toggle]');
    await page.waitForSelector('[data-testid=maintenance][data-on=true]');

    // Visitors get the maintenance page (503) in place of every page, their account's too.
    const visitor = await e2e.browser.newPage();
    for (const path of ['/', '/account', '/videos']) {
      expect((await visitor.goto(`${base()}${path}`))!.status(), path).toBe(503);
      expect(await visitor.getAttribute('[data-site-mode]', 'data-site-mode')).toBe('maintenance');
    }
    expect(await visitor.textContent('body')).toContain('is down for scheduled maintenance');
    await screenshot(visitor, 'maintenance');
    // The login page stays open: an admin logs in during maintenance and sees the site (told that payments are
    // simulated: the demo's test gateway is on).
    await logIn(visitor, base(), 'admin', e2e.server.adminPassword());
    expect(await visitor.getAttribute('html', 'data-layout')).toBe('primary');
    expect(await visitor.textContent('[data-testid=payments-simulated]')).toContain('Payments are simulated');
    // The admin's own menu leads to the back office.
    await visitor.waitForSelector('[data-testid=menu-back-office]:not([hidden])', { state: 'attached' });
    expect(await visitor.getAttribute('[data-testid=menu-back-office]', 'href')).toBe('/admin');
    await visitor.close();
    // A blocked country wins over maintenance: its visitors get the blocked page (451), the login page included.
    const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
    const admin = (method: string, path: string, body?: object) =>
      fetch(`${base()}/api/admin${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.json());
    const blocked = (await admin('POST', '/blocked-countries', { code: 'FR' })).data;
    for (const path of ['/', '/auth/login']) {
      const fr = await fetch(`${base()}${path}`, { headers: { 'x-test-country': 'FR' } });
      expect(fr.status, path).toBe(451);
      expect(await fr.text()).toContain('Not available in your region');
    }
    expect((await admin('DELETE', `/blocked-countries/${blocked._id}`)).data).toEqual({ _id: 'FR' });
    const site = await context.newPage();
    await site.goto(`${base()}/`);
    expect(await site.getAttribute('html', 'data-layout')).toBe('primary');
    expect(await site.textContent('[data-testid=maintenance-banner]')).toContain('Maintenance mode is on');
    await screenshot(site, 'admin-maintenance-banner', { fullPage: false });
    await site.close();

    await page.click('[data-testid=maintenance-toggle]');
    await page.waitForSelector('[data-testid=maintenance][data-on=false]');
    expect((await fetch(`${base()}/videos`)).status).toBe(200);
    await context.close();
  });

  it('blocks and unblocks a country from the list', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/site-mode`);
    await hydrated(page, '[data-testid=block-country-submit]');
    await page.click('[data-testid=block-country-submit]');
    expect(await page.textContent('#block-country-error')).toBe('Country: choose one.');
    await page.selectOption('#block-country', 'FR');
    await page.click('[data-testid=block-country-submit]');
    await page.locator('[data-testid=blocked-country]', { hasText: 'France' }).waitFor();
    expect((await fetch(`${base()}/`, { headers: { 'x-test-country': 'FR' } })).status).toBe(451);
    expect((await fetch(`${base()}/`, { headers: { 'x-test-country': 'DE' } })).status).toBe(200);
    await screenshot(page, 'admin-site-mode');

    await page.click('button[aria-label="Unblock France"]');
    await page.waitForSelector('[data-testid=no-blocked-countries]');
    expect((await fetch(`${base()}/`, { headers: { 'x-test-country': 'FR' } })).status).toBe(200);
    await context.close();
  });

  it('reorders the header menu with the keyboard and by dragging, moves a link to the footer, and the site follows', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/menus`);
    await hydrated(page, '[data-testid=menus-save]');
    const header = page.locator('[data-testid=menu-main] [data-testid=menu-item] input[id$=-title]');
    const titles = async () => header.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await titles()).toEqual(['Home', 'Videos', 'Galleries', 'Stories', 'Store']);

    // Keyboard: focus "Move Videos down" and press Enter twice; focus stays on the button as it moves.
    await page.getByRole('button', { name: 'Move Videos down' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await titles()).toEqual(['Home', 'Galleries', 'Stories', 'Videos', 'Store']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Move Videos down');
    expect(await page.textContent('[role=status][aria-live=polite]')).toBe('Videos moved to position 4 of 5 in the header menu.');

    // Dragging: Store onto Home puts it first.
    await page.dragAndDrop(
      '[data-testid=menu-main] [data-testid=menu-item]:nth-child(5) .admin-drag',
      '[data-testid=menu-main] [data-testid=menu-item]:nth-child(1)',
    );
    expect(await titles()).toEqual(['Store', 'Home', 'Galleries', 'Stories', 'Videos']);

    // Stories goes to the footer; a new footer link opens in a new tab.
    await page.getByRole('button', { name: /^To footer\W+Stories$/ }).click();
    await page.click('#menu-add-footer');
    await page.keyboard.type('Press');
    const added = page.locator('[data-testid=menu-footer] [data-testid=menu-item]').last();
    await added.locator('input[id$=-path]').fill('https://press.example');
    await added.locator('input[type=checkbox]').check();
    // A page is picked, not typed: its title and address fill in.
    await page.click('#menu-add-footer');
    const picked = page.locator('[data-testid=menu-footer] [data-testid=menu-item]').last();
    await picked.locator('[data-testid=menu-page]').selectOption({ label: 'Terms of Use' });
    expect([await picked.locator('input[id$=-title]').inputValue(), await picked.locator('input[id$=-path]').inputValue()]).toEqual([
      'Terms of Use',
      '/posts/terms',
    ]);
    await screenshot(page, 'admin-menus');
    await page.click('[data-testid=menus-save]');
    await page.locator('.toast', { hasText: 'Menus saved.' }).waitFor();

    const site = await e2e.browser.newPage();
    await site.goto(`${base()}/`);
    expect((await site.locator('nav[aria-label=Main] a').allTextContents()).map((t) => t.trim())).toEqual(['Store', 'Home', 'Galleries', 'Videos']);
    expect((await site.locator('nav[aria-label=Footer] a').allTextContents()).map((t) => t.trim())).toEqual([
      'Events',
      'Contact',
      'Stories',
      'Press',
      'Terms of Use',
    ]);
    expect(await site.getAttribute('nav[aria-label=Footer] a:has-text("Press")', 'target')).toBe('_blank');
    await site.close();
    await context.close();
  });

  it('the dashboard: each figure links to its list, sales by day are a chart with a table for screen readers', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin`);
    const link = (id: string) => page.getAttribute(`[data-testid=figure-${id}]`, 'href');
    expect(await link('orders')).toBe('/admin/orders?deliveryStatus=processing');
    expect(await link('reports')).toBe('/admin/reports?status=open');
    expect(await page.textContent('[data-testid=figure-members]')).toMatch(/^\d+ members \d+ new this week$/);
    expect(await link('media')).toBe('/admin/videos?media=processing');
    expect(await page.textContent('[data-testid=figure-media]')).toMatch(/^0 videos being processed 0 failed$/);
    expect(await page.locator('[data-testid=money-in-chart] rect.bar').count()).toBe(14);
    expect(await page.locator('figure:has([data-testid=money-in-chart]) table tbody tr').count()).toBe(14);
    await screenshot(page, 'admin-dashboard');
    // Every figure opens its list, with the figure's filter on.
    const hrefs = await page.$$eval('a[data-testid^=figure-]', (links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs).toEqual(expect.arrayContaining(['/admin/members', '/admin/payments?status=success', '/admin/token-transactions']));
    for (const href of hrefs) {
      expect((await page.goto(base() + href))!.status(), href).toBe(200);
      expect(await page.locator('[data-testid=admin-table]').count(), href).toBe(1);
      const [, query] = href.split('?');
      if (query) expect(new URL(page.url()).search, href).toBe(`?${query}`);
    }
    await context.close();
  });

  it('the settings, menus and site-mode pages pass axe (light on a desktop or dark on a phone, alternating) and never scroll sideways on a phone', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operator(theme, theme === 'dark' ? 320 : 1280);
      // The dashboard is checked with the other back-office pages (admin.test.ts).
      for (const path of pagesFor(['/admin/settings', '/admin/menus', '/admin/site-mode'], theme)) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        const wide = await overflowOnPhone(page);
        if (wide > 0) problems.push(`${theme} ${path}: ${wide} px wider than the screen`);
        if (theme === 'dark') await screenshot(page, `admin${path.replace(/\//g, '-').replace('-admin', '')}-dark`);
      }
      // The menus with their errors shown.
      await page.goto(`${base()}/admin/menus`);
      await hydrated(page, '#menu-add-main');
      await page.click('#menu-add-main');
      await page.click('[data-testid=menus-save]');
      await page.waitForSelector('.field-error');
      problems.push(...(await axeProblems(page, `${theme} menus errors`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
