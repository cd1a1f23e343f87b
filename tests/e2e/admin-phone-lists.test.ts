import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Lists a phone can read (issue 35, part 8): rows as cards below 640 px, no sideways scroll; pictures and a count. */
describe.skipIf(chromiumMissing)('the back office lists on a phone', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('at 390 px the orders, reports and videos lists are cards of labelled values, never wider than the screen, axe clean in both themes', async () => {
    // An order with a long address and a report, so both lists have rows.
    const api = apiOf(base);
    const credentials = { username: `phone${Date.now() % 100000}`, password: 'buyer-pass-123' };
    await api('/auth/users/register', { name: 'Phone Buyer', email: `${credentials.username}@test.local`, ...credentials });
    const { token } = await api('/auth/login', credentials);
    const starter = (await api('/package/token/search')).data.find((p: { name: string }) => p.name === 'Starter');
    const { paymentId } = await api('/payment/purchase-tokens', { packageId: starter._id, gateway: 'test' }, token);
    await api(`/payment/test-gateway/${paymentId}/confirm`, {}, token);
    const mug = (await api('/assets/products/tessera-enamel-mug'))._id;
    const address = {
      recipientName: 'Bartholomew Featherstonehaugh-Worthington',
      deliveryAddress: '1234 Extraordinarily Long Boulevard Name\nApartment 56',
      postalCode: '5003',
      country: 'NO',
      phoneNumber: '+47 555 01 234',
    };
    await api('/token-transactions/products', { products: [{ _id: mug, quantity: 1 }], ...address }, token);
    const video = (await api('/assets/videos/glass-blowing-masterclass?countView=false'))._id;
    await api(
      '/violation-reports',
      { type: 'spam', targetType: 'video', targetId: video, description: 'A report with a rather long description to see how it wraps on a phone.' },
      token,
    );
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operatorOf(e2e, theme, 390);
      for (const path of ['/admin/orders', '/admin/reports', '/admin/videos']) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        const wide = await overflowOnPhone(page, 390);
        if (wide > 0) problems.push(`${theme} ${path}: ${wide} px wider than the screen`);
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        await screenshot(page, `admin${path.replace(/\//g, '-').replace('-admin', '')}-phone-${theme}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('a row says each value under its label; the videos list shows each poster beside its title and how many there are', async () => {
    const { context, page } = await operatorOf(e2e, 'light', 390);
    await page.goto(`${base()}/admin/videos`);
    const first = page.locator('[data-testid=admin-row]').first();
    const state = first.locator('td[data-label=State]');
    expect(await state.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"State"');
    expect(await first.locator('img.admin-thumb').getAttribute('src')).toMatch(/\.webp/);
    expect(await page.textContent('[data-testid=admin-count]')).toMatch(/^\d+ videos$/);
    await context.close();
  });
});
