import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Features no page of the site uses: a script that slips in cannot ask for them either. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

/**
 * The API docs (swagger-ui under /api/docs) are not an Astro page: their own policy. Its scripts and stylesheets are
 * files under /api/docs/static, its icons data: URIs, and "Try it out" calls the API on the same origin. swagger-ui
 * writes inline styles as it renders, so styles (never scripts) may be inline here; the page shows only the API's own
 * description.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything else that is not a page (JSON, media, assets): nothing may load from it if a browser opens it as a document. */
export const NO_CONTENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every response carries, whatever it is (the policy aside); HSTS when the public origin is https. */
export function securityHeaders({ publicUrl }: Pick<Config, 'publicUrl'>): Record<string, string> {
  const https = publicUrl?.startsWith('https:') ?? false;
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

/**
 * The headers every response carries (pages, API, assets, media): no MIME sniffing, no framing, the referrer cut to
 * the origin across sites, no powerful features, and HSTS when the site's public origin is https. A page's
 * Content-Security-Policy comes from Astro (src/shared/csp.ts); the API docs get DOCS_CSP, and any other response
 * without a policy of its own gets NO_CONTENT_CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const fixed = securityHeaders(app.config);
  app.addHook('onSend', async (request, reply) => {
    // A response may allow framing by its own origin (the back office's mail preview); none is framed elsewhere.
    for (const [name, value] of Object.entries(fixed)) if (name !== 'x-frame-options' || !reply.hasHeader(name)) reply.header(name, value);
    if (isDocs(request.url)) reply.header('content-security-policy', DOCS_CSP);
    else if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NO_CONTENT_CSP);
  });
}
