import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Coupons (issue 35, part 5): an operator makes a code, members apply it in the cart and on /tokens, it runs out. */
describe.skipIf(chromiumMissing)('coupons in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const api = apiOf(base);
  const WALLPAPER = 'alpine-ridges-wallpaper-pack'; // 12 tokens
  const balance = async (p: Page) => Number((await p.textContent('[data-testid=balance]'))!.replace(/\D/g, ''));

  let members = 0;
  /** A member of the test's own with one Starter package (100 tokens), logged in in a fresh browser context. */
  async function member(theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; token: string }> {
    const credentials = { username: `coupon${++members}x${Date.now() % 100000}`, password: 'coupon-pass-123' };
    await api('/auth/users/register', { name: `Coupon ${members}`, email: `${credentials.username}@test.local`, ...credentials });
    const { token } = await api('/auth/login', credentials);
    const starter = (await api('/package/token/search')).data.find((p: { name: string }) => p.name === 'Starter');
    const { paymentId } = await api('/payment/purchase-tokens', { packageId: starter._id, gateway: 'test' }, token);
    await api(`/payment/test-gateway/${paymentId}/confirm`, {}, token);
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    await context.addCookies([{ name: 'token', value: token, url: base() }]);
    return { context, page: await context.newPage(), token };
  }
  /** The member's cart holds the wallpaper, and /cart is open with its coupon field ready. */
  async function cartWithWallpaper(page: Page) {
    await page.goto(`${base()}/store/${WALLPAPER}`);
    await hydrated(page, '[data-testid=add-to-cart]');
    await page.click('[data-testid=add-to-cart]');
    await page.waitForSelector('[data-testid=view-cart]');
    await page.goto(`${base()}/cart`);
    await hydrated(page, '#coupon');
    await page.waitForSelector('[data-testid=checkout-total]:has-text("12 tokens")');
  }
  const applyCode = async (page: Page, code: string) => {
    await page.fill('#coupon', code);
    await page.click('button:text-is("Apply")');
  };
  const adminToken = async () => (await api('/auth/login', { username: 'admin', password: e2e.server.adminPassword() })).token as string;

  it('an operator creates a coupon; a member applies it in the cart, sees the price change, pays less; the operator sees the use', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/coupons/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-code', 'WINTER-25');
    await page.selectOption('#field-appliesTo', 'tokens');
    await page.selectOption('#field-kind', 'percent');
    await page.fill('#field-amount', '150');
    await page.fill('#field-maxUses', '5');
    // Bad input first: the field says why, nothing is created.
    await page.click('[data-testid=admin-save]');
    await page.waitForSelector('#field-amount[aria-invalid=true]');
    expect(await page.textContent('#field-amount-error')).toMatch(/100/);
    expect((await api('/admin/coupons?q=WINTER', undefined, await adminToken())).data).toEqual([]);
    await page.fill('#field-amount', '25');
    await Promise.all([page.waitForURL(/\/admin\/coupons\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    await screenshot(page, 'admin-coupon');

    const buyer = await member();
    await cartWithWallpaper(buyer.page);
    // A code that does not exist: the reason at the field, read with it; the price stays.
    await applyCode(buyer.page, 'WINTER-52');
    await buyer.page.waitForSelector('#coupon[aria-invalid=true]');
    expect(await buyer.page.textContent('[data-testid=coupon-error]')).toBe('This code is not known: check how it is spelled.');
    expect(await buyer.page.getAttribute('#coupon', 'aria-describedby')).toBe('coupon-error');
    // The right one, in lower case: the old price struck through, the new one beside it, the button says it.
    await applyCode(buyer.page, 'winter-25');
    await buyer.page.waitForSelector('[data-testid=coupon-applied]');
    expect(await buyer.page.textContent('[data-testid=price-was]')).toBe('was 12 tokens');
    expect(await buyer.page.textContent('[data-testid=price-now]')).toBe('now 9 tokens');
    expect(await buyer.page.textContent('[data-testid=checkout]')).toBe('Pay 9 tokens');
    await screenshot(buyer.page, 'cart-coupon');
    await Promise.all([buyer.page.waitForURL(`${base()}/account/orders`), buyer.page.click('[data-testid=checkout]')]);
    expect(await balance(buyer.page)).toBe(100 - 9);
    await buyer.context.close();

    await page.goto(`${base()}/admin/coupons`);
    const row = page.locator('[data-testid=admin-row]', { hasText: 'WINTER-25' });
    expect(await row.textContent()).toContain('1 / 5');
    await page.goto(`${base()}/admin/token-transactions`);
    expect(await page.locator('[data-testid=admin-row]').first().textContent()).toContain('WINTER-25');
    // The dashboard says what coupons gave, and leads to them.
    await page.goto(`${base()}/admin`);
    const given = page.locator('[data-testid=figure-discounts]');
    expect(await given.textContent()).toMatch(/^\d+ tokens discounts given, 14 days \d+ coupon uses?$/);
    expect(await given.getAttribute('href')).toBe('/admin/coupons');
    await context.close();
  });

  it('a code used up by others while a member had it applied: the payment is refused at the field, nothing spent', async () => {
    const admin = await adminToken();
    const coupon = await api('/admin/coupons', { code: 'LAST-TWO', appliesTo: 'tokens', kind: 'fixed', amount: 4, maxUses: 2 }, admin);
    const buyer = await member();
    await cartWithWallpaper(buyer.page);
    await applyCode(buyer.page, 'LAST-TWO');
    await buyer.page.waitForSelector('[data-testid=price-now]:has-text("8 tokens")');

    // Meanwhile three other members race for the two uses left: two get them, one is told it is used up.
    const others = await Promise.all([1, 2, 3].map(() => member()));
    const wallpaper = (await api(`/assets/products/${WALLPAPER}`)) as { _id: string };
    const raced = await Promise.all(
      others.map((o) =>
        fetch(`${base()}/api/token-transactions/products`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: o.token },
          body: JSON.stringify({ products: [{ _id: wallpaper._id, quantity: 1 }], coupon: 'LAST-TWO' }),
        }).then((r) => r.status),
      ),
    );
    expect(raced.sort()).toEqual([200, 200, 422]);
    await Promise.all(others.map((o) => o.context.close()));

    await buyer.page.click('[data-testid=checkout]');
    await buyer.page.waitForSelector('[data-testid=coupon-error]');
    expect(await buyer.page.textContent('[data-testid=coupon-error]')).toBe('This code has been used up.');
    expect(await balance(buyer.page)).toBe(100);
    await screenshot(buyer.page, 'cart-coupon-used-up');
    // Without it, the full price.
    await buyer.page.click('[data-testid=coupon-applied] button:text-is("Remove")');
    expect(await buyer.page.textContent('[data-testid=checkout]')).toBe('Pay 12 tokens');
    expect(await buyer.page.locator('[data-testid=coupon-error]').count()).toBe(0);
    await Promise.all([buyer.page.waitForURL(`${base()}/account/orders`), buyer.page.click('[data-testid=checkout]')]);
    expect(await balance(buyer.page)).toBe(100 - 12);
    await buyer.context.close();

    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/coupons/${coupon._id}`);
    await hydrated(page, '[data-testid=admin-save]');
    expect(await page.locator('#field-maxUses').inputValue()).toBe('2');
    await page.goto(`${base()}/admin/coupons?q=LAST`);
    expect(await page.locator('[data-testid=admin-row]', { hasText: 'LAST-TWO' }).textContent()).toContain('2 / 2');
    await context.close();
  });

  // One theme per test: each visits five pages with axe, which takes long on a loaded machine.
  it.each(['light', 'dark'] as const)(
    'on /tokens a package code shows each package it applies to at its new price; every coupon page passes axe (%s)',
    async (theme) => {
      const admin = await adminToken();
      const code = `TOPUP-${theme.toUpperCase()}`;
      const coupon = await api('/admin/coupons', { code, appliesTo: 'packages', kind: 'fixed', amount: 1.5, currency: 'USD' }, admin);
      const problems: string[] = [];
      const buyer = await member(theme);
      await buyer.page.goto(`${base()}/tokens`);
      await hydrated(buyer.page, '#coupon');
      await applyCode(buyer.page, 'NOT-A-CODE');
      await buyer.page.waitForSelector('#coupon[aria-invalid=true]');
      problems.push(...(await axeProblems(buyer.page, `${theme} /tokens (a bad code)`)));
      await applyCode(buyer.page, code.toLowerCase());
      await buyer.page.waitForSelector('[data-testid=coupon-applied]');
      const starter = buyer.page.locator('[data-testid=package]', { hasText: 'Starter' });
      expect(await starter.locator('[data-testid=package-price]').textContent()).toBe('was $4.99 now $3.49');
      problems.push(...(await axeProblems(buyer.page, `${theme} /tokens (applied)`)));
      if (theme === 'dark') await screenshot(buyer.page, 'tokens-coupon-dark');

      await cartWithWallpaper(buyer.page);
      await applyCode(buyer.page, code);
      await buyer.page.waitForSelector('#coupon[aria-invalid=true]');
      expect(await buyer.page.textContent('[data-testid=coupon-error]')).toBe('This code is for token packages, not for the store.');
      problems.push(...(await axeProblems(buyer.page, `${theme} /cart (a code for packages)`)));
      await buyer.context.close();

      const { context, page } = await operatorOf(e2e, theme);
      for (const path of ['/admin/coupons', '/admin/coupons/new', `/admin/coupons/${coupon._id}`]) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client=load], astro-island[ssr][opts*=\'"value":"load"\']'));
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
      }
      await context.close();
      expect(problems).toEqual([]);
    },
  );
});
