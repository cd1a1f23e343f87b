import type { APIContext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { pageMeta } from './page-meta.ts';
import { withoutHost } from './context.ts';
import { BLOCKED_ROUTE, decideSiteMode, MAINTENANCE_ROUTE, type SiteMode } from '../shared/site-mode.ts';

/**
 * Under `astro dev` only (no host to decide before the render): the site mode from the API's country check, the
 * settings (context.ts) and the member (session.ts), by the same rule the host applies (server/site/decide.ts).
 */
async function modeWithoutHost(ctx: APIContext): Promise<SiteMode> {
  const check = await ctx.locals.api.countryCheck().then(
    (r) => r.data,
    () => ({ blocked: false, country: null }),
  );
  ctx.locals.country = check.country;
  return decideSiteMode({
    blocked: check.blocked,
    maintenanceMode: ctx.locals.settings.maintenanceMode === true,
    isAdmin: ctx.locals.user?.roles.includes('admin') ?? false,
    availableInMaintenance: pageMeta(ctx.routePattern).availableInMaintenance ?? false,
  });
}

/** Replaces the page with the blocked or maintenance page, as the host decided (`locals.siteMode`). */
export const siteMode = defineMiddleware(async (ctx, next) => {
  if (withoutHost(ctx.locals)) ctx.locals.siteMode = await modeWithoutHost(ctx);
  const mode = ctx.locals.siteMode;
  if (mode === 'blocked' && ctx.routePattern !== BLOCKED_ROUTE) return next(BLOCKED_ROUTE);
  if (mode === 'maintenance' && ctx.routePattern !== MAINTENANCE_ROUTE) return next(MAINTENANCE_ROUTE);
  return next();
});
