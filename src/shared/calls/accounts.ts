/** One domain of the API calls (shared/calls.ts). A member's account: registration, e-mail and password, the profile and its pictures, members, reference lists. */
import type { ApiClient } from '../api-client.ts';
import type { CurrentUser } from '../contracts/users.ts';
import type { ListQuery } from '../contracts/common.ts';
import type { ChangePasswordBody, EmailBody, RegisterBody } from '../contracts/accounts.ts';
import type { ProfileUpdateBody } from '../contracts/users.ts';
import type { UploadOptions } from '../api-client.ts';
import { ACCOUNTS } from '../operations/auth.ts';
import { USERS, USERS_RAW } from '../operations/users.ts';
import { REFERENCE } from '../operations/reference.ts';

export const register = (api: ApiClient, body: RegisterBody) => api.call(ACCOUNTS.register, { body });
export const verifyEmail = (api: ApiClient, token: string) => api.call(ACCOUNTS.verifyEmail, { body: { token } });
export const resendVerification = (api: ApiClient, body: EmailBody) => api.call(ACCOUNTS.resendVerification, { body });
export const forgotPassword = (api: ApiClient, body: EmailBody) => api.call(ACCOUNTS.forgotPassword, { body });
export const resetPassword = (api: ApiClient, token: string, password: string) => api.call(ACCOUNTS.resetPassword, { body: { token, password } });
export const changePassword = (api: ApiClient, body: ChangePasswordBody) => api.call(ACCOUNTS.changePassword, { body });
export const updateProfile = (api: ApiClient, body: ProfileUpdateBody) => api.call(USERS.update, { body });
export const uploadAvatar = (api: ApiClient, file: Blob, options?: UploadOptions) => api.upload<CurrentUser>(USERS_RAW.uploadAvatar.path, file, options);
export const uploadCover = (api: ApiClient, file: Blob, options?: UploadOptions) => api.upload<CurrentUser>(USERS_RAW.uploadCover.path, file, options);
export const searchUsers = (api: ApiClient, query: ListQuery = {}) => api.call(USERS.search, { query });
export const viewUser = (api: ApiClient, idOrUsername: string) => api.call(USERS.view, { params: { id: idOrUsername } });
export const countries = (api: ApiClient) => api.call(REFERENCE.countries, {});
export const languages = (api: ApiClient) => api.call(REFERENCE.languages, {});
export const phoneCodes = (api: ApiClient) => api.call(REFERENCE.phoneCodes, {});
export const userAdditional = (api: ApiClient) => api.call(REFERENCE.userAdditional, {});
