import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/run.ts';
import { axeProblems } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';
import { useSmtp } from '../helpers/smtp.ts';

const PASSWORD = 'leaving-pass-123';

/** Issue 36, part 6: a member closes their account, comes back once, closes it again; the operator erases it. */
describe.skipIf(chromiumMissing)('closing an account in a browser', () => {
  const opts = { env: {} as Record<string, string> };
  const sink = useSmtp(opts.env);
  const e2e = useE2e(opts);
  const base = () => e2e.server.url;
  const api = apiOf(base);

  async function closeFrom(page: Page, password: string) {
    await page.goto(`${base()}/account/data`);
    await hydrated(page, '[data-testid=close-account] button[type=submit]');
    await page.fill('#close-password', password);
    await page.click('[data-testid=close-account] button[type=submit]');
  }

  it('asks the password and says what happens to the balance; a login takes it back; erased by the operator, the books still add up', async () => {
    // A member of their own, with tokens from the site.
    const lee = (await api('/auth/users/register', { name: 'Lee Leaving', username: 'lee_leaving', email: 'lee@leaving.test', password: PASSWORD }))
      ._id as string;
    const admin = (await api('/auth/login', { username: 'admin', password: e2e.server.adminPassword() })).token;
    await api(`/admin/members/${lee}/adjust-tokens`, { amount: 30, reason: 'A welcome gift' }, admin);
    // The operator offers refunds, and removes closed accounts' comments.
    const { context: office, page: operator } = await operatorOf(e2e, 'dark');
    await operator.goto(`${base()}/admin/settings`);
    await hydrated(operator, '[data-testid=settings-save]');
    await operator.check('#setting-closureRefunds');
    await operator.selectOption('#setting-closedAccountComments', 'remove');
    await operator.click('[data-testid=settings-save]');
    await operator.locator('.toast', { hasText: 'Settings saved.' }).waitFor();
    await operator.reload();
    await hydrated(operator, '[data-testid=settings-save]');
    expect(await operator.inputValue('#setting-closedAccountComments')).toBe('remove');

    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, base(), 'lee_leaving', PASSWORD);
    await page.goto(`${base()}/account/data`);
    await hydrated(page, '[data-testid=close-account] button[type=submit]');
    expect(await page.textContent('[data-testid=close-account-balance]')).toBe(
      'You have 30 tokens left. They are lost when your account is erased, unless you ask for a refund below.',
    );
    // Nothing typed, then a wrong password: said at the field, nothing done.
    await page.click('[data-testid=close-account] button[type=submit]');
    expect(await page.textContent('#close-password-error')).toBe('Enter your password.');
    await closeFrom(page, 'not-my-password-9');
    await page.waitForSelector('#close-password-error:text("Your password is not correct.")');
    expect(await axeProblems(page, 'close my account (a wrong password)')).toEqual([]);
    await screenshot(page, 'account-close-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Closed: logged out, home, told the day; the mail says it too.
    await closeFrom(page, PASSWORD);
    await page.waitForURL(`${base()}/`);
    await page.locator('.toast', { hasText: /Your account will be erased on .+ Log in before then/ }).waitFor();
    expect(await page.isVisible('[data-testid=member]')).toBe(false);
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'token' }));
    const mail = await sink.waitFor('lee@leaving.test', /will be closed on/);
    expect(mail.text).toContain('Your 30 unused tokens will be lost.');

    // Back before the day: the login says the account stays.
    await logIn(page, base(), 'lee_leaving', PASSWORD);
    await page.locator('.toast', { hasText: 'Welcome back: your account will not be closed.' }).waitFor();
    // Closed again, asking for a refund; this time the operator erases it on request.
    await page.goto(`${base()}/account/data`);
    await hydrated(page, '[data-testid=close-account] button[type=submit]');
    await page.check('[data-testid=close-account] input[name=refund]');
    await page.fill('#close-password', PASSWORD);
    const since = sink.messages.length;
    await Promise.all([page.waitForURL(`${base()}/`), page.click('[data-testid=close-account] button[type=submit]')]);
    expect((await sink.waitFor('lee@leaving.test', /will be closed on/, { since })).text).toContain('You asked for a refund of your 30 unused tokens');
    await context.close();

    await operator.goto(`${base()}/admin/members?status=closing`);
    const row = operator.locator('[data-testid=admin-row]', { hasText: 'lee_leaving' });
    expect(await row.textContent()).toContain('Closing');
    await Promise.all([operator.waitForURL(`${base()}/admin/members/${lee}`), row.locator('a:text-is("lee_leaving")').click()]);
    expect(await operator.textContent('[data-testid=member-closure]')).toMatch(/^Closing: erased on .+ unless they log in · asked for a refund of 30 tokens$/);
    await hydrated(operator, '[data-testid=action-erase-now]');
    expect(await axeProblems(operator, 'a closing member (dark)')).toEqual([]);
    operator.once('dialog', (d) => void d.accept());
    await operator.click('[data-testid=action-erase-now]');
    await operator.locator('.toast', { hasText: 'Erase now: done.' }).waitFor();
    await operator.reload();
    expect(await operator.textContent('[data-testid=member-closure]')).toMatch(/^Account closed and erased/);
    expect(await operator.textContent('[data-testid=member-ledger]')).toContain('-30 → 0 · account closed: unused tokens forfeited');
    await screenshot(operator, 'admin-member-erased-dark');
    await office.close();

    // Gone for good: its name and password log nobody in. The books, read by the operator's command, add up.
    const refused = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lee_leaving', password: PASSWORD }),
    });
    expect(refused.status).toBe(422);
    expect(await e2e.server.stop({ keepData: true })).toBe(0);
    const check = await runCli(['ledger', 'check'], { ...process.env, DATA_DIR: e2e.server.dataDir, DATABASE_URL: '' });
    expect(check).toEqual({ code: 0, output: expect.stringMatching(/^Ledger clean/) });
  });
});
