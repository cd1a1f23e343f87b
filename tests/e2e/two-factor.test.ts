import fs from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** The member's authenticator app, in the test: the codes of the secret the page showed as text. */
const appOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

describe.skipIf(chromiumMissing)('two-factor authentication in the browser', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;

  /** The login page up to its code step (the password was right). */
  async function passwordStep(page: Page) {
    await page.goto(`${base()}/auth/login`);
    await hydrated(page, '#login');
    await page.fill('#login', 'member');
    await page.fill('#password', 'member-pass-123');
    await page.click('button[type=submit]');
    await page.waitForSelector('#login-code');
  }

  it('a member turns it on reading the secret, saves the recovery codes, logs out, and logs in with a code; the same code again is refused at the field', async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await logIn(page, base());
    await page.goto(`${base()}/account/security`);
    const start = '[data-testid=two-factor-start]';
    await hydrated(page, start);
    await page.click(start);
    const secret = (await page.textContent('[data-testid=totp-secret]'))!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getAttribute('img.qr-code', 'src')).toMatch(/^data:image\/svg\+xml/);
    await screenshot(page, 'two-factor-setup');
    // The QR code, the long key and the form are usable by everyone, on a phone too.
    expect(await axeProblems(page, 'two-factor setup')).toEqual([]);
    expect(await overflowOnPhone(page)).toBe(0);

    // A wrong first code is said at the field; nothing is on.
    const app = appOf(secret);
    await page.fill('#totp-enable-code', app.generate() === '000000' ? '111111' : '000000');
    await page.click('[data-testid=two-factor-enable]');
    await page.waitForSelector('#totp-enable-code[aria-invalid=true]');
    expect(await page.textContent('#totp-enable-code-error')).toMatch(/not right/);

    // The code of the step before (the window allows one step): the login's code below is then a new one.
    await page.fill('#totp-enable-code', app.generate({ timestamp: Date.now() - 30_000 }));
    await page.click('[data-testid=two-factor-enable]');
    await page.waitForSelector('[data-testid=recovery-codes]');
    const codes = await page.locator('.recovery-codes code').allTextContents();
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=recovery-download]')]);
    expect(download.suggestedFilename()).toMatch(/recovery-codes\.txt$/);
    const saved = await fs.readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    await screenshot(page, 'two-factor-recovery-codes');
    expect(await axeProblems(page, 'recovery codes')).toEqual([]);

    await page.click('.member-button');
    await Promise.all([page.waitForURL(`${base()}/auth/login`), page.click('text=Log out')]);

    // The password alone no longer logs in: the page asks for the code (fetched only now).
    const at = Date.now();
    await passwordStep(page);
    await page.fill('#login-code', app.generate({ timestamp: at }));
    await Promise.all([page.waitForURL(`${base()}/`), page.click('[data-testid=login-code-submit]')]);
    await page.waitForSelector('#member:not([aria-busy])');
    await page.click('.member-button');
    await Promise.all([page.waitForURL(`${base()}/auth/login`), page.click('text=Log out')]);

    // The same code, computed again for the same moment, is refused where it was typed.
    await passwordStep(page);
    await page.fill('#login-code', app.generate({ timestamp: at }));
    await page.click('[data-testid=login-code-submit]');
    await page.waitForSelector('#login-code[aria-invalid=true]');
    expect(await page.textContent('#login-code-error')).toBe('This code was already used. Wait for the next one in your app.');
    expect(page.url()).toBe(`${base()}/auth/login`);
    await screenshot(page, 'two-factor-code-reused');
    expect(await axeProblems(page, 'code step')).toEqual([]);

    // A recovery code works (once).
    await page.fill('#login-code', codes[0]!);
    await Promise.all([page.waitForURL(`${base()}/`), page.click('[data-testid=login-code-submit]')]);
    await context.close();
  });

  it('once the operator requires it of admins, an admin without it is sent from the back office to set it up, then let in', async () => {
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/settings`);
    await hydrated(page, '[data-testid=settings-save]');
    await page.check('#setting-requireAdminTwoFactor');
    await page.click('[data-testid=settings-save]');
    await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor();

    await page.goto(`${base()}/admin`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/account/security?required=admin');
    expect(await page.textContent('[data-testid=two-factor-required]')).toContain('requires two-factor authentication for admins');

    await hydrated(page, '[data-testid=two-factor-start]');
    await page.click('[data-testid=two-factor-start]');
    const secret = (await page.textContent('[data-testid=totp-secret]'))!.trim();
    await page.fill('#totp-enable-code', appOf(secret).generate());
    await page.click('[data-testid=two-factor-enable]');
    await page.waitForSelector('[data-testid=recovery-codes]');
    expect((await page.goto(`${base()}/admin`))!.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });

  it('devices: two browsers logged in; the security page lists both and logs the other out, which is then logged out', async () => {
    const [desk, phone] = [await e2e.browser.newContext(), await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })];
    const [here, there] = [await desk.newPage(), await phone.newPage()];
    await logIn(here, base(), 'member2', 'member-pass-123');
    await logIn(there, base(), 'member2', 'member-pass-123');
    await there.goto(`${base()}/account/security`);
    await there.waitForSelector('[data-testid=device]');
    expect(await there.locator('[data-testid=device]').count()).toBe(2);
    expect(await there.locator('[data-testid=device]', { hasText: 'This device' }).count()).toBe(1);
    await screenshot(there, 'devices-phone');
    expect(await overflowOnPhone(there)).toBe(0);
    expect(await axeProblems(there, 'devices')).toEqual([]);

    await hydrated(there, '[data-testid=end-other-sessions]');
    await there.click('[data-testid=end-other-sessions]');
    await there.locator('[data-testid=devices] .alert-success', { hasText: '1 other session was logged out.' }).waitFor();
    expect(await there.locator('[data-testid=device]').count()).toBe(1);
    // The desk's session is over: its open page leaves at once (its live connection ended with it), and the account
    // then asks it to log in.
    await here.waitForURL(`${base()}/login`);
    await here.goto(`${base()}/account`);
    await here.waitForURL(/\/auth\/login/);
    await Promise.all([desk.close(), phone.close()]);
  });
});
