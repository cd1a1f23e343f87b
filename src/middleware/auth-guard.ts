import { defineMiddleware } from 'astro:middleware';
import { LOGIN_ROUTE } from '../shared/routes.ts';
import { pageMeta, type PageMeta } from './page-meta.ts';

/** Where a visitor must go instead of this page, or null to render it. */
export function guardRedirect(meta: PageMeta, loggedIn: boolean): string | null {
  return meta.requiresAuth && !loggedIn && !meta.noRedirect ? LOGIN_ROUTE : null;
}

/** A page that requires login, visited without a member: go to /auth/login, unless the page says not to redirect. */
export const authGuard = defineMiddleware((ctx, next) => {
  const target = guardRedirect(pageMeta(ctx.routePattern), Boolean(ctx.locals.user));
  return target ? ctx.redirect(target) : next();
});
