import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { Envelope, errorBodies } from '../../shared/contracts/common.ts';
import { keyOf, type OpInput } from '../../shared/operations/operation.ts';
import { viewerOf } from '../modules/catalogue/access.ts';
import { ok, type App } from '../types.ts';
import { limitHook } from '../lib/http/limits.ts';
import type { AccessRule, Operation, OperationContext } from './define.ts';

/** An operation as this process serves it: what a page's in-process call needs besides its spec. */
export interface ServedOperation extends Operation {
  /** The route answers 451 to a blocked country (the catalogue's routes, app.ts). */
  countryGated: boolean;
}

/**
 * Each operation as an API route (its schema, hence its part of the API document, from the spec) and in the app's
 * table of operations, where a page's in-process call finds it by its method and path (in-process.ts).
 */
export function registerOperations(app: App, list: Operation[], { countryGated = false } = {}) {
  for (const { op, spec } of list) {
    const { onRequest, preHandler } = accessHooks(app, spec.access);
    app.route({
      method: op.method,
      url: op.path,
      ...spec.route,
      schema: {
        operationId: spec.operationId,
        tags: spec.tags,
        summary: spec.summary,
        ...(spec.params && { params: spec.params }),
        ...(spec.query && { querystring: spec.query }),
        ...(spec.body && { body: spec.body }),
        ...(spec.headers && { headers: spec.headers }),
        response: { 200: Envelope(spec.response), ...errorBodies(spec.errors) },
      },
      onRequest,
      preHandler: [...preHandler, ...(spec.limits ?? []).map(limitHook)],
      handler: async (request, reply) => {
        const ctx = contextOf(request);
        const data = await spec.run({ params: request.params, query: request.query, body: request.body } as OpInput, ctx);
        reply.headers(ctx.answerHeaders);
        return ok(data);
      },
    });
    app.operations.set(keyOf(op), { op, spec, countryGated });
  }
}

/** An API request's context. */
function contextOf(request: FastifyRequest): OperationContext {
  return { auth: request.auth, viewer: viewerOf(request.auth), ip: request.ip, headers: request.headers, answerHeaders: {} };
}

/**
 * The route hooks of an access rule: an admin's check before the body is read (as the back office's routes do), a
 * member's after the input is validated.
 */
function accessHooks(app: App, access: AccessRule): { onRequest: onRequestHookHandler[]; preHandler: preHandlerHookHandler[] } {
  if (access === 'admin') return { onRequest: [app.requireAdmin], preHandler: [] };
  if (access === 'member') return { onRequest: [], preHandler: [app.requireAuth] };
  if (access === 'purchaser') return { onRequest: [], preHandler: [app.requireAuth, app.requirePurchaser] };
  return { onRequest: [], preHandler: [] };
}
