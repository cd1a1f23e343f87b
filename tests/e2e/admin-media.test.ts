import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Drops files on an element as a browser would after a drag from the desktop. */
async function dropFiles(page: Page, selector: string, files: { name: string; type: string; data: Buffer }[]) {
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, b64: f.data.toString('base64') })),
  );
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

const picture = (colour: string) =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Back office → Media library (issue 35, part 2): drop pictures in, delete an unused one, use one as a story's cover. */
describe.skipIf(chromiumMissing)('the back office: media library', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('takes two dropped pictures into the grid; an unused one is deleted; one chosen from the library becomes a story cover, and the library says so', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/media`);
    // The demo's pictures are in the library already (adopted from its items).
    expect(await page.locator('[data-testid=media-grid] li').count()).toBeGreaterThan(0);
    await hydrated(page, '[data-testid=media-drop]');
    await dropFiles(page, '[data-testid=media-drop]', [
      { name: 'tide-pool.png', type: 'image/png', data: await picture('#2a6f97') },
      { name: 'salt-marsh.png', type: 'image/png', data: await picture('#8a5a44') },
    ]);
    await page.locator('.toast', { hasText: '2 files added to the library.' }).waitFor();
    const grid = page.locator('[data-testid=media-grid]');
    await grid.locator('li', { hasText: 'salt-marsh.png' }).waitFor();
    expect(await grid.locator('li').nth(0).textContent()).toContain('salt-marsh.png');
    expect(await grid.locator('li').nth(1).textContent()).toContain('tide-pool.png');
    expect(await grid.locator('li', { hasText: 'tide-pool.png' }).locator('img').getAttribute('src')).toMatch(/^\/media\/img\//);

    // Unused: its page says so, and Delete removes it.
    await Promise.all([page.waitForURL(/\/admin\/media\/[0-9a-f-]{36}$/), grid.locator('a', { hasText: 'salt-marsh.png' }).click()]);
    expect(await page.textContent('[data-testid=media-uses]')).toBe('Not used by any item.');
    await hydrated(page, '.media-delete button');
    page.once('dialog', (d) => void d.accept());
    await Promise.all([page.waitForURL(`${base()}/admin/media`), page.click('.media-delete button')]);
    await page.locator('.toast', { hasText: '“salt-marsh.png” is deleted.' }).waitFor();
    await page.fill('#' + (await page.locator('.media-filters input[type=search]').getAttribute('id')), 'salt-marsh');
    await page.locator('.media-browser [role=status]', { hasText: 'Nothing here yet.' }).waitFor();

    // A story's cover, chosen from the library in its dialog.
    await page.goto(`${base()}/admin/stories`);
    await Promise.all([page.waitForURL(/\/admin\/stories\/[0-9a-f-]{36}$/), page.locator('[data-testid=admin-row] a').first().click()]);
    const story = (await page.textContent('h1'))!.trim();
    const cover = page.locator('fieldset[data-field=cover]');
    await hydrated(page, 'fieldset[data-field=cover] button');
    await cover.locator('button', { hasText: 'Choose from library' }).click();
    const dialog = page.locator('dialog.media-picker');
    await dialog.waitFor();
    await dialog.locator('input[type=search]').fill('tide-pool');
    await dialog.locator('[role=status]', { hasText: '1 of 1 shown' }).waitFor();
    expect(await dialog.locator('.media-grid li').textContent()).toContain('tide-pool.png');
    // Focus stays in it (the page behind is inert), and Escape closes it, from the search field too.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.media-picker')))).toBe(true);
    }
    await dialog.locator('input[type=search]').focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await cover.locator('button', { hasText: 'Choose from library' }).click();
    await dialog.locator('input[type=search]').fill('tide-pool');
    await dialog.locator('[role=status]', { hasText: '1 of 1 shown' }).waitFor();
    await dialog.locator('.media-grid button', { hasText: 'tide-pool.png' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cover.locator('img').first().waitFor();
    await page.click('[data-testid=admin-save]');
    await page.locator('.toast', { hasText: 'The story is saved.' }).waitFor();

    await page.goto(`${base()}/admin/media`);
    await Promise.all([page.waitForURL(/\/admin\/media\/[0-9a-f-]{36}$/), page.locator('[data-testid=media-grid] a', { hasText: 'tide-pool.png' }).click()]);
    expect(await page.textContent('[data-testid=media-uses]')).toContain(`Story: ${story} (cover)`);
    expect(await page.locator('.media-delete button').isDisabled()).toBe(true);
    expect(await page.textContent('.media-delete')).toContain('It cannot be deleted while an item uses it');
    await context.close();
  });

  it('is axe clean in both themes, with no sideways scroll at 390 px', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operatorOf(e2e, theme);
      await page.goto(`${base()}/admin/media`);
      await hydrated(page, '[data-testid=media-drop]');
      problems.push(...(await axeProblems(page, `${theme} /admin/media`)));
      await screenshot(page, `admin-media-${theme}`);
      await page.locator('[data-testid=media-grid] a').first().click();
      await page.waitForURL(/\/admin\/media\/[0-9a-f-]{36}$/);
      problems.push(...(await axeProblems(page, `${theme} /admin/media/:id`)));
      await screenshot(page, `admin-media-item-${theme}`);
      await page.goto(`${base()}/admin/stories`);
      await page.locator('[data-testid=admin-row] a').first().click();
      await page.waitForURL(/\/admin\/stories\/[0-9a-f-]{36}$/);
      await hydrated(page, 'fieldset[data-field=cover] button');
      await page.locator('fieldset[data-field=cover] button', { hasText: 'Choose from library' }).click();
      await page.locator('dialog.media-picker .media-grid li').first().waitFor();
      problems.push(...(await axeProblems(page, `${theme} the library dialog`)));
      await screenshot(page, `admin-media-dialog-${theme}`, { fullPage: false });
      await context.close();
    }
    const { context, page } = await operatorOf(e2e, 'light', 390);
    await page.goto(`${base()}/admin/media`);
    await hydrated(page, '[data-testid=media-drop]');
    const wide = await overflowOnPhone(page, 390);
    if (wide > 0) problems.push(`/admin/media: ${wide} px wider than a 390 px screen`);
    await screenshot(page, 'admin-media-phone');
    await context.close();
    expect(problems).toEqual([]);
  });
});
