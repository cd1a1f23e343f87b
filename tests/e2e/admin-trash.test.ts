import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Whether two boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * The trash of the back office in a browser (issue 35, part 3): an operator deletes a story and takes it back with the
 * toast's Undo; deletes it again, finds it in the trash and restores it; deletes it for good. Every step is checked on
 * the public site, and the trash and the toast pass axe in both themes.
 */
describe.skipIf(chromiumMissing)('the trash in the back office', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const status = async (path: string) => (await fetch(base() + path)).status;

  /** The story list's row of `title`, once the list has hydrated. */
  async function listed(page: Page, title: string) {
    await page.goto(`${base()}/admin/stories?q=${encodeURIComponent(title)}`);
    await hydrated(page, '[data-testid=admin-row] input[type=checkbox]');
    return page.locator('[data-testid=admin-row]', { hasText: title });
  }

  it('deletes a story and takes it back with Undo; deletes it again, restores it from the trash; deletes it for good', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/stories`);
    await hydrated(page, '[data-testid=admin-row] a');
    const first = page.locator('[data-testid=admin-row] a').first();
    const title = (await first.textContent())!;
    await Promise.all([page.waitForURL(/\/admin\/stories\/[0-9a-f-]{36}$/), first.click()]);
    await hydrated(page, '#field-slug');
    const slug = await page.inputValue('#field-slug');
    expect(await status(`/stories/${slug}`)).toBe(200);

    // Deleted from its page: the list it lands on offers it back.
    page.once('dialog', (d) => void d.accept());
    await Promise.all([page.waitForURL(`${base()}/admin/stories`), page.click('.admin-form .actions button:has-text("Delete")')]);
    const toast = page.locator('.toast', { hasText: `"${title}" is in the trash.` });
    await toast.waitFor();
    expect(await page.locator('[data-testid=admin-row]', { hasText: title }).count()).toBe(0);
    expect(await page.textContent('[data-testid=trash-link]')).toBe('Trash (1)');
    expect(await status(`/stories/${slug}`)).toBe(404);
    await screenshot(page, 'admin-trash-undo-toast', { fullPage: false });
    await toast.locator('button', { hasText: 'Undo' }).click();
    await page.locator('.toast', { hasText: 'Restored 1 story.' }).waitFor();
    await page.locator('[data-testid=admin-row]', { hasText: title }).waitFor();
    expect(await page.textContent('[data-testid=trash-link]')).toBe('Trash (0)');
    expect(await status(`/stories/${slug}`)).toBe(200);

    // Deleted again with its checkbox, then found in the trash and restored there.
    const row = await listed(page, title);
    await row.locator('input[type=checkbox]').check();
    page.once('dialog', (d) => void d.accept());
    await page.click('.admin-bulk button:has-text("Delete")');
    await page.locator('.toast', { hasText: 'Moved 1 story to the trash.' }).waitFor();
    await Promise.all([page.waitForURL(`${base()}/admin/stories/trash`), page.click('[data-testid=trash-link]')]);
    await hydrated(page, '[data-testid=trash-row] button');
    const trashed = page.locator('[data-testid=trash-row]', { hasText: title });
    expect(await trashed.textContent()).toContain(slug);
    expect(await trashed.textContent()).toContain('Published');
    await screenshot(page, 'admin-trash');
    await trashed.locator('button', { hasText: 'Restore' }).click();
    await page.locator('.toast', { hasText: `"${title}" is back, published.` }).waitFor();
    await expect.poll(() => page.locator('[data-testid=trash-row]').count()).toBe(0);
    expect(await page.textContent('.empty')).toBe('The trash is empty.');
    expect(await status(`/stories/${slug}`)).toBe(200);
    expect(await (await listed(page, title)).count()).toBe(1);

    // Deleted for good, after a question: gone from the trash and the site.
    await (await listed(page, title)).locator('input[type=checkbox]').check();
    page.once('dialog', (d) => void d.accept());
    await page.click('.admin-bulk button:has-text("Delete")');
    await page.locator('.toast', { hasText: 'Moved 1 story to the trash.' }).waitFor();
    await page.goto(`${base()}/admin/stories/trash`);
    await hydrated(page, '[data-testid=trash-row] button');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
    await page.locator('[data-testid=trash-row]', { hasText: title }).locator('button', { hasText: 'Delete for good' }).click();
    expect(await asked).toBe(`Delete "${title}" for good? It cannot be brought back.`);
    await page.locator('.toast', { hasText: `"${title}" is deleted for good.` }).waitFor();
    await expect.poll(() => page.locator('[data-testid=trash-row]').count()).toBe(0);
    expect(await page.textContent('[data-testid=trash-link]')).toBe('Trash (0)');
    expect(await status(`/stories/${slug}`)).toBe(404);
    await page.goto(`${base()}/admin/stories?q=${encodeURIComponent(title)}`);
    expect(await page.textContent('.admin-list .empty')).toBe('Nothing found.');
    await context.close();
  });

  it("toasts never cover the Save bar or a form's buttons: the sticky bar stands above them, a page's end scrolls clear of them", async () => {
    const { context, page } = await operatorOf(e2e, 'light', 1280);
    const toasts = page.locator('#toasts');
    // The settings' Save bar sticks to the bottom of the screen: with a toast shown (nothing changed), it stands above it.
    await page.goto(`${base()}/admin/settings`);
    await hydrated(page, '[data-testid=settings-save]');
    const bar = page.locator('.admin-save-bar');
    const barBottom = async () => {
      const box = (await bar.boundingBox())!;
      return Math.round(box.y + box.height);
    };
    expect(await barBottom()).toBe(900);
    await page.click('[data-testid=settings-save]');
    await page.locator('.toast', { hasText: 'Nothing to save.' }).waitFor();
    await expect.poll(barBottom).toBeLessThan(900);
    expect(await overlap(toasts, bar)).toBe(false);
    await screenshot(page, 'admin-settings-toast-above-bar', { fullPage: false });

    // A story's form with two toasts stacked: at the page's end its buttons are above them.
    await page.goto(`${base()}/admin/stories`);
    await hydrated(page, '[data-testid=admin-row] a');
    await Promise.all([page.waitForURL(/\/admin\/stories\/[0-9a-f-]{36}$/), page.locator('[data-testid=admin-row] a').first().click()]);
    await hydrated(page, '[data-testid=admin-save]');
    for (let i = 0; i < 2; i++) {
      await page.click('[data-testid=admin-save]');
      await page.waitForSelector('[data-testid=admin-save]:not([disabled])');
    }
    await expect.poll(() => page.locator('.toast', { hasText: 'The story is saved.' }).count()).toBe(2);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const button of [page.locator('[data-testid=admin-save]'), page.locator('.admin-form .actions button:has-text("Delete")')])
      expect(await overlap(toasts, button)).toBe(false);
    await context.close();
  });

  it("the trash, its tabs and a delete's Undo toast pass axe in the light and the dark theme", async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operatorOf(e2e, theme, theme === 'dark' ? 390 : 1280);
      // A post in the trash, so that the trash has a row with its buttons.
      const row = await (async () => {
        await page.goto(`${base()}/admin/posts`);
        await hydrated(page, '[data-testid=admin-row] input[type=checkbox]');
        return page.locator('[data-testid=admin-row]').first();
      })();
      await row.locator('input[type=checkbox]').check();
      page.once('dialog', (d) => void d.accept());
      await page.click('.admin-bulk button:has-text("Delete")');
      const toast = page.locator('.toast', { hasText: 'Moved 1 post to the trash.' });
      await toast.waitFor();
      problems.push(...(await axeProblems(page, `${theme} posts list with the Undo toast`)));
      await page.goto(`${base()}/admin/posts/trash`);
      await hydrated(page, '[data-testid=trash-row] button');
      problems.push(...(await axeProblems(page, `${theme} posts trash`)));
      if (theme === 'dark') await screenshot(page, 'admin-trash-dark-phone');
      // Restored from the trash: the toast with its Open button, checked too.
      await page.locator('[data-testid=trash-row] button', { hasText: 'Restore' }).first().click();
      await page.locator('.toast', { hasText: 'is back' }).waitFor();
      problems.push(...(await axeProblems(page, `${theme} trash with the restored toast`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
