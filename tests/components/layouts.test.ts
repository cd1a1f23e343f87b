import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContainer, pageLocals } from '../helpers/container.ts';
import PrimaryLayout from '../../src/layouts/PrimaryLayout.astro';
import PublicLayout from '../../src/layouts/PublicLayout.astro';
import BlankLayout from '../../src/layouts/BlankLayout.astro';
import AuthLayout from '../../src/layouts/AuthLayout.astro';
import Maintenance from '../../src/pages/site/maintenance.astro';
import Blocked from '../../src/pages/site/blocked.astro';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';
import type { CurrentUser } from '../../src/shared/contracts/users.ts';

let container: AstroContainer;
beforeAll(async () => {
  container = await createContainer();
});

const member: CurrentUser = {
  _id: 'u1',
  name: 'Mia Member',
  username: 'mia',
  email: 'mia@x.test',
  avatar: '/images/avatar-placeholder.svg',
  cover: null,
  balance: 1234,
  roles: ['member'],
  verifiedEmail: true,
  status: 'active',
  createdAt: '',
  bio: '',
  country: null,
  language: null,
  phone: null,
  gender: null,
};
// The one API call the layout makes: which payment gateways are on (the demo's test gateway).
const api = { paymentGateways: async () => ({ status: 0, data: { gateways: ['test'] } }) } as unknown as App.Locals['api'];
const locals = (over: Partial<App.Locals> = {}) => pageLocals({ api, ...over });
const render = (component: Parameters<AstroContainer['renderToString']>[0], l: App.Locals, request = new Request('http://localhost/')) =>
  container.renderToString(component, { locals: l, request, slots: { default: '<p>page body</p>' } });

describe('PrimaryLayout', () => {
  it('has header with brand and menu from settings, the content, back-to-top and footer content', async () => {
    const html = await render(PrimaryLayout, locals({ settings: { ...DEFAULT_PUBLIC_SETTINGS, siteName: 'Mosaic', footerContent: '<b>Made in Lisbon</b>' } }));
    expect(html).toContain('data-layout="primary"');
    expect(html).toMatch(/<header class="site-header"[\s\S]*Mosaic[\s\S]*<\/header>/);
    expect(html).toContain('<p>page body</p>');
    expect(html).toContain('id="back-to-top"');
    // Its icons are inline SVG at 22 px, hidden from assistive technology (the buttons carry the names).
    expect(html).toMatch(/aria-label="Back to top"[^>]*>\s*<svg width="22" height="22" aria-hidden="true" focusable="false" /);
    expect(html).toMatch(/<footer[\s\S]*<b>Made in Lisbon<\/b>[\s\S]*<\/footer>/);
    for (const item of DEFAULT_PUBLIC_SETTINGS.menus.filter((m) => m.section === 'main')) expect(html).toContain(`href="${item.path}"`);
    expect(html).toContain('<title>Mosaic</title>');
  });

  it('anonymous: a login link, and only the cart drawer island, which hydrates when it is opened (no React on load)', async () => {
    const html = await render(PrimaryLayout, locals());
    expect(html).toContain('href="/auth/login"');
    const islands = html.match(/<astro-island[^>]*>/g) ?? [];
    expect(islands).toHaveLength(1);
    expect(islands[0]).toContain('client="visible"');
    expect(islands[0]).toContain('CartView');
    expect(html).toMatch(/<dialog class="cart-drawer"[^>]*>[\s\S]*<astro-island/);
  });

  it("anonymous: the member's corner is there, empty, for a page shared with members (their browser fills it in)", async () => {
    const html = await render(PrimaryLayout, locals());
    expect(html).toMatch(/<div class="member" id="member" data-testid="member" aria-busy="true">/);
    expect(html).not.toContain('id="tessera-member"');
    // The simulated-payments strip is for admins: there, hidden, for the page's script to show to one.
    expect(html).toMatch(/<p class="test-mode-strip"[^>]*data-admin-only hidden/);
  });

  it("member: the member's name, avatar and balance, and the member for the page's script", async () => {
    const html = await render(PrimaryLayout, locals({ user: member }));
    expect(html).toContain('Mia Member');
    expect(html).toContain('1,234');
    expect(html).toMatch(/<script type="application\/json" id="tessera-member">\{"_id":"u1"/);
    expect(html).toMatch(/<p class="test-mode-strip"[^>]*data-admin-only hidden/);
    // An admin's own page shows the strip from the start.
    const admin = await render(PrimaryLayout, locals({ user: { ...member, roles: ['member', 'admin'] } }));
    expect(admin).toMatch(/<p class="test-mode-strip"[^>]*data-admin-only>/);
  });

  it('prints absolute URLs on the configured origin, whatever host the request names', async () => {
    const html = await render(PrimaryLayout, locals(), new Request('http://evil.example/videos/desert'));
    expect(html).toContain('<link rel="canonical" href="https://shop.example/videos/desert">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example/videos/desert">');
    expect(html).not.toContain('evil.example');
  });

  it('adds Google Analytics only when gaCode is set', async () => {
    expect(await render(PrimaryLayout, locals())).not.toContain('googletagmanager');
    const html = await render(PrimaryLayout, locals({ settings: { ...DEFAULT_PUBLIC_SETTINGS, gaCode: 'G-TEST123' } }));
    expect(html).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    const hostile = await render(PrimaryLayout, locals({ settings: { ...DEFAULT_PUBLIC_SETTINGS, gaCode: '"><script>alert(1)</script>' } }));
    expect(hostile).not.toContain('googletagmanager');
    expect(hostile).not.toContain('<script>alert(1)');
  });

  it('the settings handed to the browser cannot break out of their script tag', async () => {
    const html = await render(PrimaryLayout, locals({ settings: { ...DEFAULT_PUBLIC_SETTINGS, siteName: '</script><script>alert(1)</script>' } }));
    // Inside a quoted attribute (og:site_name) the text is inert; what matters is that no script element gains one.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    const json = html.match(/<script type="application\/json" id="tessera-settings">([\s\S]*?)<\/script>/)![1]!;
    expect(JSON.parse(json).siteName).toBe('</script><script>alert(1)</script>');
  });
});

describe('the other layouts', () => {
  it('public is bare, blank has nothing around the content, auth shows the login image', async () => {
    const pub = await render(PublicLayout, locals());
    expect(pub).toContain('data-layout="public"');
    expect(pub).not.toContain('site-header');
    const blank = await render(BlankLayout, locals());
    expect(blank).toContain('data-layout="blank"');
    expect(blank).not.toContain('<main');
    const auth = await render(AuthLayout, locals());
    expect(auth).toContain('data-layout="auth"');
    expect(auth).toContain(DEFAULT_PUBLIC_SETTINGS.loginPlaceholderImage);
  });
});

describe('status pages', () => {
  it('the maintenance page answers 503 with Retry-After when the site is in maintenance', async () => {
    const res = await container.renderToResponse(Maintenance, { locals: locals({ siteMode: 'maintenance' }) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('600');
    expect(await res.text()).toContain("We'll be right back");
  });

  it('the blocked page answers 451 when the country is blocked, and sends everyone else home', async () => {
    const res = await container.renderToResponse(Blocked, { locals: locals({ siteMode: 'blocked' }) });
    expect(res.status).toBe(451);
    expect(await res.text()).toContain('Not available in your region');
    const normal = await container.renderToResponse(Blocked, { locals: locals() });
    expect(normal.status).toBe(302);
  });
});
