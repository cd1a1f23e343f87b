import { CodeBody, DisableTwoFactorBody, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/contracts/auth.ts';
import { MessageResult } from '../../../shared/contracts/accounts.ts';
import { TWO_FACTOR } from '../../../shared/operations/security.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** The member's second factor, from /account/security. Wrong codes and passwords are limited per account in TwoFactorService. */
export function twoFactorOperations(app: App) {
  const twoFactor = app.services.twoFactor;
  return operations(TWO_FACTOR, {
    status: {
      operationId: 'two_factor_status',
      summary: 'Whether my second factor is on, whether the operator requires one of me, and how many recovery codes are left',
      tags: ['auth'],
      access: 'member',
      response: TwoFactorStatus,
      errors: [401],
      run: (_input, ctx) => twoFactor.status(ctx.auth!.user),
    },
    setup: {
      operationId: 'two_factor_setup',
      summary: 'Start setting up an authenticator app: a new secret, as text and as a QR code (nothing changes until enable)',
      tags: ['auth'],
      access: 'member',
      response: TwoFactorSetup,
      errors: [401, 409],
      run: (_input, ctx) => twoFactor.setup(ctx.auth!.user),
    },
    enable: {
      operationId: 'two_factor_enable',
      summary: "Turn the second factor on with the app's first code; answers the ten recovery codes, this once",
      tags: ['auth'],
      access: 'member',
      body: CodeBody,
      response: RecoveryCodes,
      errors: [400, 401, 409, 429],
      run: ({ body }, ctx) => twoFactor.enable(ctx.auth!.user, body.code),
    },
    disable: {
      operationId: 'two_factor_disable',
      summary: 'Turn the second factor off: the password and a code (the app’s or a recovery code)',
      tags: ['auth'],
      access: 'member',
      body: DisableTwoFactorBody,
      response: MessageResult,
      errors: [400, 401, 429],
      run: ({ body }, ctx) => twoFactor.disable(ctx.auth!.user, body.password, body.code),
    },
  });
}
