import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideSiteMode, type SiteMode } from '../../shared/site-mode.ts';
import type { PublicSettings } from '../../shared/contracts/settings.ts';
import type { PageMeta } from '../../middleware/page-meta.ts';
import { sessionTokenFromCookie } from '../lib/auth/sessions.ts';

/** What the host decides about a page request before its render, handed to the site as typed locals. */
export interface SiteDecision {
  siteMode: SiteMode;
  /** The public settings (frozen, shared by the renders until they change). */
  settings: PublicSettings;
  /** The visitor's country, when known. */
  country: string | null;
}

/** Whether the visitor's session is an admin's (only asked in maintenance mode, where admins still see the site). */
async function isAdmin(app: FastifyInstance, cookie: string | undefined): Promise<boolean> {
  const token = sessionTokenFromCookie(cookie);
  const session = token ? await app.services.auth.authenticate(token) : null;
  return session?.user.roles.includes('admin') ?? false;
}

/**
 * The site mode of a page request, decided once, before the render (SPEC.md §4): the country-blocked page when the
 * visitor's country is blocked, else the maintenance page while maintenance mode is on, except for admins and the pages
 * that stay open (`meta.availableInMaintenance`: the login pages), else the site. The middleware reads it
 * (middleware/site-mode.ts), as it reads the settings (the settings service's `publicView`) and country from here.
 */
export async function decideSite(
  app: FastifyInstance,
  request: FastifyRequest,
  meta: PageMeta,
  settings: Readonly<Record<string, unknown>>,
): Promise<SiteDecision> {
  const check = await app.services.countryBlock.check({ ip: request.ip, headers: request.headers });
  const maintenanceMode = settings.maintenanceMode === true;
  const availableInMaintenance = meta.availableInMaintenance ?? false;
  const admin = maintenanceMode && !check.blocked && !availableInMaintenance && (await isAdmin(app, request.headers.cookie));
  return {
    siteMode: decideSiteMode({ blocked: check.blocked, maintenanceMode, isAdmin: admin, availableInMaintenance }),
    settings: settings as PublicSettings,
    country: check.country,
  };
}
