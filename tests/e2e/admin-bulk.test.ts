import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** An operator sets the price of several videos at once from the list, in a browser, against the demo site. */
describe.skipIf(chromiumMissing)('bulk price in the back office', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('checks two videos, sets their price to 35 after a confirmation that says how many, and the list and site show it', async () => {
    const { context, page } = await operatorOf(e2e, 'dark', 390);
    await page.goto(`${base()}/admin/videos`);
    const rows = page.locator('[data-testid=admin-row]');
    await hydrated(page, '[data-testid=admin-row] input[type=checkbox]');
    const titles = (await rows.locator('a').allTextContents()).slice(0, 2);
    expect(titles).toHaveLength(2);
    for (const title of titles) await rows.filter({ hasText: title }).locator('input[type=checkbox]').check();

    await page.click('.admin-bulk button:has-text("Set price")');
    // Nothing is asked or sent without a price.
    await page.click('[data-testid=bulk-apply]');
    await page.locator('.toast', { hasText: 'Price: give a whole number of tokens' }).waitFor();
    await page.fill('#bulk-value', '35');
    await screenshot(page, 'admin-bulk-price-dark-phone');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
    await page.click('[data-testid=bulk-apply]');
    expect(await asked).toBe('Set the price of 2 videos to 35 tokens?');
    await page.locator('.toast', { hasText: 'Set price: 2 done.' }).waitFor();
    for (const title of titles) await expect.poll(() => rows.filter({ hasText: title }).textContent()).toContain('35');

    // The site asks the new price.
    const id = (await rows.filter({ hasText: titles[0]! }).locator('a').first().getAttribute('href'))!.split('/').pop()!;
    const item = await fetch(`${base()}/api/assets/videos/${id}?countView=false`);
    expect((await item.json()).data).toMatchObject({ isSale: true, price: 35, isLocked: true });
    await context.close();
  });
});
