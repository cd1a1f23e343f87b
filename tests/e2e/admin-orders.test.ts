import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, hydrated, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('the back office: orders in a browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const api = apiOf(base);
  /** A new member with 100 tokens who ordered the mug (a physical product) through the API: their token and the order. */
  async function buyer() {
    const credentials = { username: `shopper${Date.now() % 100000}`, password: 'buyer-pass-123' };
    await api('/auth/users/register', { name: 'Shopper Ida', email: `${credentials.username}@test.local`, ...credentials });
    const { token } = await api('/auth/login', credentials);
    const starter = (await api('/package/token/search')).data.find((p: { name: string }) => p.name === 'Starter');
    const { paymentId } = await api('/payment/purchase-tokens', { packageId: starter._id, gateway: 'test' }, token);
    await api(`/payment/test-gateway/${paymentId}/confirm`, {}, token);
    const mug = (await api('/assets/products/tessera-enamel-mug'))._id;
    const checkout = await api(
      '/token-transactions/products',
      {
        products: [{ _id: mug, quantity: 2 }],
        recipientName: 'Ada Berg',
        deliveryAddress: '7 Bryggen\nBergen',
        postalCode: '5003',
        country: 'NO',
        phoneNumber: '+47 555 01 234',
        userNote: 'Leave it at the door.',
      },
      token,
    );
    return { token, username: credentials.username, order: checkout.orders[0] as { _id: string; orderNumber: string } };
  }
  /** axe in both themes on the page as it is (the theme follows the system until a visitor picks one). */
  async function axeBothThemes(page: Page, what: string) {
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      problems.push(...(await axeProblems(page, `${what} (${colorScheme})`)));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    return problems;
  }

  it("ships an order and the member sees it live: the operator filters the list to processing, opens the member's order, ships it with a tracking code", async () => {
    const { token, username, order } = await buyer();
    // The member's order page is open in their own browser.
    const member = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    await member.addCookies([{ name: 'token', value: token, url: base() }]);
    const memberPage = await member.newPage();
    await memberPage.goto(`${base()}/account/orders/${order._id}`);
    await memberPage.waitForSelector('[data-testid=order-status]:has-text("processing")');
    await memberPage.waitForSelector('[data-testid=live-status][data-status=connected]');
    await memberPage.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    const { token: adminToken } = await api('/auth/login', { username: 'admin', password: e2e.server.adminPassword() });
    const operator = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await operator.addCookies([{ name: 'token', value: adminToken, url: base() }]);
    const page = await operator.newPage();

    // The dashboard's "orders to ship" link: every order still processing, the new one first.
    await page.goto(`${base()}/admin/orders?deliveryStatus=processing`);
    await hydrated(page, '#admin-q');
    expect(await page.locator('select').first().inputValue()).toBe('processing');
    const rows = page.locator('[data-testid=admin-row]');
    expect(await rows.first().textContent()).toContain(order.orderNumber);
    expect(await rows.first().textContent()).toContain(username);
    expect(await rows.first().textContent()).toContain('Tessera Enamel Mug');
    expect(new Set(await rows.locator('td:nth-child(6)').allTextContents())).toEqual(new Set(['Processing']));
    // The search finds the member's orders by their name.
    await page.fill('#admin-q', username);
    await page.press('#admin-q', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=admin-row]').length === 1);
    expect(page.url()).toContain(`q=${username}`);
    expect(await axeBothThemes(page, 'orders list')).toEqual([]);
    await screenshot(page, 'admin-orders-list');

    // The order's page: buyer, product, quantities, where it goes.
    await Promise.all([page.waitForURL(`${base()}/admin/orders/${order._id}`), page.click(`a:has-text("${order.orderNumber}")`)]);
    await hydrated(page, '[data-testid=action-ship]');
    const details = page.locator('[data-testid=order-details]');
    expect(await details.textContent()).toContain(`Shopper Ida (@${username})`);
    expect(await details.locator(`a[href^="/admin/members/"]`).count()).toBe(1);
    expect(await details.textContent()).toContain('35 tokens each · 70 tokens in all');
    // Where it goes, a line each, as on a parcel's label (the address's own two lines kept).
    expect(await details.locator('[data-testid=order-address]').innerText()).toBe('Ada Berg\n7 Bryggen\nBergen\n5003\nNorway');
    expect(await details.textContent()).toContain('Leave it at the door.');
    expect(await axeBothThemes(page, 'order page')).toEqual([]);
    await screenshot(page, 'admin-order-processing');

    // Shipping without a tracking code is refused at the field; then with one.
    await page.click('[data-testid=action-ship]');
    await page.waitForSelector('#action-ship-shippingCode-error:has-text("Tracking code: fill this in.")');
    expect(await page.textContent('[data-testid=order-status]')).toBe('Processing');
    await page.fill('#action-ship-shippingCode', 'PN77NO');
    await page.click('[data-testid=action-ship]');
    await page.locator('.toast', { hasText: 'Ship: done.' }).waitFor();
    await page.waitForSelector('[data-testid=order-status]:has-text("Shipped")');
    expect(await page.textContent('[data-testid=order-tracking]')).toBe('PN77NO');
    // Shipped: the verb is gone, marking it delivered is offered.
    expect(await page.locator('[data-testid=action-ship]').count()).toBe(0);
    expect(await page.locator('[data-testid=action-deliver]').count()).toBe(1);

    // The member's open page shows it without a reload.
    await memberPage.waitForSelector('[data-testid=shipping-code]:has-text("PN77NO")');
    expect(await memberPage.textContent('[data-testid=order-status]')).toBe('shipping');
    expect(await memberPage.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await screenshot(memberPage, 'member-order-shipped-live');

    // Marked delivered (after a question): the member sees that too.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('[data-testid=action-deliver]');
    await page.waitForSelector('[data-testid=order-status]:has-text("Delivered")');
    await memberPage.waitForSelector('[data-testid=order-status]:has-text("delivered")');
    // A delivery file, uploaded with its progress, then attached: the order lists it, and so does the member's page.
    await page.setInputFiles('#action-attach-file-file', { name: 'care-guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 care guide') });
    await page.waitForSelector('fieldset[data-field=file] .upload-list:has-text("care-guide.pdf")');
    await page.click('[data-testid=action-attach-file]');
    await page.waitForSelector('[data-testid=order-files]:has-text("care-guide.pdf")');
    await memberPage.waitForSelector('main a:has-text("care-guide.pdf")');
    // On a phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'admin-order-delivered-320');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'admin-order-delivered-320-dark');

    // The buyer's other orders, from the order's page: the list says whose they are and can show everybody's again.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await Promise.all([page.waitForURL(/\/admin\/orders\?buyerId=/), page.click('a:has-text("Their orders")')]);
    await hydrated(page, '[data-testid=admin-links] button');
    expect(await page.textContent('[data-testid=admin-links]')).toContain(`Member: ${username}`);
    expect(await rows.count()).toBe(1);
    expect(await axeBothThemes(page, "a member's orders")).toEqual([]);
    await screenshot(page, 'admin-orders-of-member');
    await page.click('[data-testid=admin-links] button');
    await page.waitForFunction(() => !document.querySelector('[data-testid=admin-links]'));
    expect(page.url()).not.toContain('buyerId');
    await member.close();
    await operator.close();
  });
});
