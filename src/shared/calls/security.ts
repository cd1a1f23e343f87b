/** One domain of the API calls (shared/calls.ts). The member's second factor, a login's code step, their devices, passkeys and a new e-mail address (issue 36). */
import type { ApiClient } from '../api-client.ts';
import type { DisableTwoFactorBody, SecondFactorBody } from '../contracts/auth.ts';
import type { ChangeEmailBody } from '../contracts/accounts.ts';
import type { AddPasskeyBody, PasskeyLoginBody } from '../contracts/passkeys.ts';
import { AUTH } from '../operations/auth.ts';
import { PASSKEYS } from '../operations/passkeys.ts';
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
export const passkeys = (api: ApiClient) => api.call(PASSKEYS.list, {});
export const passkeyAddOptions = (api: ApiClient) => api.call(PASSKEYS.addOptions, {});
export const addPasskey = (api: ApiClient, body: AddPasskeyBody) => api.call(PASSKEYS.add, { body });
export const renamePasskey = (api: ApiClient, id: string, name: string) => api.call(PASSKEYS.rename, { params: { id }, body: { name } });
export const removePasskey = (api: ApiClient, id: string, password: string) => api.call(PASSKEYS.remove, { params: { id }, body: { password } });
export const passkeyLoginOptions = (api: ApiClient) => api.call(PASSKEYS.loginOptions, {});
export const loginWithPasskey = (api: ApiClient, body: PasskeyLoginBody) => api.call(PASSKEYS.login, { body });
