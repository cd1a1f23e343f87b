import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('passkeys in the browser (Chromium’s virtual authenticator)', () => {
  const e2e = useE2e();
  // The site's public origin (http://localhost:PORT): a passkey belongs to its host, so the browser must be on it too.
  const base = () => e2e.server.origin;

  it('a member adds a passkey, names it, logs out and logs in with it without typing anything; then removes it with the password', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // A platform authenticator that keeps resident keys and verifies its user (a fingerprint said yes).
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await logIn(page, base());
    await page.goto(`${base()}/account/security`);
    const add = '[data-testid=passkey-add-submit]';
    await hydrated(page, add);
    expect(await page.textContent('[data-testid=no-passkeys]')).toContain('no passkeys yet');
    // A name is asked first: without one, the field says so and no prompt opens.
    await page.click(add);
    await page.waitForSelector('#passkey-name[aria-invalid=true]');
    expect(await page.textContent('#passkey-name-error')).toMatch(/name/i);

    await page.fill('#passkey-name', 'This laptop');
    await page.click(add);
    await page.locator('[data-testid=passkey]', { hasText: 'This laptop' }).waitFor();
    expect(await page.textContent('[data-testid=passkey]')).toContain('not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Renamed in place.
    await page.click('button[aria-label="Rename This laptop"]');
    await page.fill('[data-testid=passkey-rename] input', 'Work laptop');
    await page.click('[data-testid=passkey-rename] button[type=submit]');
    await page.locator('[data-testid=passkey]', { hasText: 'Work laptop' }).waitFor();
    await screenshot(page, 'passkeys-list');
    expect(await axeProblems(page, 'passkeys section')).toEqual([]);
    expect(await overflowOnPhone(page)).toBe(0);

    await page.click('.member-button');
    await Promise.all([page.waitForURL(`${base()}/auth/login`), page.click('text=Log out')]);

    // The login page: one button, nothing typed; the authenticator offers its passkey for this site.
    await hydrated(page, '[data-testid=passkey-login]');
    expect(await page.inputValue('#login')).toBe('');
    await Promise.all([page.waitForURL(`${base()}/`), page.click('[data-testid=passkey-login]')]);
    await page.waitForSelector('#member:not([aria-busy])');
    expect(await page.textContent('.member-button')).toBeTruthy();

    // "Last used" is now set; removing it asks for the password, and a wrong one is said at its field.
    await page.goto(`${base()}/account/security`);
    await hydrated(page, add);
    expect(await page.textContent('[data-testid=passkey]')).toContain('last used');
    await page.click('button[aria-label="Remove Work laptop"]');
    const password = '[data-testid=passkey-remove] input[type=password]';
    await page.fill(password, 'not-my-password');
    await page.click('[data-testid=passkey-remove] button[type=submit]');
    await page.waitForSelector(`${password}[aria-invalid=true]`);
    expect(await axeProblems(page, 'passkey removal')).toEqual([]);
    await page.fill(password, 'member-pass-123');
    await page.click('[data-testid=passkey-remove] button[type=submit]');
    await page.waitForSelector('[data-testid=no-passkeys]');

    // The authenticator still holds the key, but the site no longer accepts it: the login page says so.
    await page.click('.member-button');
    await Promise.all([page.waitForURL(`${base()}/auth/login`), page.click('text=Log out')]);
    await hydrated(page, '[data-testid=passkey-login]');
    await page.click('[data-testid=passkey-login]');
    expect(await page.locator('[data-testid=passkey-login-error]').textContent()).toMatch(/could not be used/);
    expect(page.url()).toBe(`${base()}/auth/login`);
    await context.close();
  });
});
