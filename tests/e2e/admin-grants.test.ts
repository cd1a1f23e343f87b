import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** An operator gives a member a priced video from their record, the member watches it, then the grant is revoked. */
describe.skipIf(chromiumMissing)('grants of free access in the back office', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const VIDEO = 'glass-blowing-masterclass';

  it('gives member2 a priced video until a date from their record: they watch it, see it as a gift; revoked, it locks again', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/members?q=member2`);
    await Promise.all([page.waitForURL(/\/admin\/members\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-row] a:text-is("member2")')]);
    await hydrated(page, '[data-testid=action-give-access]');
    // A wrong address is said at its field, and nothing is given.
    await page.selectOption('#action-give-access-kind', 'video');
    await page.fill('#action-give-access-item', 'no-such-video');
    await page.fill('#action-give-access-reason', 'Sorry for the broken stream');
    await page.click('[data-testid=action-give-access]');
    await page.waitForSelector('#action-give-access-item[aria-invalid=true]');
    expect(await page.textContent('[data-testid=member-grants]')).toBe('');

    await page.fill('#action-give-access-item', VIDEO);
    await page.fill('#action-give-access-until', '2099-01-31T12:00');
    await page.click('[data-testid=action-give-access]');
    await page.locator('.toast', { hasText: 'Give free access: done.' }).waitFor();
    await page.reload();
    const grants = page.locator('[data-testid=member-grants] li');
    expect(await grants.textContent()).toMatch(/Video Glass Blowing Masterclass .*until Jan 31, 2099 · Sorry for the broken stream · by admin/);
    await screenshot(page, 'admin-member-grant');

    const memberContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await memberContext.newPage();
    await logIn(member, base(), 'member2');
    await member.goto(`${base()}/videos/${VIDEO}`);
    await member.waitForSelector('video[data-testid=player]');
    expect(await member.locator('[data-testid=unlock-panel]').count()).toBe(0);
    await member.goto(`${base()}/account/purchases?type=video`);
    const card = member.locator('.item-card', { hasText: 'Glass Blowing Masterclass' });
    expect(await card.textContent()).toContain('A gift, until Jan 31, 2099');
    await screenshot(member, 'purchases-gift-phone');

    await hydrated(page, '[data-testid=action-revoke-access]');
    await page.selectOption('#action-revoke-access-kind', 'video');
    await page.fill('#action-revoke-access-item', VIDEO);
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-testid=action-revoke-access]');
    await page.locator('.toast', { hasText: 'Revoke free access: done.' }).waitFor();
    await member.goto(`${base()}/videos/${VIDEO}`);
    await member.waitForSelector('[data-testid=unlock-panel]');
    expect(await member.locator('video[data-testid=player]').count()).toBe(0);
    await memberContext.close();
    await context.close();
  });
});
