import { defineMiddleware } from 'astro:middleware';
import { LOGIN_ROUTE } from '../shared/routes.ts';
import { pageMeta } from './page-meta.ts';

/**
 * token cookie → the current member in `locals.user`. A page shared by visitors and members (`meta.shared`) is
 * rendered as for a visitor, the token set aside. When the token is refused on a page that requires login, the
 * cookie is removed and the visitor goes to the login page; elsewhere the failure is ignored (SPEC.md §4).
 */
export const session = defineMiddleware(async (ctx, next) => {
  const { sessionToken: token } = ctx.locals;
  if (!token) return next();
  if (pageMeta(ctx.routePattern).shared && ctx.locals.settings.maintenanceMode !== true) {
    ctx.locals.sessionToken = null;
    return next();
  }
  try {
    ctx.locals.user = (await ctx.locals.api.me()).data;
  } catch {
    if (pageMeta(ctx.routePattern).requiresAuth) {
      ctx.cookies.delete('token', { path: '/' });
      return ctx.redirect(LOGIN_ROUTE);
    }
  }
  return next();
});
