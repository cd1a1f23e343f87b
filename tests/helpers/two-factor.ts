import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { createMember, login, type ApiHarness } from './api.ts';

/** The member's authenticator app: the codes of the secret the setup showed, at a time of our choosing. */
export const app = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
export const STEP = 30_000;

export function client(h: ApiHarness) {
  return (method: string, url: string, token: string | null, payload?: object) =>
    h.app.inject({ method: method as 'POST', url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}

/** A member with the second factor on: their session, the app's secret and the ten recovery codes. */
export async function withTwoFactor(h: ApiHarness, input: Parameters<typeof createMember>[1] = {}) {
  const call = client(h);
  const member = await createMember(h, input);
  const token = await login(h, member.username);
  const setup = (await call('POST', '/api/auth/two-factor/setup', token)).json().data;
  // The code of the previous step (within the window of one step): the next code the member types is a new step.
  const first = app(setup.secret).generate({ timestamp: Date.now() - STEP });
  const enabled = await call('POST', '/api/auth/two-factor/enable', token, { code: first });
  expect(enabled.statusCode).toBe(200);
  return { member, token, secret: setup.secret as string, codes: enabled.json().data.recoveryCodes as string[] };
}
