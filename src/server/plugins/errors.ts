import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { connectionLost, textRefused } from '../db/client.ts';
import { NUL_REFUSED } from './input-guard.ts';
import { plainValidationErrors } from './validation-messages.ts';

/** Maps every error to the contract's body `{statusCode, error, message}`; 5xx never show internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const fields = err.fields ? { fields: err.fields } : {};
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ statusCode: err.statusCode, error: err.code, message: err.message, ...fields });
    }
    if (err.validation) {
      // Plain words, one sentence per field ("Password: use at least 8 characters."), and the same by field name.
      const fields = plainValidationErrors(err.validation as ErrorObject[], err.validationContext);
      return reply.code(400).send({ statusCode: 400, error: 'VALIDATION_ERROR', message: Object.values(fields).join(' '), fields });
    }
    if (textRefused(err)) return reply.code(400).send({ statusCode: 400, error: 'VALIDATION_ERROR', message: NUL_REFUSED });
    if (connectionLost(err)) {
      request.log.warn({ err, reqId: request.id }, 'request failed: the database connection was lost');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ statusCode: 503, error: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable for a moment. Please try again in a few seconds.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = err.code?.startsWith('FST_') ? fastifyCode(status) : (err.code ?? fastifyCode(status));
      return reply.code(status).send({ statusCode: status, error: code, message: err.message });
    }
    request.log.error({ err, reqId: request.id }, 'request failed');
    return reply
      .code(500)
      .send({ statusCode: 500, error: 'INTERNAL_ERROR', message: `Something went wrong on our side. Reference: ${request.id}`, requestId: String(request.id) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
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
