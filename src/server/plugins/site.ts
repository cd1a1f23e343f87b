import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasToken, PAGE, sendCached, storableHeaders } from '../lib/send-cached.ts';
import type { CachedResponse } from '../lib/response-cache.ts';
import { answerPageHitsFirst } from './page-hits.ts';
import { anonymousGet, sharesAnswer } from './answer-cache.ts';
import { SHARED_PAGE_HEADER } from '../../shared/page-cache.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { Transport, TransportResponse } from '../../shared/api-client.ts';
import { keyOf, type OpInput } from '../../shared/operations/operation.ts';
import { runInProcess, type Caller } from '../operations/in-process.ts';
import type { ServedOperation } from '../operations/register.ts';
import { errorAnswer } from './errors.ts';
import { AppError } from '../errors.ts';
import { sessionMemo } from '../lib/session-memo.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: (() => Promise<void>) | undefined, locals: object) => Promise<void>;

/** What the host passes into every page render as `Astro.locals` (see src/env.d.ts). */
export interface HostLocals {
  apiTransport: Transport;
  clientIp: string;
  origin: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What a page address answers: GET and HEAD, and POST (a form sent before its island woke up gets the page again;
 * Astro's server islands may POST their props). Any other method is a 405 with the contract's body: Astro would render
 * the page for PUT or DELETE, and fail (a 500) on TRACE, which a web `Request` cannot carry.
 */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
const ALLOW = [...PAGE_METHODS].join(', ');

/**
 * The site around the API: compressed responses, the built client assets, and Astro's handler (middleware mode) for
 * every other path. Astro writes to a Node response; the bridge below hands its status, headers and whole body to
 * Fastify instead, so compression (and any later cache) applies to pages too. Astro renders a page whole (not
 * streamed, astro.config.mjs), so the body is taken as one buffer and sent in one piece, not piped on chunk by chunk.
 */
export async function registerSite(app: FastifyInstance, distDir: string) {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) throw new Error(`The site is not built (${entry} is missing): run 'npm run build' or 'npm start'.`);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };

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

  const countryHeader = app.config.trustedCountryHeader;
  // Emptied at every settings or country change, in this process and, through Redis, in the others (app.ts).
  const cache = app.pageCache;

  /** Blocked visitors and maintenance mode always get a fresh render (their own page, never cached). */
  const bypassesCache = async (request: FastifyRequest) =>
    (await app.services.settings.get('maintenanceMode')) === true || (await app.services.countryBlock.blocks({ ip: request.ip, headers: request.headers }));

  await app.register(async (site) => {
    // Leave request bodies unread: Astro reads them itself.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // The site's pages are not operations of the API: kept out of its OpenAPI document.
    site.all('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
      if (!PAGE_METHODS.has(request.method))
        throw new AppError(405, 'METHOD_NOT_ALLOWED', `A page cannot be asked for with ${request.method}.`, { allow: ALLOW });
      // GETs may come from (and go into) the page cache: a visitor's any public page, a member's only the pages shared
      // by visitors and members (the site renders those without the member, middleware/session.ts).
      const key = cacheKey(request);
      const useCache = key !== null && app.config.pageCache.ttlMs > 0 && !(await bypassesCache(request));
      const member = hasToken(request.headers.cookie);
      if (useCache) {
        const hit = cache.get(key, { member });
        if (hit) return sendCached(request, reply, hit, PAGE);
      }
      // The visitor's address, and the trusted country header when enabled, travel with the page's API calls.
      const country = countryHeader ? request.headers[countryHeader] : undefined;
      const forwarded = typeof country === 'string' ? { [countryHeader!]: country } : {};
      const locals: HostLocals = { apiTransport: inProcessTransport(app, request.ip, forwarded), clientIp: request.ip, origin: app.siteOrigin };
      const page = await renderAstro(handler, request, locals);
      if (!Buffer.isBuffer(page.body)) return reply.code(page.status).headers(page.headers).send(page.body);
      const shared = Boolean(page.headers[SHARED_PAGE_HEADER]);
      delete page.headers[SHARED_PAGE_HEADER];
      // Only what the site marked public (rendered as for a visitor, normal mode, a 200) is kept.
      const publicPage = page.status === 200 && /\bpublic\b/.test(String(page.headers['cache-control'] ?? '')) && !page.headers['set-cookie'];
      if (!useCache || !publicPage) return reply.code(page.status).headers(page.headers).send(page.body);
      return sendCached(request, reply, cache.set(key, { status: page.status, headers: storableHeaders(page.headers), body: page.body, shared }), {
        ...PAGE,
        state: 'MISS',
      });
    });
  });
  answerPageHitsFirst(app);
}

/** The URL of a GET or HEAD, else null. Pages never depend on the Host header. */
function cacheKey(request: FastifyRequest): string | null {
  return request.method === 'GET' || request.method === 'HEAD' ? request.url : null;
}

const NOT_FOUND_ROUTE = '/404';

/**
 * One page from Astro's handler: its status, headers and body. A render runs to its end even when the visitor has gone
 * (a few milliseconds, and a public page still fills the page cache): stopping it halfway made an error of every
 * visitor who left early, logged as a failed request.
 */
async function renderAstro(handler: AstroHandler, request: FastifyRequest, locals: HostLocals) {
  const body = new PassThrough();
  const head = Promise.withResolvers<{ status: number; headers: OutgoingHttpHeaders }>();
  const sink = Object.assign(body, {
    statusCode: 200,
    statusMessage: '',
    req: request.raw,
    writeHead(status: number, a?: string | OutgoingHttpHeaders, b?: OutgoingHttpHeaders) {
      head.resolve({ status, headers: (typeof a === 'object' ? a : b) ?? {} });
      return sink;
    },
  });
  const end = body.end.bind(body);
  body.end = ((...args: Parameters<typeof end>) => {
    head.resolve({ status: sink.statusCode, headers: {} });
    return end(...args);
  }) as typeof body.end;
  // An address no route matches is the 404 page, rendered with the host's locals like every page (else Astro renders
  // it bare, and its absolute URLs would follow the request's Host).
  const notFound = () => {
    request.raw.url = NOT_FOUND_ROUTE;
    return handler(request.raw, sink as unknown as ServerResponse, undefined, locals);
  };
  handler(request.raw, sink as unknown as ServerResponse, notFound, locals).catch((err) => body.destroy(err));
  const { status, headers } = await head.promise;
  // A download (a CSV export of a million rows) goes out as it is made, with its backpressure; a page is read whole.
  if (String(headers['content-disposition'] ?? '').startsWith('attachment')) return { status, headers, body: body as Readable };
  return { status, headers, body: Buffer.concat(await body.toArray()) };
}

/**
 * The site's server-side transport (the one API client's, src/shared/api-client.ts), as the visitor (their address, and
 * the trusted country header when enabled). A call of an operation (shared/operations) runs its handler in this process
 * with the route's checks (server/operations/in-process.ts); a catalogue list the answer cache holds is answered from
 * it (`storedAnswer`); any other call goes through the API's own routes, hooks, validation and errors (Fastify's
 * `inject`: no socket, no HTTP parsing).
 */
export function inProcessTransport(app: FastifyInstance, clientIp: string, forwarded: Record<string, string>): Transport {
  // One session lookup for the render's reads.
  const once = sessionMemo();
  return async ({ method, url, headers, body, stream, operation }) => {
    const target = new URL(url, 'http://in-process');
    if (stream) return streamedAnswer(app, { method, url: target.pathname + target.search, headers: { ...forwarded, ...headers }, remoteAddress: clientIp });
    const sent = { ...forwarded, ...headers };
    const served = operation && app.operations.get(keyOf(operation.op));
    const kept = anonymousGet(method, sent) && (!served || sharesAnswer(served.spec.route?.config?.sharedAnswer, operation!.input.query));
    const stored = kept ? await storedAnswer(app, target, clientIp, sent) : null;
    if (stored) return { status: 200, statusText: 'OK', text: '', value: valueOf(stored), header: (name) => stored.headers[name.toLowerCase()] ?? null };
    if (served && !served.spec.requestHooks) {
      const answer = await once(method, () => operationAnswer(app, served, operation!.input, { ip: clientIp, headers: sent }));
      // What the route would have kept, kept the same way (read by the API's visitors and the pages after this one).
      if (kept && answer.status === 200) keepAnswer(app, target, answer.value);
      return answer;
    }
    const res = await once(method, () =>
      app.inject({
        method: method as 'GET',
        url: target.pathname + target.search,
        headers: sent,
        payload: body,
        remoteAddress: clientIp,
      }),
    );
    return {
      status: res.statusCode,
      statusText: res.statusMessage,
      text: res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304 ? '' : res.payload,
      header: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : [value].flat().join(', ');
      },
    };
  };
}

/** An operation run in-process, as the transport's answer: its value, or the error's answer as the route would send it. */
async function operationAnswer(app: FastifyInstance, served: ServedOperation, input: OpInput, caller: Caller): Promise<TransportResponse> {
  try {
    const value = await runInProcess(app, served, input, caller);
    return { status: 200, statusText: 'OK', text: '', value, header: () => null };
  } catch (err) {
    const answer = errorAnswer(err as FastifyError, { outage: app.outage, log: app.log, requestId: `page ${served.spec.operationId}` });
    return { status: answer.status, statusText: '', text: JSON.stringify(answer.body), header: (name) => answer.headers[name.toLowerCase()] ?? null };
  }
}

/**
 * An answer whose body is handed on as it comes (a CSV export): the route's stream through `inject`'s
 * `payloadAsStream`, with its backpressure (the route waits while the page's reader has not taken what it wrote). An
 * error answer is read whole, for its message.
 */
async function streamedAnswer(app: FastifyInstance, request: { method: string; url: string; headers: Record<string, string>; remoteAddress: string }) {
  const res = await app.inject({ ...request, method: request.method as 'GET', payloadAsStream: true });
  const header = (name: string) => {
    const value = res.headers[name.toLowerCase()];
    return value === undefined ? null : [value].flat().join(', ');
  };
  const body = res.stream();
  if (res.statusCode >= 200 && res.statusCode < 300)
    return { status: res.statusCode, statusText: res.statusMessage, text: '', stream: Readable.toWeb(body) as ReadableStream<Uint8Array>, header };
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { status: res.statusCode, statusText: res.statusMessage, text: Buffer.concat(chunks).toString(), header };
}

/**
 * A visitor's catalogue list (or category list) held by the answer cache (plugins/answer-cache.ts): what its route
 * would send, without a request through Fastify (~100 µs and a copy of the answer per call; a list page makes two). The
 * cache keeps only those routes' anonymous 200s, under their URL, so a hit is the route's answer; a blocked visitor's
 * call goes to the route (451), as the country gate there decides. Null otherwise: the route answers, and fills the cache.
 */
async function storedAnswer(app: FastifyInstance, target: URL, ip: string, headers: Record<string, string>): Promise<CachedResponse | null> {
  const hit = app.answerCache?.get(target.pathname + target.search, { countMiss: false });
  if (!hit || (await app.services.countryBlock.blocks({ ip, headers }))) return null;
  return hit;
}

/** An in-process answer put in the answer cache as its route would (under the URL, its JSON). */
function keepAnswer(app: FastifyInstance, target: URL, value: unknown) {
  app.answerCache?.set(target.pathname + target.search, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(value)),
  });
}

/**
 * A stored answer's value, read once (not at every render that uses it, ~5 % of a list page's) and shared by those
 * renders: frozen all through, so that a page that tried to change it would fail, not alter the pages after it.
 */
const storedValues = new WeakMap<CachedResponse, unknown>();
function valueOf(answer: CachedResponse): unknown {
  let value = storedValues.get(answer);
  if (value === undefined) storedValues.set(answer, (value = deepFreeze(JSON.parse(answer.body.toString()))));
  return value;
}
