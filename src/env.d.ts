/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the host (src/server/plugins/site.ts): runs API calls in-process. Absent under `astro dev`. */
    apiTransport?: import('./shared/api-client.ts').Transport;
    /** Set by the host: the visitor's address as Fastify resolved it (trusted proxies applied). */
    clientIp?: string;
    /** The site's public origin (PUBLIC_URL, else where the server listens): every absolute URL a page prints starts with it. */
    origin: string;
    /** The site's server-side API calls for this request, forwarding the `token` cookie and the visitor's address. */
    api: import('./shared/calls.ts').ApiCalls;
    /** The back office's calls (`/api/admin`), with the same token; an admin's pages use them. */
    admin: import('./shared/admin/calls.ts').AdminCalls;
    /**
     * The path of the page being shown: the request's, or for a server island (`/_server-islands/…`) the page that
     * asked for it (its Referer). Login links come back to it.
     */
    pagePath: string;
    /** The session token (the `token` cookie), when present. */
    sessionToken: string | null;
    /** The logged-in member, or null (anonymous, or the token was refused). */
    user: import('./shared/contracts/users.ts').CurrentUser | null;
    /** Public site settings (name, logo, menus, footer, currency, gaCode, maintenanceMode ...). */
    settings: import('./shared/contracts/settings.ts').PublicSettings;
    /** The visitor's ISO country code, when known. */
    country: string | null;
    /** normal, country-blocked or maintenance (blocked wins). */
    siteMode: import('./middleware/site-mode.ts').SiteMode;
  }
}
