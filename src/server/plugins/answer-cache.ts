import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseCache } from '../lib/http/response-cache.ts';
import { sendCached, storableHeaders, type CachedAnswer } from '../lib/http/send-cached.ts';

/** Route config of a list whose anonymous answer is the same for every visitor: it may come from the answer cache. */
export const SHARED_ANSWER = { config: { sharedAnswer: true } } as const;

/**
 * Route config of an item whose anonymous answer is the same for every visitor when the call counts no view
 * (`countView=false`, as the site's page render asks: the page counts the view from the browser). A call that counts
 * one always reaches the route.
 */
export const SHARED_ANSWER_UNCOUNTED = { config: { sharedAnswer: 'uncounted' } } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    sharedAnswer?: true | 'uncounted';
  }
}

/** A call the answer cache may answer (and keep): a GET without a member's `Authorization`, which may hold their unlocks. */
export const anonymousGet = (method: string, headers: Record<string, unknown>) => method === 'GET' && !headers.authorization;

/** Whether a call answers every visitor alike, by its route's rule and its query (parsed or validated: `'false'` or `false`). */
export function sharesAnswer(rule: true | 'uncounted' | undefined, query: unknown): boolean {
  return rule === true || (rule === 'uncounted' && String((query as { countView?: unknown } | undefined)?.countView) === 'false');
}

const shared = (request: FastifyRequest) => sharesAnswer(request.routeOptions.config.sharedAnswer, request.query);

const HIT: CachedAnswer = { state: 'HIT', header: 'x-answer-cache', vary: 'Accept-Encoding, Authorization' };
const served = new WeakSet<FastifyRequest>();

/**
 * The catalogue's anonymous list answers (routes marked SHARED_ANSWER), and its items' as the site's pages ask for them
 * (SHARED_ANSWER_UNCOUNTED), kept for API_CACHE_SECONDS: a visitor's search, list or item is answered without the
 * database. Every site change empties it (a back-office write, a publication, the settings), here and in every other
 * process; what may be up to that old is only the counters (views, likes, comments). A member's request
 * (Authorization) is never cached: it may hold their unlocks. Registered after the country gate, so that a blocked
 * visitor gets 451, not a cached list.
 */
export function registerAnswerCache(scope: FastifyInstance, cache: ResponseCache) {
  const cacheable = (request: FastifyRequest) => shared(request) && anonymousGet(request.method, request.headers);
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(request)) return;
    const hit = cache.get(request.url);
    if (!hit) return;
    served.add(request);
    return sendCached(request, reply, hit, HIT);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!cacheable(request) || served.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    cache.set(request.url, { status: 200, headers: storableHeaders(reply.getHeaders()), body: Buffer.from(payload) });
    reply.header('x-answer-cache', 'MISS');
    return payload;
  });
}
