import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

const picture = async () => ({
  name: 'lighthouse.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1f4e79' } })
    .png()
    .toBuffer(),
});

/** The editor of a form's text, once its code has loaded (it loads with the form, not with the back office). */
async function editorOf(page: Page) {
  await hydrated(page, '[data-testid=admin-save]');
  const editor = page.locator('#field-content[contenteditable=true]');
  await editor.waitFor();
  return editor;
}

/** An operator writes a post in the rich-text editor, with a picture and a video's card, and sees it on the site. */
describe.skipIf(chromiumMissing)('the rich-text editor', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const VIDEO = { slug: 'desert-colour-drift', title: 'Desert Colour Drift' };

  it('writes a post with a heading, bold words, a list, a picture with alt text and a video card: the public post shows them', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/posts/new`);
    const editor = await editorOf(page);
    await page.fill('#field-title', 'Lighthouse diary');
    await editor.click();
    // Markdown shortcuts: a heading, then a paragraph with bold words from the toolbar (pressed while they are typed).
    await page.keyboard.type('## Night at the lighthouse\nThe lamp turns ');
    const toolbar = page.getByRole('toolbar', { name: 'Text (optional): formatting' });
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    await bold.click();
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('all night');
    await page.keyboard.press('ControlOrMeta+b');
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type(' long.\n- oil\nwicks\n\n');

    // A picture: uploaded in the dialog, with its alt text (asked for before it is inserted).
    await toolbar.getByRole('button', { name: 'Insert picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert a picture' });
    await dialog.locator('#rte-image-file').setInputFiles(await picture());
    await dialog.getByRole('button', { name: 'Insert' }).click();
    expect(await dialog.locator('#rte-image-alt-error').textContent()).toBe('Alt text: say what the picture shows, for readers who cannot see it.');
    await dialog.locator('#rte-image-alt').fill('The lighthouse at dusk');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await editor.locator('img[alt="The lighthouse at dusk"]').waitFor();
    // Another from the media library: copied for the text, as an upload would be.
    await toolbar.getByRole('button', { name: 'Insert picture' }).click();
    const second = page.getByRole('dialog', { name: 'Insert a picture' });
    await second.locator('button', { hasText: 'Choose from library' }).click();
    await page.locator('dialog.media-picker .media-grid li button.media-tile-body').first().click();
    await second.locator('[data-testid=rte-image-chosen]').waitFor();
    await second.locator('#rte-image-alt').fill('A picture from the library');
    await second.getByRole('button', { name: 'Insert' }).click();
    await editor.locator('img[alt="A picture from the library"]').waitFor();

    // A card of one of the site's videos, found by searching for it.
    await toolbar.getByRole('button', { name: 'Insert card' }).click();
    const cards = page.getByRole('dialog', { name: 'Insert a card' });
    await cards.getByLabel('Search').fill('desert colour');
    await cards.getByRole('button', { name: `Insert ${VIDEO.title}` }).click();
    await editor.locator('.rte-embed', { hasText: VIDEO.title }).waitFor();
    await screenshot(page, 'admin-editor-light');

    await page.selectOption('#field-status', 'active');
    await Promise.all([page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    await page.locator('.toast', { hasText: 'The post is created.' }).waitFor();

    // More words, not saved: the preview shows them in the site's layout, with the card; the public page does not.
    await (await editorOf(page)).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('Written after saving.');
    const [preview] = await Promise.all([context.waitForEvent('page'), page.click('[data-testid=admin-preview]')]);
    const shown = preview.locator('[data-testid=preview-content]');
    await shown.waitFor();
    expect(await preview.locator('main h1').textContent()).toBe('Lighthouse diary');
    expect(await shown.locator('p', { hasText: 'Written after saving.' }).count()).toBe(1);
    expect(await shown.locator('.item-card[data-kind=video] .item-title').textContent()).toBe(VIDEO.title);
    await screenshot(preview, 'admin-editor-preview');

    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/posts/lighthouse-diary`);
    const prose = visitor.locator('main .prose');
    expect(await prose.locator('h2').textContent()).toBe('Night at the lighthouse');
    expect(await prose.locator('p strong').textContent()).toBe('all night');
    expect(await prose.locator('p', { hasText: 'The lamp turns' }).textContent()).toBe('The lamp turns all night long.');
    expect(await prose.locator('ul > li').allTextContents()).toEqual(['oil', 'wicks']);
    expect(await prose.textContent()).not.toContain('Written after saving.');
    const img = prose.locator('figure img').first();
    expect(await img.getAttribute('alt')).toBe('The lighthouse at dusk');
    expect(await prose.locator('figure img[alt="A picture from the library"]').getAttribute('src')).toMatch(/^\/media\/public\/text\/[0-9a-f-]+\.webp$/);
    expect(await img.getAttribute('src')).toMatch(/^\/media\/public\/text\/[0-9a-f-]+\.webp$/);
    await img.scrollIntoViewIfNeeded();
    await visitor.waitForFunction(() => (document.querySelector('main .prose figure img') as HTMLImageElement | null)?.naturalWidth === 1200);
    // The video as its card: its title and picture, linking to it.
    const card = prose.locator('.embed-card .item-card[data-kind=video]');
    expect(await card.locator('.item-title').textContent()).toBe(VIDEO.title);
    expect(await card.locator('a.item-link').getAttribute('href')).toBe(`/videos/${VIDEO.slug}`);
    expect(await card.locator('img').count()).toBe(1);
    await screenshot(visitor, 'post-with-editor-content');
    await visitor.close();
    await context.close();
  });

  it('opens an old post unchanged, keeps unsaved words in the browser and offers them back, and passes axe in both themes', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operatorOf(e2e, theme);
      await page.goto(`${base()}/admin/posts?q=welcome`);
      await Promise.all([page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-row] a >> nth=0')]);
      const editor = await editorOf(page);
      // Opened, not changed: the form has nothing unsaved.
      expect(await page.locator('form[data-dirty]').count()).toBe(0);
      if (theme === 'light') {
        await editor.click();
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.type(' Kept while writing.');
        await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('tessera:draft:posts:')));
        page.once('dialog', (d) => void d.accept());
        await page.reload();
        await editorOf(page);
        const offer = page.locator('.rte-draft');
        expect(await offer.textContent()).toContain('A version of this text not yet saved was kept in this browser');
        problems.push(...(await axeProblems(page, `${theme} editor with a kept draft`)));
        await offer.getByRole('button', { name: 'Restore it' }).click();
        await editor.locator('text=Kept while writing.').waitFor();
        expect(await page.locator('form[data-dirty]').count()).toBe(1);
      }
      problems.push(...(await axeProblems(page, `${theme} editor`)));
      await page.getByRole('toolbar').getByRole('button', { name: 'Link' }).click();
      await page.getByRole('dialog', { name: 'Add a link' }).waitFor();
      problems.push(...(await axeProblems(page, `${theme} link dialog`)));
      await page.keyboard.press('Escape');
      if (theme === 'dark') await screenshot(page, 'admin-editor-dark');
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('cleans what is pasted from a word processor to the HTML the site keeps', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/posts/new`);
    const editor = await editorOf(page);
    await page.fill('#field-title', 'Pasted from Word');
    await editor.click();
    const word = [
      '<html><head><style>p.MsoNormal { margin: 0 }</style></head><body>',
      '<h1 style="mso-outline-level:1">Minutes</h1>',
      '<p class="MsoNormal" style="margin:0cm"><b><span style="font-size:12pt">Agreed</span></b><span> to <u>repaint</u> the lamp.</span><o:p></o:p></p>',
      '<p class="MsoNormal"><img src="file:///C:/Users/a/image001.png" width="100"><a href="javascript:alert(1)">a bad link</a></p>',
      '</body></html>',
    ].join('');
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Minutes');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, word);
    await editor.locator('h2', { hasText: 'Minutes' }).waitFor();
    // The refused link's words made a link again, to a page of the site: Ctrl+K, an address it may not have, then one.
    await editor.locator('p', { hasText: 'a bad link' }).click({ clickCount: 3 });
    await page.keyboard.press('ControlOrMeta+k');
    const link = page.getByRole('dialog', { name: 'Add a link' });
    await link.getByLabel('Address').fill('javascript:alert(1)');
    await link.getByRole('button', { name: 'Apply' }).click();
    expect(await link.locator('#rte-link-error').textContent()).toBe('Use an address starting with https://, http://, mailto: or / (a page of this site).');
    await link.getByLabel('Address').fill('/about');
    await link.getByRole('button', { name: 'Apply' }).click();
    await editor.locator('a[href="/about"]', { hasText: 'a bad link' }).waitFor();
    await page.selectOption('#field-status', 'active');
    await Promise.all([page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    const post = await (await fetch(`${base()}/api/posts/pasted-from-word`)).json();
    expect(post.data.content).toBe(
      '<h2>Minutes</h2><p><strong>Agreed</strong> to repaint the lamp.</p><p><a href="/about" rel="nofollow noopener">a bad link</a></p>',
    );
    await context.close();
  });

  it('draws a card of a gallery as the page\u2019s viewer sees it, and nothing for an item that is gone', async () => {
    const login = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
    });
    const { token } = (await login.json()).data;
    const content =
      '<p>Before.</p><figure data-embed="gallery" data-slug="alpine-ridges"><a href="/galleries/alpine-ridges">Alpine Ridges</a></figure>' +
      '<figure data-embed="video" data-slug="no-such-video"><a href="/videos/no-such-video">Gone</a></figure><p>After.</p>';
    const created = await fetch(`${base()}/api/admin/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ title: 'Cards and a gone one', type: 'post', content, status: 'active' }),
    });
    expect(created.status).toBe(200);
    const visitor = await e2e.browser.newPage();
    const response = await visitor.goto(`${base()}/posts/cards-and-a-gone-one`);
    expect(response?.status()).toBe(200);
    const prose = visitor.locator('main .prose');
    expect(await prose.locator(':scope > p').allTextContents()).toEqual(['Before.', 'After.']);
    expect(await prose.locator('.embed-card .item-card').count()).toBe(1);
    expect(await prose.locator('.embed-card .item-card[data-kind=gallery] .item-title').textContent()).toBe('Alpine Ridges');
    expect(await prose.locator('a[href="/videos/no-such-video"]').count()).toBe(0);
    await visitor.close();
  });
});
