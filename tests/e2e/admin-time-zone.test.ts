import { describe, expect, it } from 'vitest';
import { apiOf, chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Times in the operator's time zone (issue 35, part 8): typed and shown in it, the zone said, kept as the instant meant. */
describe.skipIf(chromiumMissing)('the back office in the site time zone', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  it('with the zone set to Europe/Oslo, a story published at 10:00 there is kept as 08:00 UTC and shown as 10:00 GMT+2', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/settings`);
    await hydrated(page, '[data-testid=settings-save]');
    await page.fill('#setting-timeZone', 'Mars/Olympus');
    await page.click('[data-testid=settings-save]');
    await page.waitForSelector('#setting-timeZone[aria-invalid=true]');
    expect(await page.textContent('#setting-timeZone-error')).toMatch(/time zone such as Europe\/Oslo/);
    await page.fill('#setting-timeZone', 'Europe/Oslo');
    await page.click('[data-testid=settings-save]');
    await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor();

    await page.goto(`${base()}/admin/stories`);
    await Promise.all([page.waitForURL(/\/admin\/stories\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-row] a >> nth=0')]);
    const id = page.url().split('/').pop()!;
    await hydrated(page, '[data-testid=admin-save]');
    expect(await page.textContent('#field-publishAt-hint')).toContain('Time in Europe/Oslo (GMT+1).');
    await page.fill('#field-publishAt', '2030-06-01T10:00');
    await page.click('[data-testid=admin-save]');
    await page.locator('.toast', { hasText: 'The story is saved.' }).waitFor();
    const title = await page.inputValue('#field-title');

    const { token } = await (
      await fetch(`${base()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
      })
    )
      .json()
      .then((r) => r.data);
    expect((await apiOf(base)(`/admin/stories/${id}`, undefined, token)).publishAt).toBe('2030-06-01T08:00:00.000Z');
    await page.reload();
    await hydrated(page, '[data-testid=admin-save]');
    expect(await page.inputValue('#field-publishAt')).toBe('2030-06-01T10:00');
    await page.goto(`${base()}/admin/stories?q=${encodeURIComponent(title)}`);
    await hydrated(page, '[data-testid=admin-row]');
    expect(await page.locator('[data-testid=admin-row]', { hasText: 'Jun 1, 2030, 10:00 AM GMT+2' }).count()).toBe(1);
    await screenshot(page, 'admin-stories-time-zone');
    await context.close();
  });
});
