/** One domain of the API calls (shared/calls.ts). Logging in and out, and who is logged in. */
import type { ApiClient, RequestOptions } from '../api-client.ts';
import type { LoginBody } from '../contracts/auth.ts';
import { AUTH } from '../operations/auth.ts';
import { USERS } from '../operations/users.ts';

export const login = (api: ApiClient, body: LoginBody) => api.call(AUTH.login, { body });
// Logging out of a session that has already ended is not an error to send anyone to /login for.
export const logout = (api: ApiClient) => api.call(AUTH.logout, {}, { expect401: true });
export const logoutEverywhere = (api: ApiClient) => api.call(AUTH.logoutEverywhere, {}, { expect401: true });
/** `expect401`: a refused token is the caller's to handle (a page shared by visitors and members). */
export const me = (api: ApiClient, options?: RequestOptions) => api.call(USERS.me, {}, options);
