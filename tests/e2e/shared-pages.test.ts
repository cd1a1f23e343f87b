import { describe, expect, it } from 'vitest';
import { apiOf, chromiumMissing, openSettled, reactionsRead, screenshot, useE2e } from '../helpers/e2e.ts';

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

  it("render a locked item's page once for all; its server island brings each viewer their own content, and each member their own reactions", async () => {
    const buyer = (await api('/auth/login', { username: 'member2', password: 'member-pass-123' })).token;
    const other = (await api('/auth/login', { username: 'member', password: 'member-pass-123' })).token;
    await api('/token-transactions/gallery/city-after-dark', {}, buyer);
    await api('/reactions', { objectType: 'gallery', objectId: (await api('/assets/galleries/city-after-dark/view'))._id, action: 'like' }, buyer);
    const shared = await (await page('/galleries/city-after-dark', { cookie: `token=${buyer}` })).text();
    // The page itself is the visitor's: locked previews, the login link to unlock, nobody's balance.
    expect(shared).toContain('Log in to unlock');
    expect(shared).not.toMatch(/original\.jpg/);

    const open = async (token: string | null) => {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (token) await context.addCookies([{ name: 'token', value: token, url: base() }]);
      const tab = await context.newPage();
      await openSettled(tab, `${base()}/galleries/city-after-dark`);
      // A member's reaction buttons wait (busy) until their own reactions are read.
      if (token) await reactionsRead(tab);
      return { tab, close: () => context.close() };
    };
    // The buyer: the full photos in the lightbox's links, no unlock panel, their like pressed.
    const bought = await open(buyer);
    expect(await bought.tab.locator('[data-testid=unlock-panel]').count()).toBe(0);
    expect(await bought.tab.locator('[data-testid=photos] a[data-lightbox-index]').count()).toBe(7);
    expect(await bought.tab.getAttribute('[data-testid=react-like]', 'aria-pressed')).toBe('true');
    await screenshot(bought.tab, 'shared-detail-buyer');
    await bought.close();
    // Another member: the unlock island with their balance, their own (unpressed) like.
    const member = await open(other);
    await member.tab.waitForSelector('[data-testid=unlock-balance]');
    expect(await member.tab.isVisible('text=Log in to unlock')).toBe(false);
    expect(await member.tab.getAttribute('[data-testid=react-like]', 'aria-pressed')).toBe('false');
    await member.close();
    // A visitor: the login link, and login links in place of the reactions (the members' buttons are never woken:
    // their code is not even downloaded).
    const visitor = await open(null);
    expect(await visitor.tab.isVisible('text=Log in to unlock')).toBe(true);
    expect(await visitor.tab.isVisible('a[title="Log in to like"]')).toBe(true);
    expect(await visitor.tab.isVisible('[data-testid=react-like]')).toBe(false);
    expect(await visitor.tab.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('reaction-buttons')).length)).toBe(0);
    await visitor.close();
  });

  it("give a member the report button on a post's shared page, and a visitor the login link", async () => {
    const { token } = await api('/auth/login', { username: 'member', password: 'member-pass-123' });
    const context = await e2e.browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${base()}/posts/welcome-to-tessera`);
    expect(await tab.isVisible('a[title="Log in to report"]')).toBe(true);
    expect(await tab.isVisible('[data-testid=report]')).toBe(false);
    await context.addCookies([{ name: 'token', value: token, url: base() }]);
    await tab.reload();
    expect(await tab.isVisible('a[title="Log in to report"]')).toBe(false);
    await tab.click('[data-testid=report]');
    await tab.waitForSelector('dialog.modal[open] >> text=Send report');
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
