import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, pagesFor } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('the back office: money in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  const api = apiOf(base);
  const contextWith = async (token: string | null, theme: 'light' | 'dark' = 'light', width = 1280) => {
    const context = await e2e.browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, acceptDownloads: true });
    if (token) await context.addCookies([{ name: 'token', value: token, url: base() }]);
    return { context, page: await context.newPage() };
  };
  const operator = (theme: 'light' | 'dark' = 'light', width = 1280) => operatorOf(e2e, theme, width);
  /** A member with one Starter package (100 tokens) bought through the test gateway. */
  async function payingMember(): Promise<{ username: string; token: string; paymentId: string }> {
    const credentials = { username: `payer${Date.now() % 1_000_000}`, password: 'payer-pass-123' };
    await api('/auth/users/register', { name: 'Payer', email: `${credentials.username}@test.local`, ...credentials });
    const { token } = await api('/auth/login', credentials);
    const starter = (await api('/package/token/search')).data.find((p: { name: string }) => p.name === 'Starter');
    const { paymentId } = await api('/payment/purchase-tokens', { packageId: starter._id, gateway: 'test' }, token);
    await api(`/payment/test-gateway/${paymentId}/confirm`, {}, token);
    return { username: credentials.username, token, paymentId };
  }
  const hydratedPage = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('astro-island[ssr][client=load], astro-island[ssr][opts*=\'"value":"load"\']'));

  it('an operator creates a token package, members see it on the tokens page, and it is gone once disabled', async () => {
    const { context, page } = await operator();
    await page.goto(`${base()}/admin/token-packages/new`);
    await hydrated(page, '[data-testid=admin-save]');
    // Bad input first: the field says why, nothing is created.
    await page.fill('#field-name', 'Mega Bundle');
    await page.fill('#field-tokens', '777');
    await page.fill('#field-price', '7.777');
    await page.fill('#field-ordering', '-50');
    await page.click('[data-testid=admin-save]');
    await page.waitForSelector('#field-price[aria-invalid=true]');
    expect(await page.locator('#field-price-error').textContent()).toBe('Price: USD is written with 2 decimals at most, and the price must be above 0.');
    await screenshot(page, 'admin-token-package-errors');
    await page.fill('#field-price', '7.77');
    await Promise.all([page.waitForURL(/\/admin\/token-packages\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);

    // Where members buy packages: first, as its order says.
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/tokens`);
    expect(await visitor.locator('main').textContent()).toContain('Mega Bundle');
    await screenshot(visitor, 'admin-package-on-tokens-page');

    // Disabled from the list (the checkboxes' Disable), it leaves the tokens page.
    await page.goto(`${base()}/admin/token-packages`);
    await hydrated(page, '[data-testid=admin-table]');
    await page.getByLabel('Check Mega Bundle').check();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.locator('.toast', { hasText: 'Disable: 1 done.' }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=admin-row]')].some((r) => /Mega Bundle.*No/.test(r.textContent ?? '')));
    await screenshot(page, 'admin-token-packages');
    await visitor.reload();
    expect(await visitor.locator('main').textContent()).not.toContain('Mega Bundle');
    await visitor.close();
    await context.close();
  });

  it("an operator opens the settled payments, refunds one with a reason (the member's balance drops live) and downloads the CSV", async () => {
    const payer = await payingMember();
    const member = await contextWith(payer.token);
    await member.page.goto(`${base()}/`);
    await member.page.waitForFunction(() => document.querySelector('[data-testid=balance]')?.textContent?.replace(/\D/g, '') === '100');

    const { context, page } = await operator();
    // The dashboard's link.
    await page.goto(`${base()}/admin/payments?status=success`);
    await hydrated(page, '[data-testid=admin-table]');
    expect(await page.locator('select:near(:text("Status"))').first().inputValue()).toBe('success');
    const statuses = await page.locator('[data-testid=admin-row] td:nth-child(5)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Settled']));
    await page.fill('#admin-q', payer.username);
    await page.press('#admin-q', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=admin-row]').length === 1);
    await screenshot(page, 'admin-payments');
    await Promise.all([page.waitForURL(`${base()}/admin/payments/${payer.paymentId}`), page.click('[data-testid=admin-row] a')]);
    await hydrated(page, '[data-testid=action-refund]');
    await screenshot(page, 'admin-payment');

    // A reason is needed (said at the field); then the refund, confirmed.
    const asked: string[] = [];
    page.on('dialog', (d) => void (asked.push(d.message()), d.accept()));
    await page.click('[data-testid=action-refund]');
    await page.waitForSelector('#action-refund-reason[aria-invalid=true]:focus');
    expect(await page.textContent('#action-refund-reason-error')).toBe('Reason: fill this in.');
    expect(asked).toEqual([]);
    await screenshot(page, 'admin-payment-refund-reason');
    await page.fill('#action-refund-reason', 'Bought by mistake');
    await page.click('[data-testid=action-refund]');
    await page.locator('.toast', { hasText: 'done' }).waitFor();
    // The record, drawn as text, follows the verb.
    await page.waitForFunction(() => document.querySelector('[data-field=status]')?.textContent === 'Refunded');
    expect(await page.textContent('[data-field=refundReason]')).toBe('Bought by mistake');
    expect(await page.locator('[data-testid=action-refund]').count()).toBe(0);
    expect(asked.at(-1)).toContain('Refund the money at the payment provider yourself.');
    await member.page.waitForFunction(() => document.querySelector('[data-testid=balance]')?.textContent?.replace(/\D/g, '') === '0');
    await member.context.close();

    // The list as CSV, with its filters (the member's payments, from the payment's page): this payment, refunded.
    await Promise.all([page.waitForURL(/\/admin\/payments\?userId=/), page.click(`a:text("${payer.username}'s payments")`)]);
    await hydrated(page, '[data-testid=admin-export]');
    expect(await page.textContent('[data-testid=admin-links]')).toContain(`Member: ${payer.username}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=admin-export]')]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toContain('Payment id,Created (UTC)');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${payer.paymentId},`);
    expect(rows[0]).toContain(',refunded,Bought by mistake');
    await context.close();

    // The export is the back office's: a visitor is sent to log in, a member gets the 403 page.
    const anonymous = await fetch(`${base()}/admin/payments/export.csv`, { redirect: 'manual' });
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([302, '/auth/login']);
    const asMember = await fetch(`${base()}/admin/payments/export.csv`, { headers: { cookie: `token=${payer.token}` } });
    expect([asMember.status, asMember.headers.get('content-type')]).toEqual([403, 'text/html']);
  });

  it('every money page passes axe (light or dark, alternating), and fits a phone', async () => {
    // A payment and a spend of this test's own.
    const payer = await payingMember();
    await api('/token-transactions/video/northern-lights-over-the-fjord', {}, payer.token);
    const token = (await api('/auth/login', { username: 'admin', password: e2e.server.adminPassword() })).token;
    const first = async (resource: string) =>
      (await (await fetch(`${base()}/api/admin/${resource}?limit=1`, { headers: { authorization: token } })).json()).data.data[0]._id as string;
    const [pkg, payment, spend] = await Promise.all(['token-packages', 'payments', 'token-transactions'].map(first));
    const paths = [
      '/admin/token-packages',
      '/admin/token-packages/new',
      `/admin/token-packages/${pkg}`,
      '/admin/payments',
      `/admin/payments/${payment}`,
      '/admin/token-transactions',
      `/admin/token-transactions/${spend}`,
    ];
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operator(theme);
      for (const path of pagesFor(paths, theme)) {
        await page.goto(base() + path);
        await hydratedPage(page);
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        if (theme === 'dark')
          await screenshot(
            page,
            `admin${path
              .slice('/admin'.length)
              .replace(/\/[0-9a-f-]{36}$/, '/item')
              .replace(/\//g, '-')}-dark`,
          );
      }
      await context.close();
    }
    // A phone: nothing wider than the screen (the tables scroll in their own box).
    const { context, page } = await operator('light', 320);
    for (const path of ['/admin/payments', `/admin/payments/${payment}`, '/admin/token-transactions']) {
      await page.goto(base() + path);
      await hydratedPage(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await screenshot(page, 'admin-token-transactions-phone');
    await context.close();
    expect(problems).toEqual([]);
  });
});
