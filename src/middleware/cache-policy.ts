import { defineMiddleware } from 'astro:middleware';
import { pageMeta } from './page-meta.ts';

/** Anonymous pages: shared caches may keep them for a minute and serve them stale while they refresh. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/**
 * Marks what may be cached: a 200 page rendered for an anonymous visitor in normal mode, unless the page opts out
 * (`meta.cache === false`) or sets its own Cache-Control. Everything else is private to its visitor. The decision goes
 * to the host as `locals.pageCache` (its page cache keeps only public pages) and to browsers and shared caches as
 * Cache-Control.
 */
export const cachePolicy = defineMiddleware(async (ctx, next) => {
  const response = await next();
  if (response.headers.has('cache-control')) return response;
  const meta = pageMeta(ctx.routePattern);
  const anonymous = !ctx.locals.sessionToken && !ctx.locals.user;
  const cacheable = anonymous && ctx.locals.siteMode === 'normal' && response.status === 200 && meta.cache !== false;
  ctx.locals.pageCache = { public: cacheable, shared: cacheable && meta.shared === true };
  response.headers.set('cache-control', cacheable ? PUBLIC_PAGE_CACHE : anonymous ? 'no-store' : 'private, no-cache');
  response.headers.set('vary', 'Accept-Encoding, Cookie');
  return response;
});
