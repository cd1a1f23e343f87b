import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, openSettled, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('the catalogue in a browser', () => {
  // Three copies of the demo videos: 36, so that /videos has a second page for 'more'.
  const e2e = useE2e({ env: { SEED_SCALE: '3' } });
  const base = () => e2e.server.url;
  const origin = () => e2e.server.origin;

  async function open(path: string, colorScheme: 'light' | 'dark' = 'light', width = 1280): Promise<Page> {
    const context = await e2e.browser.newContext({ colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await openSettled(page, base() + path);
    return page;
  }

  it('browse: home → list → detail → related', async () => {
    const page = await open('/');
    expect(await page.locator('.banners.carousel .banner').count()).toBe(2);
    await Promise.all([page.waitForURL(`${base()}/videos`), page.click('#latest-videos ~ a, section[aria-labelledby=latest-videos] a:has-text("See all")')]);
    expect(await page.textContent('h1')).toBe('Videos');
    const first = page.locator('.card-grid .item-card:not([data-locked]) .item-link').first();
    const title = await first.locator('.item-title').textContent();
    await Promise.all([page.waitForURL(/\/videos\/[a-z0-9-]+$/), first.click()]);
    expect(await page.textContent('h1')).toBe(title);
    // A free video plays: the signed stream answers Range requests and the browser reads its duration.
    const duration = await page
      .locator('video[data-testid=player]')
      .evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => (v.readyState >= 1 ? resolve(v.duration) : v.addEventListener('loadedmetadata', () => resolve(v.duration)))),
      );
    expect(duration).toBeGreaterThan(3);
    const related = page.locator('section[aria-labelledby=related] .item-link').first();
    expect(await related.count()).toBe(1);
    const relatedTitle = await related.locator('.item-title').textContent();
    await Promise.all([page.waitForURL(/\/videos\//), related.click()]);
    expect(await page.textContent('h1')).toBe(relatedTitle);
  });

  it("'more' appends the next page under the first, without leaving it", async () => {
    const page = await open('/videos');
    expect(await page.locator('.card-grid .item-card').count()).toBe(24);
    expect(await page.textContent('[data-testid=list-total]')).toContain('36 items');
    expect(await page.getAttribute('.pagination a[rel=next]', 'href')).toBe('/videos?page=2');
    expect(await page.textContent('.pagination [aria-current=page]')).toBe('1');
    const more = page.locator('[data-testid=more]');
    await hydrated(page, '[data-testid=more]');
    await more.click();
    await page.locator('[data-testid=more-items] .item-card').nth(11).waitFor();
    expect(await page.locator('.item-card').count()).toBe(36);
    expect(page.url()).toBe(`${base()}/videos`);
    expect(await page.locator('[data-testid=more]').count()).toBe(0);
    const titles = await page.locator('.item-title').allTextContents();
    expect(new Set(titles).size).toBe(36);
    // The page links follow what is on screen: page 2 is the current one now, page 1 is shown above, no next page.
    expect(await page.textContent('.pagination [aria-current=page]')).toBe('2');
    expect(await page.locator('.pagination .loaded').allTextContents()).toEqual(['1']);
    expect(await page.locator('.pagination a[rel=next]').count()).toBe(0);
    await screenshot(page, 'catalogue-videos-after-more');
  });

  it('search finds an item by a word from its description', async () => {
    const page = await open('/');
    await page.fill('#q', 'glassblower');
    await Promise.all([page.waitForURL(/\/search\?q=glassblower/), page.press('#q', 'Enter')]);
    expect(await page.textContent('[data-testid=search-total]')).toMatch(/results? for “glassblower”/);
    const titles = await page.locator('.item-title').allTextContents();
    expect(titles).toContain('Glass Blowing Masterclass');
    await screenshot(page, 'catalogue-search');
  });

  it('a locked item shows its server-made blurred preview and its price, never the stream', async () => {
    const page = await open('/videos/glass-blowing-masterclass');
    expect(await page.textContent('[data-testid=unlock-panel] [data-testid=price]')).toBe('60 tokens');
    expect(await page.locator('video').count()).toBe(0);
    const poster = page.locator('.player img');
    expect(await poster.getAttribute('src')).toMatch(/preview\.webp\?e=\d+&s=/);
    // The preview file itself is tiny (made small and blurred on the server), not the original with a CSS blur.
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(64);
    expect(await page.content()).not.toMatch(/\.webm|original\.jpg/);
    const gallery = await open('/galleries/city-after-dark');
    expect(await gallery.locator('[data-testid=unlock-panel]').count()).toBe(1);
    const photos = gallery.locator('[data-testid=photos] img');
    expect(await photos.count()).toBe(7);
    for (const src of await photos.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.getAttribute('src')))) expect(src).toMatch(/preview\.webp/);
  });

  it('a free gallery opens its photos in a keyboard-driven lightbox', async () => {
    const page = await open('/galleries/alpine-ridges');
    await page.waitForSelector('dialog[data-lightbox][data-ready]', { state: 'attached' });
    await page.click('[data-lightbox-index="0"]');
    const image = page.locator('[data-testid=lightbox-image]');
    await image.waitFor();
    expect(await page.textContent('.lightbox figcaption')).toContain('1 / 8');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('.lightbox figcaption')).toContain('2 / 8');
    await page.keyboard.press('Escape');
    expect(await page.locator('dialog.lightbox[open]').count()).toBe(0);
  });

  it('unknown items are a 404 page', async () => {
    const page = await e2e.browser.newPage();
    const res = await page.goto(`${base()}/videos/no-such-video`);
    expect(res?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page not found');
    await page.close();
  });

  it('anonymous pages come from the page cache; a member gets the shared lists from it, and their own pages fresh', async () => {
    const first = await fetch(`${base()}/stories`);
    const second = await fetch(`${base()}/stories`);
    expect(first.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/);
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    const member = { headers: { cookie: 'token=not-a-real-token' } };
    expect((await fetch(`${base()}/stories`, member)).headers.get('x-page-cache')).toBe('HIT');
    // The token-packages page speaks to the member (their balance): cached for visitors, never for a member.
    expect((await fetch(`${base()}/tokens`)).status).toBe(200);
    expect((await fetch(`${base()}/tokens`)).headers.get('x-page-cache')).toBe('HIT');
    const own = await fetch(`${base()}/tokens`, member);
    expect(own.headers.get('x-page-cache')).toBeNull();
    expect(own.headers.get('cache-control')).toMatch(/^private/);
  });

  it('sitemap, robots and feeds list public items and never locked text', async () => {
    // One file per kind and month of publication: the video files together list every public video once.
    const index = await (await fetch(`${base()}/sitemap.xml`)).text();
    const videoFiles = [...index.matchAll(/<loc>[^<]*(\/sitemap\/video-\d{4}-\d{2}\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(videoFiles.length).toBeGreaterThan(0);
    const videos = (await Promise.all(videoFiles.map(async (f) => (await fetch(`${base()}${f}`)).text()))).join('');
    expect(videos.match(/<url>/g)).toHaveLength(36);
    expect(videos).toContain(`${origin()}/videos/glass-blowing-masterclass</loc>`);
    expect((await fetch(`${base()}/sitemap/video-1999-01.xml`)).status).toBe(404);
    expect((await fetch(`${base()}/sitemap/video-1.xml`)).status).toBe(404);
    expect(await (await fetch(`${base()}/robots.txt`)).text()).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    const stories = await (await fetch(`${base()}/stories/rss.xml`)).text();
    expect(stories.match(/<item>/g)).toHaveLength(6);
    expect(stories).toContain('(15 tokens to unlock)');
    expect(stories).not.toContain('tripod');
    expect(await (await fetch(`${base()}/posts/rss.xml`)).text()).toContain('<title>Welcome to Tessera</title>');
  });

  it('screenshots of each page type in both themes', async () => {
    const pages = {
      home: '/',
      videos: '/videos',
      video: '/videos/desert-colour-drift',
      'video-locked': '/videos/glass-blowing-masterclass',
      galleries: '/galleries',
      gallery: '/galleries/alpine-ridges',
      stories: '/stories',
      story: '/stories/on-walking-slowly',
      'story-locked': '/stories/notes-from-a-night-shoot',
      posts: '/posts',
      post: '/posts/welcome-to-tessera',
      store: '/store',
      product: '/store/tessera-enamel-mug',
      search: '/search?q=light',
      category: '/categories/travel',
    };
    // One page per theme, reused: the markup is the same in both, so the layout check runs once; dark gets the
    // screenshots that show its colours on each kind of surface.
    const DARK = ['home', 'video-locked', 'story', 'product'];
    for (const theme of ['light', 'dark'] as const) {
      const context = await e2e.browser.newContext({ colorScheme: theme, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(pages)) {
        if (theme === 'dark' && !DARK.includes(name)) continue;
        await page.goto(base() + path, { waitUntil: 'load' });
        // Nothing shifts: every image has its width and height.
        if (theme === 'light') expect(await page.locator('main img:not([width])').count(), `${name}: images without dimensions`).toBe(0);
        await screenshot(page, `catalogue-${name}-${theme}`, { fullPage: theme === 'light' });
      }
      await context.close();
    }
    const phone = await open('/videos', 'light', 390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'catalogue-videos-phone');
  });
});
