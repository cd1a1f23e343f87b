import { CaptchaResult, CaptchaVerifyBody } from '../../../shared/contracts/community.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';

export async function captchaRoutes(app: App) {
  app.post(
    '/re-captcha/verify',
    {
      schema: {
        operationId: 'captcha_verify',
        tags: ['community'],
        summary: 'Check a captcha token with the provider (always success while verification is off)',
        body: CaptchaVerifyBody,
        response: { 200: Envelope(CaptchaResult), 400: ErrorBody },
      },
    },
    async (request) => {
      const result = await app.services.captcha.verify(request.body.token, request.ip);
      return ok({ ...result, ...(result.enabled ? {} : { message: 'Captcha verification is off: no secret is configured.' }) });
    },
  );
}
