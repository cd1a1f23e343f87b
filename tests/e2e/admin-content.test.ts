import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeProblems, pagesFor } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

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

  const operator = (theme: 'light' | 'dark' = 'light', width = 1280) => operatorOf(e2e, theme, width);

  /** Saves the form and waits for the item's own page (a new item) or the saved toast. */
  async function create(page: Page, resource: string) {
    await Promise.all([page.waitForURL(new RegExp(`/admin/${resource}/[0-9a-f-]{36}$`)), page.click('[data-testid=admin-save]')]);
    return page.url().split('/').pop()!;
  }

  it('an operator creates a category, a gallery with three photos and a post, publishes them, and visitors see them at once', async () => {
    // A visitor's look at the lists fills the page cache first: the operator's writes must reach cached pages too.
    expect(await (await fetch(`${base()}/galleries`)).text()).not.toContain('Harbour at dusk');
    expect(await (await fetch(`${base()}/posts`)).text()).not.toContain('Harbour lights return');
    const { context, page } = await operator();

    // A category for galleries.
    await page.goto(`${base()}/admin/categories/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-name', 'Harbours');
    await page.selectOption('#field-group', 'gallery');
    await create(page, 'categories');

    // A gallery in it, as a draft; publishing before it has photos is refused at the field.
    await page.goto(`${base()}/admin/galleries/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-title', 'Harbour at dusk');
    await page.fill('#field-description', 'Boats coming home.');
    await page.getByLabel('Harbours').check();
    const galleryId = await create(page, 'galleries');
    await hydrated(page, '#add-photos');
    await page.selectOption('#field-status', 'active');
    await page.click('[data-testid=admin-save]');
    expect(await page.locator('#field-status-error').textContent()).toBe('Status: add at least one photo before publishing the gallery.');

    // Three photos at once, each with its progress; the first is the cover.
    await page.setInputFiles('#add-photos', [
      await picture('#8a3b12', 'dusk-1.png'),
      await picture('#1f4e79', 'dusk-2.png'),
      await picture('#2e7d32', 'dusk-3.png'),
    ]);
    await page.locator('[data-testid=uploads-photos] progress').first().waitFor();
    await page.locator('.toast', { hasText: '3 photos added.' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=admin-photo]').length === 3 && !document.querySelector('[data-testid=uploads-photos]'),
    );
    const titles = () => page.locator('[data-testid=admin-photo] .photo-title').allTextContents();
    expect(await titles()).toEqual(['Harbour at dusk 1Cover', 'Harbour at dusk 2', 'Harbour at dusk 3']);
    // The last one first, and made the cover.
    await page.click('button[aria-label="Move Harbour at dusk 3 earlier"]');
    await page.locator('.toast', { hasText: 'The new order is saved.' }).first().waitFor();
    await page.click('button[aria-label="Move Harbour at dusk 3 earlier"]');
    await page.waitForFunction(() => document.querySelector('[data-testid=admin-photo] .photo-title')?.textContent?.startsWith('Harbour at dusk 3'));
    await page.click('button:has-text("Make cover: Harbour at dusk 3")');
    await page.waitForSelector('[data-testid=admin-photo][data-cover]:first-child');
    await page.click('[data-testid=admin-save]');
    await page.locator('.toast', { hasText: 'The gallery is saved.' }).waitFor();
    await screenshot(page, 'admin-gallery-photos');

    // A post with a picture and some formatting, published at once.
    await page.goto(`${base()}/admin/posts/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-title', 'Harbour lights return');
    await page.fill('#field-shortDescription', 'The lamps are lit again.');
    // The text in the editor, with its Markdown shortcuts: a heading, then a paragraph with a word in italics.
    await page.click('#field-content[contenteditable=true]');
    await page.keyboard.type('## Tonight\nAll *seven* lamps.');
    await page.setInputFiles('#field-image', await picture('#2a6f97', 'harbour.png'));
    await page.locator('fieldset[data-field=image] .upload-list img').waitFor();
    await page.selectOption('#field-status', 'active');
    const postId = await create(page, 'posts');
    await page.locator('.toast', { hasText: 'The post is created.' }).waitFor();
    await screenshot(page, 'admin-post-edit');

    // Visitors (no session, the page cache in front) see both at once; the gallery shows its photos in their order.
    expect(await (await fetch(`${base()}/galleries`)).text()).toContain('Harbour at dusk');
    expect(await (await fetch(`${base()}/posts`)).text()).toContain('Harbour lights return');
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/categories/harbours`);
    expect(await visitor.locator('main', { hasText: 'Harbour at dusk' }).count()).toBe(1);
    await visitor.goto(`${base()}/galleries/harbour-at-dusk`);
    expect(await visitor.textContent('main h1')).toBe('Harbour at dusk');
    const photos = (await (await fetch(`${base()}/api/assets/galleries/${galleryId}/photos`)).json()).data.data;
    expect(photos.map((p: { title: string; isCover: boolean }) => [p.title, p.isCover])).toEqual([
      ['Harbour at dusk 3', true],
      ['Harbour at dusk 1', false],
      ['Harbour at dusk 2', false],
    ]);
    expect(await visitor.locator('main img').count()).toBeGreaterThanOrEqual(3);
    await visitor.goto(`${base()}/posts/harbour-lights-return`);
    expect(await visitor.textContent('main h1')).toBe('Harbour lights return');
    expect(await visitor.locator('main h2', { hasText: 'Tonight' }).count()).toBe(1);
    expect(await visitor.locator('main em', { hasText: 'seven' }).count()).toBe(1);
    expect(await visitor.locator('meta[property="og:image"]').getAttribute('content')).toContain(`/share/post/${postId}.jpg`);
    await screenshot(visitor, 'admin-made-gallery-public');
    await visitor.close();
    await context.close();
  });

  it('every content page of the back office passes axe (each in the light or the dark theme, alternating)', async () => {
    const problems: string[] = [];
    const first = async (kind: string) => (await (await fetch(`${base()}/api/${kind}?limit=1`)).json()).data.data[0]._id as string;
    const [video, gallery, product] = await Promise.all(['assets/videos/search', 'assets/galleries/search', 'assets/products/search'].map(first));
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operator(theme);
      // One page per kind of field and panel (lists and plain fields are checked with the categories, admin.test.ts):
      // a file and a picture, the photos panel, text, choices and an empty upload, pictures in order.
      const paths = [`/admin/videos/${video}`, `/admin/galleries/${gallery}`, '/admin/posts/new', `/admin/products/${product}`];
      for (const path of pagesFor(paths, theme)) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client=load], astro-island[ssr][opts*=\'"value":"load"\']'));
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        if (theme === 'dark' && !path.endsWith('/new')) await screenshot(page, `admin-${path.split('/')[2]}-dark`);
      }
      // An upload refused, shown under its field.
      await page.goto(`${base()}/admin/products/new`);
      await hydrated(page, '[data-testid=admin-save]');
      await page.setInputFiles('#field-images', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await page.locator('[data-testid=uploads-images] .field-error').waitFor();
      await page.click('[data-testid=admin-save]');
      await page.waitForSelector('#field-name[aria-invalid=true]');
      problems.push(...(await axeProblems(page, `${theme} product form errors`)));
      if (theme === 'light') await screenshot(page, 'admin-product-errors');
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
