/** One domain of the API calls (shared/calls.ts). The member's second factor, a login's code step and their devices (issue 36). */
import type { ApiClient } from '../api-client.ts';
import type { DisableTwoFactorBody, SecondFactorBody } from '../contracts/auth.ts';
import { AUTH, TWO_FACTOR } from '../operations/auth.ts';

export const loginSecondFactor = (api: ApiClient, body: SecondFactorBody) => api.call(AUTH.secondFactor, { body });
export const twoFactorStatus = (api: ApiClient) => api.call(TWO_FACTOR.status, {});
export const startTwoFactor = (api: ApiClient) => api.call(TWO_FACTOR.setup, {});
export const enableTwoFactor = (api: ApiClient, code: string) => api.call(TWO_FACTOR.enable, { body: { code } });
export const disableTwoFactor = (api: ApiClient, body: DisableTwoFactorBody) => api.call(TWO_FACTOR.disable, { body });
export const sessions = (api: ApiClient) => api.call(AUTH.sessions, {});
export const endSession = (api: ApiClient, id: string) => api.call(AUTH.endSession, { params: { id } });
export const endOtherSessions = (api: ApiClient) => api.call(AUTH.endOtherSessions, {});
