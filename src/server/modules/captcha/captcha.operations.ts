import { CaptchaResult, CaptchaVerifyBody } from '../../../shared/contracts/community.ts';
import { CAPTCHA } from '../../../shared/operations/captcha.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export const captchaOperations = (app: App) =>
  operations(CAPTCHA, {
    verify: {
      operationId: 'captcha_verify',
      summary: 'Check a captcha token with the provider (always success while verification is off)',
      tags: ['community'],
      access: 'anyone',
      body: CaptchaVerifyBody,
      response: CaptchaResult,
      errors: [400],
      run: async ({ body }, { ip }) => {
        const result = await app.services.captcha.verify(body.token, ip);
        return { ...result, ...(result.enabled ? {} : { message: 'Captcha verification is off: no secret is configured.' }) };
      },
    },
  });
