import { defineMiddleware } from 'astro:middleware';
import { ACCOUNT_SECURITY_ROUTE, LOGIN_ROUTE } from '../shared/routes.ts';
import { pageMeta, type PageMeta } from './page-meta.ts';
import type { AdminCalls } from '../shared/admin/calls.ts';
import type { ApiCalls } from '../shared/page-calls.ts';

/** Whether the site still waits for its first admin (an unreachable API counts as no). */
const firstRun = (admin: AdminCalls) =>
  admin.setupStatus().then(
    (r) => r.data.needed,
    () => false,
  );

/** Where an admin goes who must turn on a second factor first (the operator's `requireAdminTwoFactor`); the page says why. */
export const SECOND_FACTOR_FIRST_ROUTE = `${ACCOUNT_SECURITY_ROUTE}?required=admin`;

/** Whether this admin must set up a second factor before the back office opens (an unreachable API: the API refuses anyway). */
async function secondFactorMissing(api: ApiCalls): Promise<boolean> {
  try {
    const { data } = await api.twoFactorStatus();
    return data.required && !data.enabled;
  } catch {
    return false;
  }
}

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
 * nobody while the site has no admin yet (first run): the setup page, which asks for the admin account. An admin
 * without a second factor, where the operator requires one: /account/security first (the API refuses them too).
 */
export const authGuard = defineMiddleware(async (ctx, next) => {
  const meta = pageMeta(ctx.routePattern);
  if (meta.requiresAdmin && !ctx.locals.user && (await firstRun(ctx.locals.admin))) return ctx.redirect(SETUP_ROUTE);
  const target = guardRedirect(meta, Boolean(ctx.locals.user));
  if (target) return ctx.redirect(target);
  if (meta.requiresAdmin && !ctx.locals.user?.roles.includes('admin')) return next(FORBIDDEN_ROUTE);
  if (meta.requiresAdmin && (await secondFactorMissing(ctx.locals.api))) return ctx.redirect(SECOND_FACTOR_FIRST_ROUTE);
  return next();
});
