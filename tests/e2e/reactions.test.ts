import { describe, expect, it } from 'vitest';
import { chromiumMissing, logIn, reactionsRead, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('reactions in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('like, favourite and watch later a video; find it on /account/favourites and /account/watch-later', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Anonymous: counts and links to log in, no island.
    await page.goto(`${base()}/videos/desert-colour-drift`);
    expect((await page.locator('.reactions a.reaction').allTextContents()).slice(1)).toEqual(['☆ Favourite', '+ Watch later', '⚑ Report']);
    expect(await page.locator('.reactions a.reaction').first().getAttribute('href')).toBe('/auth/login?next=%2Fvideos%2Fdesert-colour-drift');

    await logIn(page, base());
    await page.goto(`${base()}/videos/desert-colour-drift`);
    const like = page.locator('[data-testid=react-like]');
    await reactionsRead(page);
    const before = Number((await like.textContent())!.replace(/\D/g, ''));
    await like.click();
    await page.waitForSelector('[data-testid=react-like][aria-pressed=true]:not([disabled])');
    expect(Number((await like.textContent())!.replace(/\D/g, ''))).toBe(before + 1);
    await page.click('[data-testid=react-favourite]');
    await page.waitForSelector('[data-testid=react-favourite][aria-pressed=true]:not([disabled])');
    await page.click('[data-testid=react-watch_later]');
    await page.waitForSelector('[data-testid=react-watch_later][aria-pressed=true]:not([disabled])');
    await screenshot(page, 'reactions');

    // The server remembers: the page (the one shared with visitors) shows them pressed once the member's are read.
    await page.reload();
    await reactionsRead(page);
    expect(await page.getAttribute('[data-testid=react-like]', 'aria-pressed')).toBe('true');
    await page.goto(`${base()}/account/favourites`);
    expect(await page.locator('.item-title').allTextContents()).toContain('Desert Colour Drift');
    await screenshot(page, 'account-favourites');
    await page.goto(`${base()}/account/watch-later`);
    expect(await page.locator('.item-title').allTextContents()).toContain('Desert Colour Drift');

    // Unfavourite: gone from the list.
    await page.goto(`${base()}/videos/desert-colour-drift`);
    await reactionsRead(page);
    await page.click('[data-testid=react-favourite]');
    await page.waitForSelector('[data-testid=react-favourite][aria-pressed=false]:not([disabled])');
    await page.goto(`${base()}/account/favourites`);
    expect(await page.locator('[data-testid=empty]').count()).toBe(1);
    await context.close();
  });
});
