import { op } from './operation.ts';

/** A captcha token checked with the provider. */
export const CAPTCHA = {
  verify: op<{ body: { token: string } }, { success: boolean; enabled: boolean; message?: string }>('POST', '/re-captcha/verify'),
};
