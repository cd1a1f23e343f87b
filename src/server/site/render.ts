import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { createRequestFromNodeRequest } from 'astro/app/node';
import { siteSources, withSources } from '../../shared/csp.ts';
import type { Transport } from '../../shared/api-client.ts';
import type { PageCachePolicy } from '../../shared/page-cache.ts';
import type { BuiltSite } from './built-site.ts';
import type { SiteDecision } from './decide.ts';

/** What the host passes into every page render as `Astro.locals` (see src/env.d.ts): its transport and its decisions. */
export interface HostLocals extends SiteDecision {
  apiTransport: Transport;
  clientIp: string;
  origin: string;
  /** Filled by the site (middleware/cache-policy.ts) during the render. */
  pageCache?: PageCachePolicy;
}

/** A rendered page as the host sends it: a whole body, or a download's stream. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer | Readable;
}

type Route = NonNullable<ReturnType<BuiltSite['site']['match']>>;

/** The page a request asks for: its web `Request` (Astro's own conversion: headers, a POST's body, the client's address) and route. */
export interface PageRequest {
  request: Request;
  route: Route;
}

const NOT_FOUND_ROUTE = '/404';

/**
 * A page request's web form and route. An address no route matches is the 404 page's, asked for at its own address
 * (`/404`, as its canonical link says) and rendered with the host's locals like every page.
 */
export function pageRequest(built: BuiltSite, request: FastifyRequest): PageRequest {
  const web = createRequestFromNodeRequest(request.raw);
  const route = built.site.match(web);
  if (route) return { request: web, route };
  const notFound = new Request(new URL(NOT_FOUND_ROUTE, web.url), { method: web.method === 'HEAD' ? 'HEAD' : 'GET', headers: web.headers });
  const notFoundRoute = built.site.match(notFound);
  if (!notFoundRoute) throw new Error('The built site has no 404 page.');
  return { request: notFound, route: notFoundRoute };
}

/** Finished policies by the settings they were finished with (frozen, one object until the settings change), origin and Astro's policy. */
const finished = new WeakMap<object, Map<string, string>>();

/**
 * The page's Content-Security-Policy, finished here and nowhere else: Astro's (astro.config.mjs's fixed part with the
 * hashes of the page's scripts and styles) with what this deployment and its settings add (shared/csp.ts). Worked out
 * once per page kind and settings.
 */
function finishPolicy(headers: RenderedPage['headers'], built: BuiltSite, settings: object, origin: string) {
  const policy = headers['content-security-policy'];
  if (typeof policy !== 'string') return;
  let bySettings = finished.get(settings);
  if (!bySettings) finished.set(settings, (bySettings = new Map()));
  const key = `${origin} ${policy}`;
  let done = bySettings.get(key);
  if (done === undefined) bySettings.set(key, (done = withSources(policy, siteSources(settings, { origin, ...built.browserEndpoints }))));
  headers['content-security-policy'] = done;
}

/**
 * Renders a page with Astro's app: web `Request` in, web `Response` out, its headers and body handed to Fastify. A page
 * is read whole (Astro renders it whole, astro.config.mjs); a download (a CSV export of a million rows) goes out as it
 * is made, with its backpressure. A render runs to its end even when the visitor has gone (a few milliseconds, and a
 * public page still fills the page cache).
 */
export async function renderPage(built: BuiltSite, page: PageRequest, locals: HostLocals): Promise<RenderedPage> {
  const response = await built.site.render(page.request, { routeData: page.route, locals, addCookieHeader: true, clientAddress: locals.clientIp });
  const headers: RenderedPage['headers'] = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  finishPolicy(headers, built, locals.settings, locals.origin);
  if (String(headers['content-disposition'] ?? '').startsWith('attachment') && response.body)
    return { status: response.status, headers, body: Readable.fromWeb(response.body as never) };
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}
