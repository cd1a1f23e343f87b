import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthContext } from '../../modules/auth/auth.service.ts';

type Lookups = Map<string, Promise<AuthContext | null>>;
const renders = new AsyncLocalStorage<Lookups>();

/**
 * One session lookup per page render. A render asks the API several things in-process for the same visitor (the
 * site's middleware asks who they are, then the page or its server island reads what it shows): each call went through
 * the auth hook, which looked the token up again. The reads of one render (GETs: they change no session) now run in one
 * context, in which each token is looked up once; any other call looks it up afresh and forgets what the render knew
 * (a logout, say, ends the session the next read would have used).
 */
export function sessionMemo(): <T>(method: string, call: () => PromiseLike<T>) => Promise<T> {
  const lookups: Lookups = new Map();
  return async (method, call) => {
    // Awaited inside: Fastify's inject starts its request only when it is awaited.
    if (method === 'GET') return renders.run(lookups, async () => await call());
    lookups.clear();
    return await call();
  };
}

/** The session of `token`, looked up by `lookup` once per render (see sessionMemo), else every time. */
export function lookUpOnce(token: string, lookup: () => Promise<AuthContext | null>): Promise<AuthContext | null> {
  const lookups = renders.getStore();
  if (!lookups) return lookup();
  let found = lookups.get(token);
  if (!found) lookups.set(token, (found = lookup()));
  return found;
}
