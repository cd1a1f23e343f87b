import { defineMiddleware } from 'astro:middleware';
import { LOGIN_ROUTE } from '../shared/routes.ts';
import { pageMeta, type PageMeta } from './page-meta.ts';

/** The page a member who is not an admin gets instead of a back-office page (403). */
export const FORBIDDEN_ROUTE = '/site/forbidden';

/** Where a visitor must go instead of this page, or null to render it. */
export function guardRedirect(meta: PageMeta, loggedIn: boolean): string | null {
  return (meta.requiresAuth || meta.requiresAdmin) && !loggedIn && !meta.noRedirect ? LOGIN_ROUTE : null;
}

/**
 * A page that requires login, visited without a member: go to /auth/login, unless the page says not to redirect. A
 * back-office page visited by a member who is not an admin: the 403 page instead.
 */
export const authGuard = defineMiddleware((ctx, next) => {
  const meta = pageMeta(ctx.routePattern);
  const target = guardRedirect(meta, Boolean(ctx.locals.user));
  if (target) return ctx.redirect(target);
  if (meta.requiresAdmin && !ctx.locals.user?.roles.includes('admin')) return next(FORBIDDEN_ROUTE);
  return next();
});
