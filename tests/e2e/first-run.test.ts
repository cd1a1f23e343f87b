import { describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, screenshot, useE2e } from '../helpers/e2e.ts';

describe.skipIf(chromiumMissing)('first run: a site made with SEED=none asks for its admin on the first visit to /admin', () => {
  const e2e = useE2e({ env: { SEED: 'none' } });
  const base = () => e2e.server.url;

  it('the setup page (axe clean in both themes) takes the printed token and logs the new admin into the back office', async () => {
    const token = /setup token: (\S+)/.exec(e2e.server.output())?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    // Settings but no demo: no demo accounts, and no demo logins printed.
    expect(e2e.server.output()).not.toContain('Demo logins');
    expect(e2e.server.output()).not.toContain('Payments: simulated');
    expect((await (await fetch(`${base()}/api/settings/public`)).json()).data.siteName).toBe('Tessera');
    const demoLogin = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'member', password: 'member-pass-123' }),
    });
    expect(demoLogin.status).toBe(422);

    const problems: string[] = [];
    for (const theme of ['dark', 'light'] as const) {
      const context = await e2e.browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      await page.goto(`${base()}/admin`);
      expect(new URL(page.url()).pathname).toBe('/admin/setup');
      await hydrated(page, '[data-testid=setup-submit]');
      problems.push(...(await axeProblems(page, `${theme} /admin/setup`)));
      if (theme === 'dark') {
        await context.close();
        continue;
      }
      // A wrong token is said at its field; nothing is made.
      await page.fill('#setup-token', 'not-the-token');
      await page.fill('#setup-name', 'Ada Operator');
      await page.fill('#setup-username', 'ada');
      await page.fill('#setup-email', 'ada@example.com');
      await page.fill('#setup-password', 'first-admin-1');
      await page.click('[data-testid=setup-submit]');
      await page.waitForSelector('#setup-token[aria-invalid=true]:focus');
      expect(await page.textContent('#setup-token-error')).toContain('this is not the token the server printed');
      problems.push(...(await axeProblems(page, `${theme} /admin/setup with an error`)));
      await screenshot(page, 'admin-setup-error');

      await page.fill('#setup-token', token!);
      await Promise.all([page.waitForURL(`${base()}/admin`), page.click('[data-testid=setup-submit]')]);
      expect(await page.textContent('h1')).toBe('Dashboard');
      expect(await page.textContent('[data-testid=member-name]')).toBe('Ada Operator');
      await context.close();
    }
    expect(problems).toEqual([]);

    // Setup is over: /admin/setup goes to the back office (and so to the login page for a visitor).
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/admin/setup`);
    expect(new URL(visitor.url()).pathname).toBe('/auth/login');
    await visitor.close();
  });
});
