import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { OpInput } from '../../shared/operations/operation.ts';
import { viewerOf } from '../modules/catalogue/access.ts';
import { requireAdminSecondFactor, requireAdminSession, requireSession, requireVerifiedPurchaser, sessionOf } from '../plugins/auth.ts';
import { countryBlockedError } from '../plugins/country-gate.ts';
import { ok } from '../types.ts';
import type { ServedOperation } from './register.ts';

/** Who a page's call is made for: the visitor's address and headers (their session token in `authorization`). */
export interface Caller {
  ip: string;
  headers: IncomingHttpHeaders;
}

/**
 * A page's call of an operation, inside this process: the route's checks in the route's order (an admin's access, the
 * country gate, the input's schemas, a member's access, its rate limits), then its handler, with no request through Fastify and no JSON
 * in between. Answers what the route would send (`ok(data)`); throws what the route would answer with.
 */
export async function runInProcess(app: FastifyInstance, served: ServedOperation, input: OpInput, caller: Caller): Promise<unknown> {
  const { spec } = served;
  const auth = await sessionOf(app, typeof caller.headers.authorization === 'string' ? caller.headers.authorization : undefined);
  if (spec.access === 'admin') {
    requireAdminSession(auth);
    await requireAdminSecondFactor(app, auth!);
  }
  if (served.countryGated && (await app.services.countryBlock.blocks(caller))) throw countryBlockedError();
  const checked: OpInput = {
    params: check(app, spec.params, 'params', { ...input.params }),
    query: check(app, spec.query, 'querystring', { ...input.query }),
    body: spec.body ? check(app, spec.body, 'body', structuredClone(input.body ?? {})) : undefined,
  };
  const headers = check(app, spec.headers, 'headers', { ...caller.headers });
  if (spec.access === 'member' || spec.access === 'purchaser') requireSession(auth);
  if (spec.access === 'purchaser') await requireVerifiedPurchaser(app, auth!);
  for (const limit of spec.limits ?? []) await limit({ ip: caller.ip, auth, body: checked.body });
  const data = await spec.run(checked, { auth, viewer: viewerOf(auth), ip: caller.ip, headers, answerHeaders: {} });
  // The answer is the page's to keep: a copy, so that a page can never change what a service holds (settings' values).
  return ok(structuredClone(data));
}

/** `value` checked (coerced, defaults filled) by the schema's validator; a 400 as the route's when it fails. */
function check<T>(app: FastifyInstance, schema: object | undefined, part: 'params' | 'querystring' | 'body' | 'headers', value: T): T {
  if (!schema) return value;
  const errors = app.schemaCompilers.check(schema, part, value);
  if (errors) throw Object.assign(new Error('invalid input'), { validation: errors, validationContext: part, statusCode: 400 });
  return value;
}
