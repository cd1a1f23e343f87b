/** What a page request shows: the site, the country-blocked page or the maintenance page. */
export type SiteMode = 'normal' | 'blocked' | 'maintenance';

export const BLOCKED_ROUTE = '/site/blocked';
export const MAINTENANCE_ROUTE = '/site/maintenance';

/** normal, country-blocked or maintenance; blocked takes precedence (SPEC.md §4). Admins see the site in maintenance. */
export function decideSiteMode(input: { blocked: boolean; maintenanceMode: boolean; isAdmin: boolean; availableInMaintenance: boolean }): SiteMode {
  if (input.blocked) return 'blocked';
  if (input.maintenanceMode && !input.isAdmin && !input.availableInMaintenance) return 'maintenance';
  return 'normal';
}
