import {
  ChangePasswordBody,
  EmailBody,
  MessageResult,
  RegisterBody,
  RegisterResult,
  ResetPasswordBody,
  TokenBody,
} from '../../../shared/contracts/accounts.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { addressKey, keyedLimit } from '../../lib/limits.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { normaliseEmail } from '../users/users.service.ts';
import { ok, type App } from '../../types.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export async function accountsRoutes(app: App) {
  const accounts = app.services.accounts;
  const { mailPerHour } = app.config.communityLimits;
  const HOUR = 3_600_000;
  // Mail-sending calls: a few per address per hour (nobody can flood an inbox), and more per client address.
  const perAddress = (what: string) =>
    keyedLimit(app, {
      what,
      max: mailPerHour,
      windowMs: HOUR,
      key: (req) => `${what}:${normaliseEmail(String((req.body as { email?: string })?.email ?? ''))}`,
    });
  const perIp = (what: string, max: number) => keyedLimit(app, { what, max, windowMs: HOUR, key: (req) => `${what}-ip:${addressKey(req.ip)}` });

  app.post(
    '/auth/users/register',
    {
      schema: {
        operationId: 'auth_register',
        tags: ['auth'],
        summary: 'Create an account; a verification link is mailed (409 names a taken username; a registered e-mail gets the same answer as a new one)',
        body: RegisterBody,
        response: { 200: Envelope(RegisterResult), ...errors },
      },
      preHandler: perIp('registrations', mailPerHour * 4),
    },
    async (request) => ok(await accounts.register(request.body, publicOrigin(app), request.ip)),
  );
  app.post(
    '/auth/email-verification',
    {
      schema: {
        operationId: 'auth_verify_email',
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token of the mailed link (works once)',
        body: TokenBody,
        response: { 200: Envelope(MessageResult), ...errors },
      },
      // Tokens are not guessed faster than reset links.
      preHandler: perIp('email verifications', 30),
    },
    async (request) => ok(await accounts.verifyEmail(request.body.token)),
  );
  app.post(
    '/auth/email-verification/resend',
    {
      schema: {
        operationId: 'auth_resend_verification',
        tags: ['auth'],
        summary: 'Mail a new verification link (the answer never says whether the address has an account)',
        body: EmailBody,
        response: { 200: Envelope(MessageResult), ...errors },
      },
      preHandler: [perIp('verification mails', mailPerHour * 4), perAddress('verification mails')],
    },
    async (request) => ok(await accounts.resendVerification(request.body.email, publicOrigin(app))),
  );
  app.post(
    '/auth/users/forgot',
    {
      schema: {
        operationId: 'auth_forgot_password',
        tags: ['auth'],
        summary: 'Mail a single-use, expiring password-reset link (same answer for every address)',
        body: EmailBody,
        response: { 200: Envelope(MessageResult), ...errors },
      },
      preHandler: [perIp('password reset mails', mailPerHour * 4), perAddress('password reset mails')],
    },
    async (request) => ok(await accounts.forgot(request.body.email, publicOrigin(app), request.body.recaptchaToken, request.ip)),
  );
  app.post(
    '/auth/users/reset-password',
    {
      schema: {
        operationId: 'auth_reset_password',
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session ends',
        body: ResetPasswordBody,
        response: { 200: Envelope(MessageResult), ...errors },
      },
      preHandler: perIp('password resets', 30),
    },
    async (request) => ok(await accounts.resetPassword(request.body.token, request.body.password, publicOrigin(app))),
  );
  app.put(
    '/auth/users/me/password',
    {
      schema: {
        operationId: 'auth_change_password',
        tags: ['auth'],
        summary: "Change my password (currentPassword required); the member's other sessions end and their live connections close",
        body: ChangePasswordBody,
        response: { 200: Envelope(MessageResult), ...errors },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok(await accounts.changePassword(request.auth!, request.body, publicOrigin(app))),
  );
}
