import type { ErrorObject } from 'ajv';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { AppError } from '../errors.ts';
import { connectionLost, textRefused } from '../db/client.ts';
import type { DatabaseOutage } from './database-outage.ts';
import { NUL_REFUSED } from './input-guard.ts';
import { plainValidationErrors } from './validation-messages.ts';

/**
 * Maps every error to the contract's body `{statusCode, error, message}`; 5xx never show internals. A lost database
 * is a 503 told to `outage`, which logs the outage once (not each request).
 */
/** An answer to an error: status, headers and the contract's body. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: { statusCode: number; error: string; message: string; fields?: Record<string, string>; requestId?: string };
}

/**
 * The answer to an error, for an API request and a page's in-process call alike: the contract's body
 * `{statusCode, error, message}`; 5xx never show internals. A lost database is a 503 told to `outage`, which logs the
 * outage once (not each request); any other failure is logged with `requestId`.
 */
export function errorAnswer(err: FastifyError | AppError, ctx: { outage: DatabaseOutage; log: FastifyBaseLogger; requestId: string }): ErrorAnswer {
  if (err instanceof AppError) {
    const fields = err.fields ? { fields: err.fields } : {};
    return { status: err.statusCode, headers: err.headers, body: { statusCode: err.statusCode, error: err.code, message: err.message, ...fields } };
  }
  if (err.validation) {
    // Plain words, one sentence per field ("Password: use at least 8 characters."), and the same by field name.
    const fields = plainValidationErrors(err.validation as ErrorObject[], err.validationContext);
    return { status: 400, headers: {}, body: { statusCode: 400, error: 'VALIDATION_ERROR', message: Object.values(fields).join(' '), fields } };
  }
  if (textRefused(err)) return { status: 400, headers: {}, body: { statusCode: 400, error: 'VALIDATION_ERROR', message: NUL_REFUSED } };
  if (connectionLost(err)) {
    ctx.outage.requestFailed(err);
    return {
      status: 503,
      headers: { 'retry-after': '5' },
      body: { statusCode: 503, error: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable for a moment. Please try again in a few seconds.' },
    };
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = err.code?.startsWith('FST_') ? fastifyCode(status) : (err.code ?? fastifyCode(status));
    return { status, headers: {}, body: { statusCode: status, error: code, message: err.message } };
  }
  ctx.log.error({ err, reqId: ctx.requestId }, 'request failed');
  return {
    status: 500,
    headers: {},
    body: { statusCode: 500, error: 'INTERNAL_ERROR', message: `Something went wrong on our side. Reference: ${ctx.requestId}`, requestId: ctx.requestId },
  };
}

/** Maps every error of an API request to its answer (errorAnswer). */
export function registerErrorHandler(app: FastifyInstance, outage: DatabaseOutage) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const answer = errorAnswer(err, { outage, log: request.log, requestId: String(request.id) });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a malformed %-escape in the
 * path, a path parameter longer than the router's `maxParamLength`), in the contract's body as a 400 like any other
 * malformed input (Fastify's own answers were a 400 and a 414 in a body of their own, echoing the path).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _request, reply) => {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid: a % must start an escape such as %20.'
        : 'The request is not valid.';
  // The option's reply is generic over a route's schema; there is no route here.
  (reply as unknown as FastifyReply)
    .code(400)
    .send({ statusCode: 400, error: err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message });
};

/**
 * An error as the log shows it (the logger's `err` serializer): its type, message, code and stack, and its causes,
 * but never a failed statement's parameters (Drizzle puts them in its message and in `params`: a session token's hash,
 * an e-mail address, a password hash). The statement itself stays: it has placeholders, not values.
 */
export function loggedError(err: Error): LoggedError;
export function loggedError(err: unknown): unknown;
export function loggedError(err: unknown): unknown {
  return serialize(err, 0);
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(err: unknown, depth: number): unknown {
  if (!(err instanceof Error)) return err;
  const scrub = (text: string | undefined) => (text ?? '').replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
  const out: LoggedError = { type: err.constructor.name, message: scrub(err.message), stack: scrub(err.stack) };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'params' || key === 'cause' || key in out) continue;
    out[key] = value;
  }
  if (err.cause !== undefined && depth < 4) out.cause = serialize(err.cause, depth + 1);
  return out;
}

function fastifyCode(status: number): string {
  return (
    {
      400: 'BAD_REQUEST',
      401: 'UNAUTHORIZED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      405: 'METHOD_NOT_ALLOWED',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'RATE_LIMITED',
    }[status] ?? 'BAD_REQUEST'
  );
}
