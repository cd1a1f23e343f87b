import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, screenshot, useE2e } from '../helpers/e2e.ts';

/** A picture to upload: a plain PNG of one colour with a band across it. */
const picture = async (colour: string, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(`<svg width="900" height="600"><rect y="250" width="900" height="100" fill="#fff"/></svg>`) }])
    .png()
    .toBuffer(),
});

describe.skipIf(chromiumMissing)('the back office: content in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  async function operator(theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
    const res = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
    });
    const { token } = (await res.json()).data;
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    await context.addCookies([{ name: 'token', value: token, url: base() }]);
    return { context, page: await context.newPage() };
  }

  /** Saves the form and waits for the item's own page (a new item) or the saved toast. */
  async function create(page: Page, resource: string) {
    await Promise.all([page.waitForURL(new RegExp(`/admin/${resource}/[0-9a-f-]{36}$`)), page.click('[data-testid=admin-save]')]);
    return page.url().split('/').pop()!;
  }

  it('an operator writes a post with a category and a picture, publishes it, and visitors see it at once', async () => {
    // A visitor's look at the posts fills the page cache first.
    expect(await (await fetch(`${base()}/posts`)).text()).not.toContain('Harbour lights return');
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/posts/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-title', 'Harbour lights return');
    await page.fill('#field-shortDescription', 'The lamps are lit again.');
    await page.fill('#field-content', '<h2>Tonight</h2><p>All <em>seven</em> lamps.</p><script>alert(1)</script>');
    await page.check('fieldset[data-field=categoryIds] input[type=checkbox] >> nth=0');
    await page.setInputFiles('#field-image', await picture('#2a6f97', 'harbour.png'));
    await page.locator('fieldset[data-field=image] .upload-list img').waitFor();
    await page.selectOption('#field-status', 'active');
    const id = await create(page, 'posts');
    await page.locator('.toast', { hasText: 'The post is created.' }).waitFor();
    await screenshot(page, 'admin-post-edit');

    const visitor = await fetch(`${base()}/posts`);
    expect(await visitor.text()).toContain('Harbour lights return');
    const post = await context.newPage();
    await post.goto(`${base()}/posts/harbour-lights-return`);
    expect(await post.textContent('main h1')).toBe('Harbour lights return');
    expect(await post.locator('main h2', { hasText: 'Tonight' }).count()).toBe(1);
    expect(await post.locator('main em', { hasText: 'seven' }).count()).toBe(1);
    expect(await post.locator('meta[property="og:image"]').getAttribute('content')).toContain(`/share/post/${id}.jpg`);
    await post.close();
    await context.close();
  });
});
