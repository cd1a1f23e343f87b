import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../errors.ts';

/**
 * A preHandler that allows `max` requests per `windowMs` for each key (a member, an address, an e-mail) and answers
 * 429 with `Retry-After` beyond that. @fastify/rate-limit runs one limiter per route, so keyed limits are checked here.
 */
export function keyedLimit(app: FastifyInstance, opts: { what: string; max: number; windowMs: number; key: (req: FastifyRequest) => string }) {
  const limit = app.createRateLimit({ max: opts.max, timeWindow: opts.windowMs, keyGenerator: opts.key });
  return async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited(opts.what, result.ttl);
  };
}
