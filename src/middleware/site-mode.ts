import { defineMiddleware } from 'astro:middleware';
import { pageMeta } from './page-meta.ts';

export type SiteMode = 'normal' | 'blocked' | 'maintenance';

export const BLOCKED_ROUTE = '/site/blocked';
export const MAINTENANCE_ROUTE = '/site/maintenance';

/** normal, country-blocked or maintenance; blocked takes precedence (SPEC.md §4). Admins see the site in maintenance. */
export function decideSiteMode(input: { blocked: boolean; maintenanceMode: boolean; isAdmin: boolean; availableInMaintenance: boolean }): SiteMode {
  if (input.blocked) return 'blocked';
  if (input.maintenanceMode && !input.isAdmin && !input.availableInMaintenance) return 'maintenance';
  return 'normal';
}

/** Loads the public settings and the country check, then replaces the page with the blocked or maintenance page. */
export const siteMode = defineMiddleware(async (ctx, next) => {
  const [settings, country] = await Promise.allSettled([ctx.locals.api.publicSettings(), ctx.locals.api.countryCheck()]);
  if (settings.status === 'fulfilled') ctx.locals.settings = { ...ctx.locals.settings, ...settings.value.data };
  else console.error('settings could not be loaded; using defaults', settings.reason);
  const check = country.status === 'fulfilled' ? country.value.data : { blocked: false, country: null };
  ctx.locals.country = check.country;
  const mode = decideSiteMode({
    blocked: check.blocked,
    maintenanceMode: ctx.locals.settings.maintenanceMode === true,
    isAdmin: ctx.locals.user?.roles.includes('admin') ?? false,
    availableInMaintenance: pageMeta(ctx.routePattern).availableInMaintenance ?? false,
  });
  ctx.locals.siteMode = mode;
  if (mode === 'blocked' && ctx.routePattern !== BLOCKED_ROUTE) return next(BLOCKED_ROUTE);
  if (mode === 'maintenance' && ctx.routePattern !== MAINTENANCE_ROUTE) return next(MAINTENANCE_ROUTE);
  return next();
});
