import { describe, expect, it, vi } from 'vitest';
import { authGuard, guardRedirect } from '../../src/middleware/auth-guard.ts';
import { pageMeta } from '../../src/middleware/page-meta.ts';
import { session } from '../../src/middleware/session.ts';
import { pagePath } from '../../src/middleware/context.ts';
import { siteMode } from '../../src/middleware/site-mode.ts';
import { decideSiteMode, type SiteMode } from '../../src/shared/site-mode.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';

const member = {
  _id: 'u1',
  name: 'Mia',
  username: 'mia',
  email: 'm@x',
  avatar: '/a.svg',
  cover: null,
  balance: 5,
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

/** A stub of Astro's middleware context: only what the middleware touches. */
function stubContext(opts: {
  route: string;
  token?: string | null;
  me?: () => Promise<unknown>;
  settings?: object;
  blocked?: boolean;
  user?: object | null;
  setupNeeded?: boolean;
  /** What `/auth/two-factor` answers the member (the operator's requirement of admins). */
  twoFactor?: { enabled: boolean; required: boolean };
  /** The host's decision; without it the page renders as under `astro dev` (no host). */
  hostMode?: SiteMode;
}) {
  const deleted: string[] = [];
  const ctx = {
    routePattern: opts.route,
    locals: {
      sessionToken: opts.token ?? null,
      user: opts.user ?? null,
      settings: { ...DEFAULT_PUBLIC_SETTINGS, ...opts.settings },
      siteMode: opts.hostMode ?? 'normal',
      country: null,
      apiTransport: opts.hostMode ? async () => Promise.reject(new Error('the host decided: no API call')) : undefined,
      api: {
        me: opts.me ?? (async () => ({ data: member })),
        countryCheck: async () => ({ data: { blocked: opts.blocked ?? false, country: opts.blocked ? 'FR' : null } }),
        twoFactorStatus: async () => ({ data: { enabled: false, required: false, recoveryCodesLeft: 0, ...opts.twoFactor } }),
      },
      admin: { setupStatus: async () => ({ data: { needed: opts.setupNeeded ?? false } }) },
    },
    cookies: { delete: (name: string) => deleted.push(name) },
    redirect: (to: string) => new Response(null, { status: 302, headers: { location: to } }),
  };
  const next = vi.fn(async (rewrite?: string) => new Response(rewrite ?? `render ${opts.route}`));
  return { ctx, next, deleted };
}

const run = async (mw: typeof session, c: ReturnType<typeof stubContext>) => (await mw(c.ctx as never, c.next as never)) as Response;

describe('pages declare what they need', () => {
  it("reads each page's exported meta by route pattern", () => {
    expect(pageMeta('/account')).toEqual({ requiresAuth: true });
    expect(pageMeta('/auth/login')).toMatchObject({ availableInMaintenance: true });
    expect(pageMeta('/')).toEqual({ shared: true });
    expect(pageMeta('/videos/[id]')).toEqual({ shared: true });
    expect(pageMeta('/tokens')).toEqual({});
    expect(pageMeta('/not/a/page')).toEqual({});
  });
});

describe('site mode', () => {
  it('blocked takes precedence over maintenance', () => {
    expect(decideSiteMode({ blocked: true, maintenanceMode: true, isAdmin: true, availableInMaintenance: true })).toBe('blocked');
    expect(decideSiteMode({ blocked: false, maintenanceMode: true, isAdmin: false, availableInMaintenance: false })).toBe('maintenance');
    expect(decideSiteMode({ blocked: false, maintenanceMode: true, isAdmin: true, availableInMaintenance: false })).toBe('normal');
    expect(decideSiteMode({ blocked: false, maintenanceMode: true, isAdmin: false, availableInMaintenance: true })).toBe('normal');
    expect(decideSiteMode({ blocked: false, maintenanceMode: false, isAdmin: false, availableInMaintenance: false })).toBe('normal');
  });

  it("replaces the page with the host's decision: the blocked or the maintenance page, without asking the API", async () => {
    const countryCheck = vi.fn();
    for (const [hostMode, shown] of [
      ['blocked', '/site/blocked'],
      ['maintenance', '/site/maintenance'],
      ['normal', 'render /'],
    ] as const) {
      const c = stubContext({ route: '/', hostMode, settings: { maintenanceMode: true } });
      Object.assign(c.ctx.locals.api, { countryCheck });
      expect(await (await run(siteMode, c)).text()).toBe(shown);
    }
    expect(countryCheck).not.toHaveBeenCalled();
  });

  it('without a host (astro dev), decides by the same rule from the API: blocked first, maintenance but not the login page', async () => {
    const c = stubContext({ route: '/', blocked: true, settings: { maintenanceMode: true } });
    expect(await (await run(siteMode, c)).text()).toBe('/site/blocked');
    expect(c.ctx.locals.siteMode).toBe('blocked');
    const home = stubContext({ route: '/', settings: { maintenanceMode: true } });
    expect(await (await run(siteMode, home)).text()).toBe('/site/maintenance');
    const loginPage = stubContext({ route: '/auth/login', settings: { maintenanceMode: true } });
    expect(await (await run(siteMode, loginPage)).text()).toBe('render /auth/login');
    const admin = stubContext({ route: '/', settings: { maintenanceMode: true }, user: { ...member, roles: ['member', 'admin'] } });
    expect(await (await run(siteMode, admin)).text()).toBe('render /');
  });
});

describe('the page path (login links come back to it)', () => {
  it("is the request's own, or for a server island the page that asked for it, on this origin only", () => {
    expect(pagePath(new URL('http://shop.test/videos/a'), null)).toBe('/videos/a');
    const island = new URL('http://shop.test/_server-islands/ItemAccess?e=1&p=2');
    expect(pagePath(island, 'http://shop.test/videos/a?x=1')).toBe('/videos/a');
    expect(pagePath(island, 'https://evil.test/phish')).toBe('/');
    expect(pagePath(island, null)).toBe('/');
  });
});

describe('session', () => {
  it('puts the member of the token cookie in locals', async () => {
    const c = stubContext({ route: '/tokens', token: 't' });
    await run(session, c);
    expect(c.ctx.locals.user).toEqual(member);
  });

  it('renders a page shared by visitors and members as for a visitor: no member, the token set aside', async () => {
    const c = stubContext({ route: '/videos', token: 't', me: async () => Promise.reject(new Error('not asked')) });
    await run(session, c);
    expect(c.ctx.locals.user).toBeNull();
    expect(c.ctx.locals.sessionToken).toBeNull();
    expect(c.next).toHaveBeenCalled();
  });

  it('renders a shared page for its member while maintenance mode is on (an admin sees the site)', async () => {
    const c = stubContext({ route: '/videos', token: 't', settings: { maintenanceMode: true } });
    await run(session, c);
    expect(c.ctx.locals.user).toEqual(member);
    expect(c.ctx.locals.sessionToken).toBe('t');
  });

  it('a failed token fetch on a page that requires login removes the token and goes to /auth/login', async () => {
    const c = stubContext({ route: '/account', token: 'stale', me: async () => Promise.reject(new Error('Forbidden in the action!')) });
    const res = await run(session, c);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login');
    expect(c.deleted).toEqual(['token']);
    expect(c.next).not.toHaveBeenCalled();
  });

  it('a failed token fetch elsewhere is ignored', async () => {
    const c = stubContext({ route: '/', token: 'stale', me: async () => Promise.reject(new Error('x')) });
    expect(await (await run(session, c)).text()).toBe('render /');
    expect(c.deleted).toEqual([]);
    expect(c.ctx.locals.user).toBeNull();
  });
});

describe('auth guard', () => {
  it('sends a visitor without a member from a page that requires login to /auth/login', async () => {
    const res = await run(authGuard, stubContext({ route: '/account' }));
    expect(res.headers.get('location')).toBe('/auth/login');
  });

  it('a page that must not redirect renders for anonymous visitors', () => {
    expect(guardRedirect({ requiresAuth: true, noRedirect: true }, false)).toBeNull();
    expect(guardRedirect({ requiresAuth: true }, false)).toBe('/auth/login');
    expect(guardRedirect({ requiresAuth: true }, true)).toBeNull();
    expect(guardRedirect({}, false)).toBeNull();
  });

  it('first run: a visitor to the back office of a site without an admin goes to the setup page, never once it has one', async () => {
    expect((await run(authGuard, stubContext({ route: '/admin', setupNeeded: true }))).headers.get('location')).toBe('/admin/setup');
    expect((await run(authGuard, stubContext({ route: '/admin/[resource]', setupNeeded: true }))).headers.get('location')).toBe('/admin/setup');
    expect((await run(authGuard, stubContext({ route: '/admin', setupNeeded: false }))).headers.get('location')).toBe('/auth/login');
    // Only the back office leads there: other pages that need a login still go to it.
    expect((await run(authGuard, stubContext({ route: '/account', setupNeeded: true }))).headers.get('location')).toBe('/auth/login');
  });

  it('sends an admin without a second factor to /account/security when the operator requires one, and only then', async () => {
    const admin = { ...member, roles: ['member', 'admin'] };
    const to = async (twoFactor: { enabled: boolean; required: boolean }, route = '/admin/[resource]') =>
      (await run(authGuard, stubContext({ route, user: admin, twoFactor }))).headers.get('location');
    expect(await to({ enabled: false, required: true })).toBe('/account/security?required=admin');
    expect(await to({ enabled: true, required: true })).toBeNull();
    expect(await to({ enabled: false, required: false })).toBeNull();
    // The admin's own pages stay open, so that they can set it up.
    expect(await to({ enabled: false, required: true }, '/account')).toBeNull();
  });

  it('lets a member through, and public pages for everyone', async () => {
    expect(await (await run(authGuard, stubContext({ route: '/account', user: member }))).text()).toBe('render /account');
    expect(await (await run(authGuard, stubContext({ route: '/' }))).text()).toBe('render /');
  });
});
