import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../errors.ts';

/** Who a limited call is counted for: the same for an API request and a page's in-process call. */
export interface LimitedCall {
  ip: string;
  /** The caller's session (a member's limits are keyed by their id). */
  auth: { user: { id: string } } | null;
  /** The call's body, validated (an e-mail address a limit is keyed by). */
  body: unknown;
}

/** A rate limit: resolves when the call may go on, throws the 429 (with `Retry-After`) when it may not. */
export type Limit = (call: LimitedCall) => Promise<void>;

/**
 * Allows `max` calls per `windowMs` for each key (a member, an address, an e-mail) and answers 429 with `Retry-After`
 * beyond that, for a route (`limitHook`) and a page's in-process call alike (operations/in-process.ts). The counts live
 * where the rate-limit plugin keeps them: this process's memory, or Redis shared by every process (REDIS_URL), where
 * each limit's keys are apart by its `what`. The plugin's limiter reads only the key and the route's config (none
 * here), so the call stands in for the request it was written for.
 */
export function keyedLimit(app: FastifyInstance, opts: { what: string; max: number; windowMs: number; key: (call: LimitedCall) => string }): Limit {
  const limit = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (call) => `${opts.what}|${opts.key(call as unknown as LimitedCall)}`,
  });
  return async (call) => {
    const result = await limit({ ...call, routeOptions: {} } as unknown as FastifyRequest);
    if (!result.isAllowed && result.isExceeded) throw rateLimited(opts.what, result.ttl);
  };
}

/** A limit as a route's preHandler. */
export const limitHook = (limit: Limit) => (request: FastifyRequest) => limit({ ip: request.ip, auth: request.auth, body: request.body });

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
