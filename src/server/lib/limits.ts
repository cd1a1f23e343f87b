import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../errors.ts';

/**
 * A preHandler (or onRequest hook) that allows `max` requests per `windowMs` for each key (a member, an address, an
 * e-mail) and answers 429 with `Retry-After` beyond that. The counts live where the rate-limit plugin keeps them: this
 * process's memory, or Redis shared by every process (REDIS_URL), where each limit's keys are apart by its `what`.
 */
export function keyedLimit(app: FastifyInstance, opts: { what: string; max: number; windowMs: number; key: (req: FastifyRequest) => string }) {
  const limit = app.createRateLimit({ max: opts.max, timeWindow: opts.windowMs, keyGenerator: (req) => `${opts.what}|${opts.key(req)}` });
  return async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited(opts.what, result.ttl);
  };
}

/**
 * A client address as limits count it: IPv4 as it is, IPv6 by its /64 (what one subscriber is given, so that rotating
 * through a prefix does not get around a limit).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
