import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, overflowOnPhone, pagesFor } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** An operator works the moderation queue and bans a member, in a browser, against the demo site. */
describe.skipIf(chromiumMissing)('moderation in the back office', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const VIDEO = 'desert-colour-drift';

  const api = async (method: string, path: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base()}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await res.json();
    if (!res.ok && !path.startsWith('/auth/login')) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const tokenOf = async (username: string, password: string) => (await api('POST', '/auth/login', null, { username, password })).data.token as string;
  const operator = (theme: 'light' | 'dark' = 'light', width = 1280) => operatorOf(e2e, theme, width);
  const accept = (page: Page) => page.once('dialog', (d) => void d.accept());
  const thread = async (page: Page) => {
    await page.locator('[data-testid=comments]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid=comments][data-loaded=true]');
  };

  it('handles a report: the queue, the reported comment beside the report, hidden from the public page', async () => {
    const author = await tokenOf('member2', 'member-pass-123');
    const video = (await api('GET', `/assets/videos/${VIDEO}?countView=false`, null)).data;
    const comment = (await api('POST', '/comments', author, { objectType: 'video', objectId: video._id, content: 'Cheap pills at pills.example' })).data;
    const reporter = await tokenOf('member', 'member-pass-123');
    await api('POST', '/violation-reports', reporter, { type: 'spam', targetType: 'comment', targetId: comment._id, description: 'An advert.' });

    const { context, page } = await operator();
    await page.goto(`${base()}/admin/reports?status=open`);
    const row = page.locator('[data-testid=admin-row]', { hasText: 'Cheap pills' });
    await expect(row.textContent()).resolves.toContain('Spam or scam');
    await screenshot(page, 'admin-reports');
    await Promise.all([page.waitForURL(/\/admin\/reports\/[0-9a-f-]{36}$/), row.locator('a').first().click()]);
    expect(await page.textContent('[data-testid=reported-text]')).toBe('Cheap pills at pills.example');
    expect(await page.textContent('[data-testid=reported-item]')).toContain('member2');
    await hydrated(page, '[data-testid=action-hide-item]');
    await screenshot(page, 'admin-report');

    await page.click('[data-testid=action-hide-item]');
    await page.locator('.toast', { hasText: 'Hide it from the site: done.' }).waitFor();
    // The verb is gone, its opposite is offered, and the form says it is hidden.
    await page.waitForSelector('[data-testid=action-unhide-item]');
    expect(await page.textContent('[data-field=targetHidden]')).toBe('Yes');

    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${base()}/videos/${VIDEO}`);
    await thread(visitor);
    expect(await visitor.locator('[data-testid=comment]', { hasText: 'Cheap pills' }).count()).toBe(0);
    await visitor.close();
    await context.close();
  });

  it('bans a member: their open page is logged out at their next action, and they cannot log in', async () => {
    const memberContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const memberPage = await memberContext.newPage();
    await logIn(memberPage, base(), 'member2');
    await memberPage.goto(`${base()}/videos/${VIDEO}`);
    await thread(memberPage);
    await hydrated(memberPage, 'textarea[placeholder="Add a comment"]');

    const { context, page } = await operator();
    await page.goto(`${base()}/admin/members`);
    await hydrated(page, '#admin-q');
    await page.fill('#admin-q', 'member2');
    await page.press('#admin-q', 'Enter');
    await page.waitForURL(/q=member2/);
    await Promise.all([page.waitForURL(/\/admin\/members\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-row] a:text-is("member2")')]);
    expect(await page.textContent('[data-testid=member-record]')).toContain('Reports about them (1)');
    await hydrated(page, '[data-testid=action-ban]');
    await screenshot(page, 'admin-member');
    // The reason is required: said at the field before anything is asked, nothing done.
    await page.click('[data-testid=action-ban]');
    await page.waitForSelector('#action-ban-reason[aria-invalid=true]');
    await page.fill('#action-ban-reason', 'Spam after a warning');
    accept(page);
    await page.click('[data-testid=action-ban]');
    await page.locator('.toast', { hasText: 'Ban: done.' }).waitFor();
    await page.waitForSelector('[data-testid=action-unban]');

    // The banned member's open page leaves at once (their live connection ends with the session): no name and balance
    // left on screen until their next click.
    await memberPage.waitForURL(`${base()}/login`);
    await memberPage.locator('.toast', { hasText: 'Forbidden in the action!' }).waitFor();
    expect((await api('POST', '/auth/login', null, { username: 'member2', password: 'member-pass-123' })).message).toBe('This account is inactive.');
    await memberContext.close();

    await page.click('[data-testid=action-unban]');
    await page.waitForSelector('[data-testid=action-ban]');
    await context.close();
  });

  it('the reports list, a report, the members list and a member pass axe (light or dark, alternating) and fit a phone', async () => {
    const first = (await api('GET', '/admin/reports?status=all', await tokenOf('admin', e2e.server.adminPassword()))).data.data[0]._id as string;
    const members = await api('GET', '/admin/members?q=member2', await tokenOf('admin', e2e.server.adminPassword()));
    const paths = ['/admin/reports', `/admin/reports/${first}`, '/admin/members', `/admin/members/${members.data.data[0]._id}`];
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await operator(theme, theme === 'dark' ? 320 : 1280);
      for (const path of pagesFor(paths, theme)) {
        await page.goto(base() + path);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        problems.push(...(await axeProblems(page, `${theme} ${path}`)));
        const wide = await overflowOnPhone(page);
        if (wide > 0) problems.push(`${theme} ${path}: ${wide} px wider than the screen`);
        if (theme === 'dark') await screenshot(page, `admin-${path.split('/')[2]}${path.split('/')[3] ? '-item' : ''}-dark-phone`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
