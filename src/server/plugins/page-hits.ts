import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { bodyIn, pickEncoding, type CachedResponse, type Encoding } from '../lib/http/response-cache.ts';
import { fresh, hasToken, PAGE } from '../lib/http/send-cached.ts';
import { NO_CONTENT_CSP, securityHeaders } from './security-headers.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type Headers = Record<string, string | number>;
interface HitHeaders {
  common: Headers;
  notModified: Headers;
  sending: Partial<Record<Encoding, Headers>>;
}

/** Per cached page, the finished headers of its hits (the 304's, and one set per encoding when first sent). */
const madeHeaders = new WeakMap<CachedResponse, HitHeaders>();

/**
 * The headers the other path would send with this page, in its order (the page's, then the security headers over
 * them: its onSend hook), made once per page: Node writes a header object given to writeHead as it is, without a copy.
 */
function hitHeaders(page: CachedResponse, fixed: Record<string, string>): HitHeaders {
  let made = madeHeaders.get(page);
  if (made) return made;
  const common: Headers = { ...page.headers, ...fixed, etag: page.etag, vary: PAGE.vary, [PAGE.header]: PAGE.state };
  if (!page.headers['content-security-policy']) common['content-security-policy'] = NO_CONTENT_CSP;
  const { 'content-type': _, ...notModified } = common;
  made = { common, notModified, sending: {} };
  madeHeaders.set(page, made);
  return made;
}

function sendingHeaders(page: CachedResponse, made: HitHeaders, encoding: Encoding): Headers {
  return (made.sending[encoding] ??= {
    ...made.common,
    'content-length': bodyIn(page, encoding).length,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
}

/**
 * Page-cache hits answered before Fastify: a hit needs none of its routing, hooks or reply objects, only the bytes
 * and the headers the other path would send (the page's own, the security headers, ETag and Vary; 304 for a copy the
 * client holds). Everything else goes on to the server's handlers as before: a miss, a member's page that is not
 * shared, the API, assets, live connections. Only where the answer would be the cached page for certain: the process
 * is not stopping, and it knows without a read that maintenance is off and no country is blocked (the first request
 * after such a change goes the long way and reads). Off when every answer must pass Fastify's hooks (ACCESS_LOG,
 * METRICS_TOKEN: they count requests).
 */
export function answerPageHitsFirst(app: FastifyInstance) {
  if (app.config.accessLog || app.config.metricsToken || app.config.pageCache.ttlMs === 0) return;
  const server = app.server;
  const handlers = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const fixed = securityHeaders(app.config);
  const { settings, countryBlock } = app.services;
  const cache = app.pageCache;

  const answered = (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || app.draining) return false;
    const url = req.url ?? '';
    if (url.startsWith('/api') || url.startsWith('/socket.io') || url.startsWith('/_astro') || url.startsWith('/media')) return false;
    const maintenance = settings.peek('maintenanceMode');
    if (!maintenance || maintenance.value === true || !countryBlock.noneBlockedNow()) return false;
    const page = cache.get(url, { member: hasToken(req.headers.cookie), countMiss: false });
    if (!page) return false;
    const headers = hitHeaders(page, fixed);
    if (fresh(req.headers['if-none-match'], page.etag)) {
      res.writeHead(304, headers.notModified).end();
      return true;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    res.writeHead(page.status, sendingHeaders(page, headers, encoding)).end(req.method === 'HEAD' ? undefined : bodyIn(page, encoding));
    return true;
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answered(req, res)) return;
    for (const handler of handlers) handler.call(server, req, res);
  });
}
