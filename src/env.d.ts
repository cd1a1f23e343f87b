/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Set by the host (src/server/site/): runs API calls in-process. Absent under `astro dev`, where the middleware
     * asks the API over HTTP for what the host would have decided (middleware/context.ts, `withoutHost`).
     */
    apiTransport?: import('./shared/api-client.ts').Transport;
    /** Set by the host: the visitor's address as Fastify resolved it (trusted proxies applied). */
    clientIp?: string;
    /** The site's public origin (PUBLIC_URL, else where the server listens): every absolute URL a page prints starts with it. */
    origin: string;
    /** The site's server-side API calls for this request, forwarding the `token` cookie and the visitor's address. */
    api: import('./shared/page-calls.ts').ApiCalls;
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
    /** Public site settings (name, logo, menus, footer, currency, gaCode, maintenanceMode ...): read by the host. */
    settings: import('./shared/contracts/settings.ts').PublicSettings;
    /** The visitor's ISO country code, when known: from the host's country check. */
    country: string | null;
    /** normal, country-blocked or maintenance (blocked wins): decided by the host before the render. */
    siteMode: import('./shared/site-mode.ts').SiteMode;
    /** Whether the host's page cache may keep this page: set by middleware/cache-policy.ts, read by the host. */
    pageCache: import('./shared/page-cache.ts').PageCachePolicy;
  }
}
