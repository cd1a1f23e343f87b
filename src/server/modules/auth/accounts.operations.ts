import {
  ChangeEmailBody,
  ChangePasswordBody,
  EmailBody,
  MessageResult,
  RegisterBody,
  RegisterResult,
  ResetPasswordBody,
  TokenBody,
} from '../../../shared/contracts/accounts.ts';
import { ACCOUNTS } from '../../../shared/operations/auth.ts';
import { EMAIL_CHANGE } from '../../../shared/operations/security.ts';
import { addressKey, keyedLimit } from '../../lib/http/limits.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { operations, type ErrorStatus } from '../../operations/define.ts';
import { normaliseEmail } from '../users/users.service.ts';
import type { App } from '../../types.ts';

const errors: ErrorStatus[] = [400, 401, 409, 422, 429];

export function accountsOperations(app: App) {
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

  return [
    ...operations(ACCOUNTS, {
      register: {
        operationId: 'auth_register',
        summary: 'Create an account; a verification link is mailed (409 names a taken username; a registered e-mail gets the same answer as a new one)',
        tags: ['auth'],
        access: 'anyone',
        body: RegisterBody,
        response: RegisterResult,
        errors,
        limits: [perIp('registrations', mailPerHour * 4)],
        run: ({ body }, { ip }) => accounts.register(body, publicOrigin(app), ip),
      },
      verifyEmail: {
        operationId: 'auth_verify_email',
        summary: 'Confirm an e-mail address with the token of the mailed link (works once)',
        tags: ['auth'],
        access: 'anyone',
        body: TokenBody,
        response: MessageResult,
        errors,
        // Tokens are not guessed faster than reset links.
        limits: [perIp('email verifications', 30)],
        run: ({ body }) => accounts.verifyEmail(body.token, publicOrigin(app)),
      },
      resendVerification: {
        operationId: 'auth_resend_verification',
        summary: 'Mail a new verification link (the answer never says whether the address has an account)',
        tags: ['auth'],
        access: 'anyone',
        body: EmailBody,
        response: MessageResult,
        errors,
        limits: [perIp('verification mails', mailPerHour * 4), perAddress('verification mails')],
        run: ({ body }) => accounts.resendVerification(body.email, publicOrigin(app)),
      },
      forgotPassword: {
        operationId: 'auth_forgot_password',
        summary: 'Mail a single-use, expiring password-reset link (same answer for every address)',
        tags: ['auth'],
        access: 'anyone',
        body: EmailBody,
        response: MessageResult,
        errors,
        limits: [perIp('password reset mails', mailPerHour * 4), perAddress('password reset mails')],
        run: ({ body }, { ip }) => accounts.forgot(body.email, publicOrigin(app), body.recaptchaToken, ip),
      },
      resetPassword: {
        operationId: 'auth_reset_password',
        summary: 'Set a new password with the token of a reset link; every session ends',
        tags: ['auth'],
        access: 'anyone',
        body: ResetPasswordBody,
        response: MessageResult,
        errors,
        limits: [perIp('password resets', 30)],
        run: ({ body }) => accounts.resetPassword(body.token, body.password, publicOrigin(app)),
      },
      changePassword: {
        operationId: 'auth_change_password',
        summary: "Change my password (currentPassword required); the member's other sessions end and their live connections close",
        tags: ['auth'],
        access: 'member',
        body: ChangePasswordBody,
        response: MessageResult,
        errors,
        run: ({ body }, { auth }) => accounts.changePassword(auth!, body, publicOrigin(app)),
      },
    }),
    // A new e-mail address (issue 36): its own table, off the first view's.
    ...operations(EMAIL_CHANGE, {
      request: {
        operationId: 'auth_change_email',
        summary: 'Ask to change my e-mail address (password required): a link goes to the new address, a notice to the old; nothing changes until it is opened',
        tags: ['auth'],
        access: 'member',
        body: ChangeEmailBody,
        response: MessageResult,
        errors,
        limits: [perIp('e-mail changes', mailPerHour * 4), perAddress('e-mail changes')],
        run: ({ body }, { auth }) => accounts.requestEmailChange(auth!, body, publicOrigin(app)),
      },
      confirm: {
        operationId: 'auth_confirm_email_change',
        summary: "Open the link mailed to a new address: the account's address becomes it (the link works once, for 24 hours)",
        tags: ['auth'],
        access: 'anyone',
        body: TokenBody,
        response: MessageResult,
        errors,
        limits: [perIp('e-mail change confirmations', 30)],
        run: ({ body }) => accounts.confirmEmailChange(body.token),
      },
    }),
  ];
}
