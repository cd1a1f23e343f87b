import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasToken, PAGE, sendCached, storableHeaders } from '../lib/http/send-cached.ts';
import { answerPageHitsFirst } from '../plugins/page-hits.ts';
import { AppError } from '../errors.ts';
import { loadBuiltSite, type BuiltSite } from './built-site.ts';
import { decideSite } from './decide.ts';
import { pageRequest, renderPage, type HostLocals } from './render.ts';
import { inProcessTransport } from './transport.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What a page address answers: GET and HEAD, and POST (a form sent before its island woke up gets the page again;
 * Astro's server islands may POST their props). Any other method is a 405 with the contract's body: Astro would render
 * the page for PUT or DELETE, and fail (a 500) on TRACE, which a web `Request` cannot carry.
 */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
const ALLOW = [...PAGE_METHODS].join(', ');

/** The URL of a GET or HEAD, else null. Pages never depend on the Host header. */
function cacheKey(request: FastifyRequest): string | null {
  return request.method === 'GET' || request.method === 'HEAD' ? request.url : null;
}

/**
 * One page request: a page-cache hit, or the site mode decided (decide.ts), the page rendered by Astro with that
 * decision as typed locals (render.ts), and what it said about caching (`locals.pageCache`) obeyed. Blocked visitors
 * and maintenance mode always get a fresh render (their own page, never cached). GETs may come from (and go into) the
 * page cache: a visitor's any public page, a member's only the pages shared by visitors and members (the site renders
 * those without the member, middleware/session.ts).
 */
async function servePage(app: FastifyInstance, built: BuiltSite, request: FastifyRequest, reply: FastifyReply) {
  const settings = await app.services.settings.publicView();
  const key = cacheKey(request);
  // What a hit needs to know before anything is built for a render (`blocks` looks nothing up while no country is).
  const useCache =
    key !== null &&
    app.config.pageCache.ttlMs > 0 &&
    settings.maintenanceMode !== true &&
    !(await app.services.countryBlock.blocks({ ip: request.ip, headers: request.headers }));
  if (useCache) {
    const hit = app.pageCache.get(key, { member: hasToken(request.headers.cookie) });
    if (hit) return sendCached(request, reply, hit, PAGE);
  }
  const page = pageRequest(built, request);
  const decision = await decideSite(app, request, built.pageMeta(page.route.route), settings);
  // The visitor's address, and the trusted country header when enabled, travel with the page's API calls.
  const countryHeader = app.config.trustedCountryHeader;
  const country = countryHeader ? request.headers[countryHeader] : undefined;
  const forwarded = typeof country === 'string' ? { [countryHeader!]: country } : {};
  const locals: HostLocals = { ...decision, apiTransport: inProcessTransport(app, request.ip, forwarded), clientIp: request.ip, origin: app.siteOrigin };
  const rendered = await renderPage(built, page, locals);
  const kept = useCache && Buffer.isBuffer(rendered.body) && locals.pageCache?.public === true && rendered.status === 200 && !rendered.headers['set-cookie'];
  if (!kept) return reply.code(rendered.status).headers(rendered.headers).send(rendered.body);
  const stored = app.pageCache.set(key, {
    status: rendered.status,
    headers: storableHeaders(rendered.headers),
    body: rendered.body as Buffer,
    shared: locals.pageCache!.shared,
  });
  return sendCached(request, reply, stored, { ...PAGE, state: 'MISS' });
}

/**
 * The site around the API: compressed responses, the built client assets, and every other path a page of the built
 * site (built-site.ts), rendered by Astro's app from a web `Request` into a web `Response` (render.ts).
 */
export async function registerSite(app: FastifyInstance, distDir: string) {
  const built = await loadBuiltSite(distDir);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client'),
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, file) {
      reply.header('cache-control', file.includes(`${path.sep}_astro${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
    },
  });
  await app.register(async (site) => {
    // Leave request bodies unread: Astro reads them itself.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // The site's pages are not operations of the API: kept out of its OpenAPI document.
    site.all('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
      if (!PAGE_METHODS.has(request.method))
        throw new AppError(405, 'METHOD_NOT_ALLOWED', `A page cannot be asked for with ${request.method}.`, { allow: ALLOW });
      return servePage(app, built, request, reply);
    });
  });
  answerPageHitsFirst(app);
}
