import { defineMiddleware } from 'astro:middleware';
import { LOGIN_ROUTE } from '../shared/routes.ts';
import { pageMeta, type PageMeta } from './page-meta.ts';
import type { AdminCalls } from '../shared/admin/calls.ts';

/** Whether the site still waits for its first admin (an unreachable API counts as no). */
const firstRun = (admin: AdminCalls) =>
  admin.setupStatus().then(
    (r) => r.data.needed,
    () => false,
  );

/** The page a member who is not an admin gets instead of a back-office page (403). */
export const FORBIDDEN_ROUTE = '/site/forbidden';
/** First run: where a visitor to the back office goes while the site has no admin yet. */
export const SETUP_ROUTE = '/admin/setup';

/** Where a visitor must go instead of this page, or null to render it. */
export function guardRedirect(meta: PageMeta, loggedIn: boolean): string | null {
  return (meta.requiresAuth || meta.requiresAdmin) && !loggedIn && !meta.noRedirect ? LOGIN_ROUTE : null;
}

/**
 * A page that requires login, visited without a member: go to /auth/login, unless the page says not to redirect. A
 * back-office page visited by a member who is not an admin: the 403 page instead. A back-office page visited by
 * nobody while the site has no admin yet (first run): the setup page, which asks for the admin account.
 */
export const authGuard = defineMiddleware(async (ctx, next) => {
  const meta = pageMeta(ctx.routePattern);
  if (meta.requiresAdmin && !ctx.locals.user && (await firstRun(ctx.locals.admin))) return ctx.redirect(SETUP_ROUTE);
  const target = guardRedirect(meta, Boolean(ctx.locals.user));
  if (target) return ctx.redirect(target);
  if (meta.requiresAdmin && !ctx.locals.user?.roles.includes('admin')) return next(FORBIDDEN_ROUTE);
  return next();
});
