import { describe, expect, it } from 'vitest';
import { apiOf, chromiumMissing, screenshot, useE2e } from '../helpers/e2e.ts';

/** The list pages render one HTML for visitors and members; the member's parts are filled in by the browser. */
describe.skipIf(chromiumMissing)('pages shared by visitors and members', () => {
  const e2e = useE2e();
  const base = () => e2e.server.url;
  const api = apiOf(base);
  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${base()}${path}`, { headers });

  it('serve a member the cached visitor page, then fill in their corner and unlock the cards they bought', async () => {
    const { token } = await api('/auth/login', { username: 'member', password: 'member-pass-123' });
    // The visitor's page of videos: which cards are locked.
    const visitor = await page('/videos');
    const html = await visitor.text();
    const locked = [...html.matchAll(/<article class="item-card" data-kind="video" data-id="([^"]+)" data-locked="true"/g)].map((m) => m[1]!);
    expect(locked.length).toBeGreaterThan(1);
    const [bought, notBought] = locked as [string, string];
    await api(`/token-transactions/video/${bought}`, {}, token);
    const { balance } = await api('/users/me', undefined, token);

    // The member is served the same bytes from the cache, rendered without them (no name, no balance in it).
    const asMember = await page('/videos', { cookie: `token=${token}` });
    expect(asMember.headers.get('x-page-cache')).toBe('HIT');
    const memberHtml = await asMember.text();
    expect(memberHtml).toBe(await (await page('/videos')).text());
    expect(memberHtml).not.toContain('Mia Member');
    // A page that is the member's own is still rendered for them.
    const tokens = await page('/tokens', { cookie: `token=${token}` });
    expect(tokens.headers.get('x-page-cache')).toBeNull();
    expect(await tokens.text()).toContain(`<strong data-testid="tokens-balance">${balance}</strong>`);

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: base() }]);
    const tab = await context.newPage();
    await tab.goto(`${base()}/videos`);
    await tab.waitForSelector('[data-testid=member-name]:has-text("Mia Member")');
    await tab.waitForSelector(`[data-testid=balance]:has-text("${balance}")`);
    expect(await tab.isVisible('[data-testid=login-link]')).toBe(false);
    // The bought video's card loses its lock and shows its real picture; the others keep theirs.
    await tab.waitForSelector(`.item-card[data-id="${bought}"]:not([data-locked]) picture`);
    expect(await tab.locator(`.item-card[data-id="${bought}"] .lock-chip`).count()).toBe(0);
    expect(await tab.getAttribute(`.item-card[data-id="${notBought}"]`, 'data-locked')).toBe('true');
    await screenshot(tab, 'shared-list-member');
    await context.close();
  });

  it('let a visitor whose token was refused browse on as a visitor', async () => {
    const context = await e2e.browser.newContext();
    await context.addCookies([{ name: 'token', value: 'no-such-session', url: base() }]);
    const tab = await context.newPage();
    await tab.goto(`${base()}/videos`);
    await tab.waitForSelector('[data-testid=login-link]', { state: 'visible' });
    expect(await tab.isVisible('[data-testid=member]')).toBe(false);
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    expect(new URL(tab.url()).pathname).toBe('/videos');
    await context.close();
  });

  it('answer a copy that is still current with 304, and a changed page with its new bytes', async () => {
    const first = await page('/videos');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page('/videos', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The browser refreshes its copy's headers from a 304: they are the page's, its Content-Security-Policy included.
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect((await page('/videos?page=2', { 'if-none-match': etag })).status).toBe(200);
  });
});
