import type { RouteOptions } from 'fastify';
import { errorBodies } from '../../shared/contracts/common.ts';

/**
 * An `onRoute` hook that writes into each API route's responses (its OpenAPI operation) the error answers a hook gives
 * before the route's handler runs, so that the document lists every status an operation can answer: the input guard's
 * 400 on every route, the country gate's 451 on the catalogue's. Where a route says more about one (its own schema),
 * its own stays. Hidden routes and routes outside `/api` are left alone.
 */
export function documentAnswers(statuses: number[]) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    route.schema = { ...schema, response: { ...errorBodies(statuses), ...schema.response } };
  };
}
