import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';
import { useSmtp } from '../helpers/smtp.ts';

/** Mail the operator writes (issue 35, part 6): edit the order mail beside its preview, and the next order carries it. */
describe.skipIf(chromiumMissing)('the back office: mails', () => {
  const opts = { env: {} as Record<string, string> };
  const sink = useSmtp(opts.env);
  const e2e = useE2e(opts);
  const base = () => e2e.server.url;
  const api = apiOf(base);

  it('rewords "Order placed" (an unknown placeholder is said at its field), previews it, tests it, and the next order mail says it', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/mails`);
    await Promise.all([page.waitForURL(/\/admin\/mails\/order-placed$/), page.click('[data-testid=admin-mails] a:has-text("Order placed")')]);
    await hydrated(page, '[data-testid=mail-save]');
    await page.waitForSelector('[data-testid=mail-preview] iframe');

    await page.fill('#mail-subject', 'We have your order {{orderNumber}}, {{firstName}}');
    await page.waitForSelector('#mail-subject[aria-invalid=true]');
    expect(await page.textContent('#mail-subject-error')).toMatch(/this mail has no \{\{firstName\}\}/);
    await page.fill('#mail-subject', 'We have your order {{orderNumber}}, ');
    await page.click('button[aria-label^="Insert {{name}}"]');
    expect(await page.inputValue('#mail-subject')).toBe('We have your order {{orderNumber}}, {{name}}');
    await page.fill('#mail-body', 'Hello {{name}},\n\nYour parcel is being packed with care:\n\n{{items}}');
    await page.locator('[data-testid=mail-preview-subject]', { hasText: 'We have your order T-1042, Ada Lovelace' }).waitFor();
    const preview = page.frameLocator('[data-testid=mail-preview] iframe');
    await preview.getByText('Your parcel is being packed with care:').last().waitFor();
    await screenshot(page, 'admin-mail-editor');

    await page.click('[data-testid=mail-save]');
    await page.locator('.toast', { hasText: 'Saved. The next “Order placed” mail says this.' }).waitFor();
    const adminEmail = 'admin@tessera.local';
    const since = sink.messages.length;
    await page.click('[data-testid=mail-test]');
    expect((await sink.waitFor(adminEmail, /^\[Test\] We have your order T-1042, Ada Lovelace$/, { since })).text).toContain(
      'Your parcel is being packed with care:',
    );

    // A member orders: the mail read from the mail server carries the new words.
    const credentials = { username: `mailbuyer${Date.now() % 100000}`, password: 'buyer-pass-123' };
    const email = `${credentials.username}@test.local`;
    await api('/auth/users/register', { name: 'Mail Buyer', email, ...credentials });
    const { token } = await api('/auth/login', credentials);
    const starter = (await api('/package/token/search')).data.find((p: { name: string }) => p.name === 'Starter');
    const { paymentId } = await api('/payment/purchase-tokens', { packageId: starter._id, gateway: 'test' }, token);
    await api(`/payment/test-gateway/${paymentId}/confirm`, {}, token);
    const wallpaper = (await api('/assets/products/alpine-ridges-wallpaper-pack'))._id;
    const { orders } = await api('/token-transactions/products', { products: [{ _id: wallpaper, quantity: 1 }] }, token);
    const mail = await sink.waitFor(email, /^We have your order/);
    expect(mail.subject).toBe(`We have your order ${orders[0].orderNumber}, Mail Buyer`);
    expect(mail.text).toContain('Hello Mail Buyer,\n\nYour parcel is being packed with care:\n\nAlpine Ridges Wallpaper Pack');
    expect(mail.html).toContain('Your parcel is being packed with care:');

    // Back to the default words.
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-testid=mail-reset]');
    await page.locator('.toast', { hasText: 'The default words are back.' }).waitFor();
    expect(await page.inputValue('#mail-subject')).toBe('Thank you for your order {{orderNumber}}');
    await context.close();
  });

  it('the mails list and a mail editor pass axe in both themes and never scroll sideways on a phone', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operatorOf(e2e, theme, theme === 'dark' ? 390 : 1280);
      for (const path of ['/admin/mails', '/admin/mails/order-shipped']) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        if (path.endsWith('shipped')) await page.waitForSelector('[data-testid=mail-preview] iframe');
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        const wide = await overflowOnPhone(page);
        if (wide > 0) problems.push(`${theme} ${path}: ${wide} px wider than the screen`);
        await screenshot(page, `admin${path.replace(/\//g, '-').replace('-admin', '')}-${theme}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
