import { defineMiddleware } from 'astro:middleware';
import { pageMeta } from './page-meta.ts';

/** A page that requires login, visited without a member: go to /auth/login, unless the page says not to redirect. */
export const authGuard = defineMiddleware((ctx, next) => {
  const meta = pageMeta(ctx.routePattern);
  if (meta.requiresAuth && !ctx.locals.user && !meta.noRedirect) return ctx.redirect('/auth/login');
  return next();
});
