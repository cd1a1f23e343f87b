import { defineMiddleware } from 'astro:middleware';
import { PUBLIC_API_BASE } from 'astro:env/client';
import { createApiClient } from '../shared/api-client.ts';
import { apiCalls } from '../shared/page-calls.ts';
import { adminCalls } from '../shared/admin/calls.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../shared/default-settings.ts';

/** The page's own path; a server island's is its page's (same origin only), else the home page. */
export function pagePath(url: URL, referer: string | null): string {
  if (!url.pathname.startsWith('/_server-islands/')) return url.pathname;
  try {
    const from = new URL(referer ?? '');
    return from.origin === url.origin ? from.pathname : '/';
  } catch {
    return '/';
  }
}

/**
 * Whether the page is rendered without the host (`astro dev`): the host passes its transport together with what it
 * decided before the render (site mode, settings, country); without it, the middleware asks the API for them.
 */
export const withoutHost = (locals: App.Locals) => locals.apiTransport === undefined;

/** Builds this request's server-side API client (token cookie → Authorization, visitor address forwarded). */
export const context = defineMiddleware(async (ctx, next) => {
  const token = ctx.cookies.get('token')?.value || null;
  const clientIp = ctx.locals.clientIp ?? ctx.clientAddress;
  const baseUrl = new URL(PUBLIC_API_BASE, ctx.url).href;
  // The host always sets the origin; only `astro dev` (no host) falls back to the dev server's own address.
  ctx.locals.origin ??= ctx.url.origin;
  ctx.locals.pagePath = pagePath(ctx.url, ctx.request.headers.get('referer'));
  ctx.locals.sessionToken = token;
  ctx.locals.user = null;
  ctx.locals.pageCache = { public: false, shared: false };
  const client = createApiClient({
    baseUrl,
    // Read at each call: a page shared by visitors and members sets the token aside (session.ts).
    getSessionToken: () => ctx.locals.sessionToken,
    transport: ctx.locals.apiTransport,
    headers: ctx.locals.apiTransport ? {} : { 'x-forwarded-for': clientIp },
  });
  ctx.locals.api = apiCalls(client);
  ctx.locals.admin = adminCalls(client);
  if (withoutHost(ctx.locals)) {
    ctx.locals.settings = await ctx.locals.api.publicSettings().then(
      (r) => ({ ...DEFAULT_PUBLIC_SETTINGS, ...r.data }),
      () => DEFAULT_PUBLIC_SETTINGS,
    );
    ctx.locals.country = null;
    ctx.locals.siteMode = 'normal';
  }
  return next();
});
