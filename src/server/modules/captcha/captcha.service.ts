import type { FastifyBaseLogger } from 'fastify';
import { unprocessable } from '../../errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export const CAPTCHA_FAILED = 'Please confirm that you are not a robot, then try again.';

/**
 * reCAPTCHA-style verification: the form's token is posted with the secret to the provider's siteverify endpoint
 * (`recaptchaVerifyUrl`, form-encoded `secret`, `response`, `remoteip`; the answer's `success`). Off when no secret is set.
 */
export class CaptchaService {
  private readonly settings: SettingsService;
  private readonly log: FastifyBaseLogger;
  constructor(settings: SettingsService, log: FastifyBaseLogger) {
    this.settings = settings;
    this.log = log;
  }

  async enabled(): Promise<boolean> {
    return Boolean(await this.settings.get<string>('recaptchaSecret'));
  }

  /** `{success, enabled}`: whether the provider accepted the token (always true while verification is off). */
  async verify(token: string | undefined, ip?: string): Promise<{ success: boolean; enabled: boolean }> {
    const secret = await this.settings.get<string>('recaptchaSecret');
    if (!secret) return { success: true, enabled: false };
    if (!token) return { success: false, enabled: true };
    const url = (await this.settings.get<string>('recaptchaVerifyUrl')) || 'https://www.google.com/recaptcha/api/siteverify';
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) }),
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await res.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (body.success !== true) this.log.info({ errors: body['error-codes'] }, 'captcha rejected');
      return { success: body.success === true, enabled: true };
    } catch (err) {
      this.log.warn({ err }, 'captcha provider unreachable');
      return { success: false, enabled: true };
    }
  }

  /** For register, contact and forgot-password: 422 unless the token passes (nothing to do while verification is off). */
  async require(token: string | undefined, ip?: string): Promise<void> {
    if (!(await this.verify(token, ip)).success) throw unprocessable(CAPTCHA_FAILED, 'CAPTCHA_FAILED');
  }
}
