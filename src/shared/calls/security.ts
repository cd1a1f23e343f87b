/** One domain of the API calls (shared/calls.ts). The member's second factor, a login's code step, their devices and a new e-mail address (issue 36). */
import type { ApiClient } from '../api-client.ts';
import type { DisableTwoFactorBody, SecondFactorBody } from '../contracts/auth.ts';
import type { ChangeEmailBody } from '../contracts/accounts.ts';
import { AUTH } from '../operations/auth.ts';
import { DEVICES, EMAIL_CHANGE, TWO_FACTOR } from '../operations/security.ts';

export const loginSecondFactor = (api: ApiClient, body: SecondFactorBody) => api.call(AUTH.secondFactor, { body });
export const twoFactorStatus = (api: ApiClient) => api.call(TWO_FACTOR.status, {});
export const startTwoFactor = (api: ApiClient) => api.call(TWO_FACTOR.setup, {});
export const enableTwoFactor = (api: ApiClient, code: string) => api.call(TWO_FACTOR.enable, { body: { code } });
export const disableTwoFactor = (api: ApiClient, body: DisableTwoFactorBody) => api.call(TWO_FACTOR.disable, { body });
export const sessions = (api: ApiClient) => api.call(DEVICES.sessions, {});
export const endSession = (api: ApiClient, id: string) => api.call(DEVICES.endSession, { params: { id } });
export const endOtherSessions = (api: ApiClient) => api.call(DEVICES.endOtherSessions, {});
export const changeEmail = (api: ApiClient, body: ChangeEmailBody) => api.call(EMAIL_CHANGE.request, { body });
export const confirmEmailChange = (api: ApiClient, token: string) => api.call(EMAIL_CHANGE.confirm, { body: { token } });
