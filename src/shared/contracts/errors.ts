import { FORBIDDEN_IN_ACTION, GENERIC_ERROR } from '../messages.ts';

/** Every stable `error` code the API answers with (the contract's `{statusCode, error, message}`). */
export const SERVER_ERROR_CODES = [
  // generic, by status
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  // accounts
  'ACCOUNT_INACTIVE',
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'WEAK_PASSWORD',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'LINK_INVALID',
  'CAPTCHA_FAILED',
  'NOT_AN_IMAGE',
  'NOT_A_VIDEO',
  // the second factor (issue 36)
  'TWO_FACTOR_ON',
  'TWO_FACTOR_REQUIRED',
  'SECOND_FACTOR_EXPIRED',
  'PASSKEY_REFUSED',
  'PASSKEY_TAKEN',
  // site
  'COUNTRY_BLOCKED',
  'UNKNOWN_SETTING',
  'MEDIA_FORBIDDEN',
  // health (/api/health, /api/ready)
  'DB_UNREACHABLE',
  'NOT_READY',
  'DRAINING',
  // community
  'COMMENT_EMPTY',
  'COMMENT_TOO_LONG',
  'NESTED_REPLY',
  'ALREADY_REPORTED',
  // tokens and commerce
  'INSUFFICIENT_BALANCE',
  'ALREADY_BOUGHT',
  'FREE_ITEM',
  'NOT_BOUGHT',
  'OUT_OF_STOCK',
  'IDEMPOTENCY_KEY_REUSED',
  'PRODUCT_NOT_FOUND',
  'PACKAGE_NOT_FOUND',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_NOT_REFUNDABLE',
  'PACKAGE_IN_USE',
  'MEDIA_IN_USE',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_CONFIRMABLE',
  'ORDER_WRONG_STATE',
  'NO_DOWNLOAD',
  'DOWNLOAD_LIMIT_REACHED',
  'DOWNLOAD_FORBIDDEN',
  'NO_GATEWAY',
  'GATEWAY_NOT_ENABLED',
  'GATEWAY_ERROR',
  'WEBHOOK_SIGNATURE_INVALID',
  // coupons (a 422 with the field `coupon`; a taken code is a 409 at `code`)
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_STARTED',
  'COUPON_USED_UP',
  'COUPON_NOT_APPLICABLE',
  'COUPON_BELOW_MINIMUM',
  'COUPON_MEMBER_LIMIT',
  'COUPON_CODE_TAKEN',
  // a member's data export (one at a time; its link works for 24 hours)
  'EXPORT_RUNNING',
  'EXPORT_NOT_READY',
  'EXPORT_EXPIRED',
  // closing an account (one closure at a time; the last admin stays)
  'ACCOUNT_CLOSING',
  'LAST_ADMIN',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/**
 * What a call can fail with, as the browser sees it: the one error union of the client. The server's answers keep
 * their code; the client adds its own cases (no answer at all, a 401, a 429 with the wait).
 */
export type ApiFailure =
  | { kind: 'unauthorized'; status: 401; code: 'UNAUTHORIZED'; message: string }
  | { kind: 'rate_limited'; status: 429; code: 'RATE_LIMITED'; message: string; retryAfter: number }
  | { kind: 'network'; status: 0; code: 'NETWORK_ERROR'; message: string }
  /**
   * Any other non-2xx answer. `HTTP_ERROR`: a body without a code (an older backend, a proxy's error page). `fields`:
   * a 400 `VALIDATION_ERROR`'s sentence for each failing field, by its name as sent.
   */
  | { kind: 'server'; status: number; code: ServerErrorCode | 'HTTP_ERROR'; message: string; requestId?: string; fields?: Record<string, string> };

/** The only thing the API client throws. */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.failure = failure;
  }
}

export const networkFailure = (message = 'The server could not be reached.'): ApiFailure => ({ kind: 'network', status: 0, code: 'NETWORK_ERROR', message });

/** Whatever a call threw, as the union (a fetch that never got an answer is `network`). */
export function toFailure(err: unknown): ApiFailure {
  if (err instanceof ApiError) return err.failure;
  return networkFailure(err instanceof Error && err.message ? err.message : undefined);
}

/**
 * The one way to turn a failure into what the member reads (SPEC.md §8): 'Forbidden in the action!' for a 401, the
 * server's own message for its answers, and `none` when the server said nothing usable (no answer, a proxy's page):
 * 'Error occured, please try again later', or 'Incorrect credentials!' for a login.
 */
export function messageOf(failure: ApiFailure, none: string = GENERIC_ERROR): string {
  switch (failure.kind) {
    case 'unauthorized':
      return FORBIDDEN_IN_ACTION;
    case 'network':
      return none;
    case 'rate_limited':
      return failure.message || `Too many attempts. Try again in ${failure.retryAfter} seconds.`;
    case 'server':
      return failure.code === 'HTTP_ERROR' || !failure.message ? none : failure.message;
  }
}
