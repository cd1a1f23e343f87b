import type { IncomingHttpHeaders } from 'node:http';
import type { TSchema } from 'typebox';
import type { RouteShorthandOptions } from 'fastify';
import type { Limit } from '../lib/http/limits.ts';
import type { AuthContext } from '../modules/auth/auth.service.ts';
import type { Viewer } from '../modules/catalogue/access.ts';
import type { Op, OpInput } from '../../shared/operations/operation.ts';

/** Who may call an operation: anyone, a logged-in member, a member allowed to spend (a verified e-mail where the operator requires one), an admin. */
export type AccessRule = 'anyone' | 'member' | 'purchaser' | 'admin';

/** The error statuses an operation documents (each answered with the contract's ErrorBody). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 451 | 502 | 503;

/** Who is calling and from where: the same for an API request and a page's in-process call. */
export interface OperationContext {
  auth: AuthContext | null;
  viewer: Viewer;
  ip: string;
  headers: IncomingHttpHeaders;
  /** Headers the answer carries (`cache-control` …): the route sends them; a page's call has no answer to put them on. */
  answerHeaders: Record<string, string>;
}

/** What the server adds to an operation's address: its documentation, schemas, access rule and handler. */
export interface OperationSpec<In extends OpInput, Out> {
  /** Its name in the API document (`module_verb`). */
  operationId: string;
  summary: string;
  tags: string[];
  access: AccessRule;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** Request headers the operation reads (an `Idempotency-Key`): checked as the route checks them, read from `ctx.headers`. */
  headers?: TSchema;
  /** The answer's `data` (sent in the success envelope). */
  response: TSchema;
  errors: readonly ErrorStatus[];
  /** Rate limits (lib/http/limits.ts), counted after the access checks, for the API's requests and a page's calls alike. */
  limits?: Limit[];
  /** Fastify route options beyond the schema (the answer cache's `config`). */
  route?: Pick<RouteShorthandOptions, 'config'>;
  run: (input: In, ctx: OperationContext) => Promise<Out> | Out;
}

export interface Operation<In extends OpInput = OpInput, Out = unknown> {
  op: Op<In, Out>;
  spec: OperationSpec<In, Out>;
}

type Specs<T extends Record<string, Op>> = { [K in keyof T]: T[K] extends Op<infer In, infer Out> ? OperationSpec<In, Out> : never };

/** A module's operations: each address of `ops` with its spec (the same keys, checked). */
export function operations<T extends Record<string, Op>>(ops: T, specs: Specs<T>): Operation[] {
  return Object.keys(ops).map((key) => ({ op: ops[key]!, spec: specs[key] as OperationSpec<OpInput, unknown> }));
}
