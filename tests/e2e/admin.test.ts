import { describe, expect, it } from 'vitest';
import { axeProblems, pagesFor } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('the back office in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  /** A browser context logged in as the demo admin (through the API: the login page is tested elsewhere). */
  const operator = (theme: 'light' | 'dark' = 'light', width = 1280) => operatorOf(e2e, theme, width);

  it('is for admins only: a visitor is sent to log in, a member gets the 403 page', async () => {
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/admin/categories`);
    expect(new URL(visitor.url()).pathname).toBe('/auth/login');
    await visitor.close();
    const context = await e2e.browser.newContext();
    const member = await context.newPage();
    await logIn(member, base());
    const res = await member.goto(`${base()}/admin`);
    expect(res!.status()).toBe(403);
    expect(await member.textContent('[data-testid=forbidden] h1')).toContain('operators');
    await context.close();
  });

  it('an operator creates a category (the form says what is missing first), finds it, changes it, sees it on the site and in the audit log, and deletes it', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/categories/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.click('[data-testid=admin-save]');
    await page.waitForSelector('#field-name[aria-invalid=true]:focus');
    expect(await page.textContent('#field-name-error')).toBe('Name: fill this in.');
    expect(await page.textContent('#field-group-error')).toBe('Shown with: choose one.');
    await page.fill('#field-name', 'Night Skies');
    await page.selectOption('#field-group', 'video');
    await page.fill('#field-description', 'Films shot after dark.');
    await Promise.all([page.waitForURL(/\/admin\/categories\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    expect(await page.textContent('h1')).toBe('Night Skies');
    await page.locator('.toast', { hasText: 'The category is created.' }).waitFor();
    await screenshot(page, 'admin-category-edit');

    // Changed in place; the unsaved state is said until it is saved.
    await hydrated(page, '#field-ordering');
    await page.fill('#field-ordering', '-5');
    await page.selectOption('#field-parentId', { label: 'Videos › Nature' });
    await page.waitForSelector('form[data-dirty]');
    await page.click('[data-testid=admin-save]');
    await page.locator('.toast', { hasText: 'The category is saved.' }).waitFor();
    expect(await page.locator('form[data-dirty]').count()).toBe(0);

    // On the public site at once, first among the video categories.
    const site = await context.newPage();
    await site.goto(`${base()}/videos`);
    expect((await site.locator('nav[aria-label=Categories] a').allTextContents()).map((t) => t.trim())[1]).toBe('Night Skies');
    expect((await site.goto(`${base()}/categories/night-skies`))!.status()).toBe(200);
    expect(await site.textContent('.list-head p:has(a)')).toBe('In Nature');
    await site.goto(`${base()}/categories/nature`);
    expect(await site.locator('nav[aria-label="Under Nature"] a').allTextContents()).toEqual(['Night Skies']);
    await site.close();

    // The list finds it by search and filter, and the address keeps the query.
    await page.goto(`${base()}/admin/categories`);
    await hydrated(page, '#admin-q');
    await page.fill('#admin-q', 'night');
    await page.press('#admin-q', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=admin-row]').length === 1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('night');
    await page.reload();
    await hydrated(page, '#admin-q');
    expect(await page.locator('[data-testid=admin-row]').count()).toBe(1);
    await screenshot(page, 'admin-categories');

    // The audit log: created, then the order changed from 0 to -5.
    await page.goto(`${base()}/admin/audit?resource=categories`);
    const entries = page.locator('[data-testid=audit-entry]');
    expect(await entries.count()).toBe(2);
    // In words: labels, no ids, no bookkeeping (issue 35, part 8).
    expect(await entries.nth(0).textContent()).toMatch(/admin changed the category “Night Skies”/);
    const changed = await entries.nth(0).locator('.admin-diff tbody tr').allTextContents();
    expect(changed).toEqual(['Order0-5', 'Under—set']);
    await screenshot(page, 'admin-audit');

    // Deleted from the list with its checkbox.
    await page.goto(`${base()}/admin/categories?q=night`);
    await hydrated(page, '[data-testid=admin-row] input[type=checkbox]');
    await page.check('[data-testid=admin-row] input[type=checkbox]');
    page.once('dialog', (d) => void d.accept());
    await page.click('.admin-bulk button:has-text("Delete")');
    await page.locator('.toast', { hasText: 'Delete: 1 done.' }).waitFor();
    expect(await page.locator('[data-testid=admin-row]').count()).toBe(0);
    expect((await fetch(`${base()}/categories/night-skies`)).status).toBe(404);
    await context.close();
  });

  it('every back-office page passes axe (light or dark, alternating; form errors in both)', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operator(theme);
      const categories = await (await fetch(`${base()}/api/assets/categories/search?limit=1`)).json();
      for (const path of pagesFor(
        ['/admin', '/admin/categories', '/admin/categories/new', `/admin/categories/${categories.data.data[0]._id}`, '/admin/audit'],
        theme,
      )) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client=load], astro-island[ssr][opts*=\'"value":"load"\']'));
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
      }
      // A form with its errors shown.
      await page.goto(`${base()}/admin/categories/new`);
      await hydrated(page, '[data-testid=admin-save]');
      await page.click('[data-testid=admin-save]');
      await page.waitForSelector('.field-error');
      problems.push(...(await axeProblems(page, `${theme} form errors`)));
      if (theme === 'dark') await screenshot(page, 'admin-form-errors-dark');
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
