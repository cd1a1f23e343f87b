import type { ChangeEmailBody, ChangePasswordBody, EmailBody, MessageResult, RegisterBody } from '../contracts/accounts.ts';
import type {
  CodeBody,
  DisableTwoFactorBody,
  LoginAnswer,
  LoginBody,
  LoginResult,
  RecoveryCodes,
  SecondFactorBody,
  SessionView,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../contracts/auth.ts';
import type { ListResult } from '../api-client.ts';
import { op } from './operation.ts';

/** Sessions (SPEC.md: /auth): logging in and out. */
export const AUTH = {
  login: op<{ body: LoginBody }, LoginAnswer>('POST', '/auth/login'),
  secondFactor: op<{ body: SecondFactorBody }, LoginResult>('POST', '/auth/login/second-factor'),
  logout: op<object, { success: boolean }>('POST', '/auth/logout'),
  logoutEverywhere: op<object, { success: boolean; ended: number }>('POST', '/auth/logout-all'),
  /** Where the member is logged in (their devices), the current one marked. */
  sessions: op<object, ListResult<SessionView>>('GET', '/auth/sessions'),
  endSession: op<{ params: { id: string } }, { success: boolean }>('DELETE', '/auth/sessions/:id'),
  endOtherSessions: op<object, { success: boolean; ended: number }>('POST', '/auth/sessions/end-others'),
};

/** Accounts (SPEC.md: /auth/users, /auth/email-verification): registering, verifying an address, passwords. */
export const ACCOUNTS = {
  register: op<{ body: RegisterBody }, { _id: string; message: string }>('POST', '/auth/users/register'),
  verifyEmail: op<{ body: { token: string } }, MessageResult>('POST', '/auth/email-verification'),
  resendVerification: op<{ body: EmailBody }, MessageResult>('POST', '/auth/email-verification/resend'),
  forgotPassword: op<{ body: EmailBody }, MessageResult>('POST', '/auth/users/forgot'),
  resetPassword: op<{ body: { token: string; password: string } }, MessageResult>('POST', '/auth/users/reset-password'),
  changePassword: op<{ body: ChangePasswordBody }, MessageResult>('PUT', '/auth/users/me/password'),
  /** A new address: mailed a link, and used once the link is opened. */
  changeEmail: op<{ body: ChangeEmailBody }, MessageResult>('POST', '/auth/users/me/email'),
  confirmEmailChange: op<{ body: { token: string } }, MessageResult>('POST', '/auth/users/me/email/confirm'),
};

/** The member's second factor (issue 36): an authenticator app (TOTP) and ten single-use recovery codes. */
export const TWO_FACTOR = {
  status: op<object, TwoFactorStatus>('GET', '/auth/two-factor'),
  setup: op<object, TwoFactorSetup>('POST', '/auth/two-factor/setup'),
  enable: op<{ body: CodeBody }, RecoveryCodes>('POST', '/auth/two-factor/enable'),
  disable: op<{ body: DisableTwoFactorBody }, MessageResult>('POST', '/auth/two-factor/disable'),
};
