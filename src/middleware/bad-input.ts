import { defineMiddleware } from 'astro:middleware';

/** A page address with a NUL character (`/videos/%00`, `?q=%00`) names nothing: the site's 404 page, not an error. */
export const badInput = defineMiddleware((ctx, next) => {
  if (/%00/.test(ctx.url.pathname + ctx.url.search) && ctx.url.pathname !== '/404') return ctx.rewrite('/404');
  return next();
});
