import { defineMiddleware } from 'astro:middleware';
import { pageMeta } from './page-meta.ts';
import { SHARED_PAGE_HEADER } from '../shared/page-cache.ts';

/** Anonymous pages: shared caches may keep them for a minute and serve them stale while they refresh. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/**
 * Marks what may be cached: a 200 page rendered for an anonymous visitor in normal mode, unless the page opts out
 * (`meta.cache === false`). Everything else is private to its visitor. The host's page cache keeps only `public`.
 */
export const cachePolicy = defineMiddleware(async (ctx, next) => {
  const response = await next();
  if (response.headers.has('cache-control')) return response;
  const anonymous = !ctx.locals.sessionToken && !ctx.locals.user;
  const cacheable = anonymous && ctx.locals.siteMode === 'normal' && response.status === 200 && pageMeta(ctx.routePattern).cache !== false;
  response.headers.set('cache-control', cacheable ? PUBLIC_PAGE_CACHE : anonymous ? 'no-store' : 'private, no-cache');
  if (cacheable && pageMeta(ctx.routePattern).shared) response.headers.set(SHARED_PAGE_HEADER, '1');
  response.headers.set('vary', 'Accept-Encoding, Cookie');
  return response;
});
