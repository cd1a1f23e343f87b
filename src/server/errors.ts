import type { ServerErrorCode } from '../shared/contracts/errors.ts';

/**
 * Typed errors with a stable code and an HTTP status; the one error handler maps them to the contract's body. The
 * codes are the shared list the browser's error union knows (shared/contracts/errors.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ServerErrorCode;
  readonly headers: Record<string, string>;
  /** For a 400 `VALIDATION_ERROR`: each failing field (as sent) and its sentence, so a form can show it beside the field. */
  readonly fields?: Record<string, string>;
  constructor(statusCode: number, code: ServerErrorCode, message: string, headers: Record<string, string> = {}, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    if (fields) this.fields = fields;
  }
}

/** 400 `VALIDATION_ERROR` naming every failing field: `message` is their sentences in a row, `fields` each one by name. */
export const invalid = (fields: Record<string, string>) => new AppError(400, 'VALIDATION_ERROR', Object.values(fields).join(' '), {}, fields);

export const badRequest = (message: string, code: ServerErrorCode = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required', code: ServerErrorCode = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code: ServerErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code: ServerErrorCode = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: ServerErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const unprocessable = (message: string, code: ServerErrorCode = 'UNPROCESSABLE') => new AppError(422, code, message);
/** 429 with `Retry-After` (whole seconds, at least 1) from a limiter's `ttl` in ms; `what` names what was too frequent. */
export function rateLimited(what: string, ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError(429, 'RATE_LIMITED', `Too many ${what}. Try again in ${seconds} seconds.`, { 'retry-after': String(seconds) });
}
