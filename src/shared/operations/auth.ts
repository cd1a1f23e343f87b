import type { ChangePasswordBody, EmailBody, MessageResult, RegisterBody } from '../contracts/accounts.ts';
import type { LoginAnswer, LoginBody, LoginResult, SecondFactorBody } from '../contracts/auth.ts';
import { op } from './operation.ts';

/** Sessions (SPEC.md: /auth): logging in and out. */
export const AUTH = {
  login: op<{ body: LoginBody }, LoginAnswer>('POST', '/auth/login'),
  secondFactor: op<{ body: SecondFactorBody }, LoginResult>('POST', '/auth/login/second-factor'),
  logout: op<object, { success: boolean }>('POST', '/auth/logout'),
  logoutEverywhere: op<object, { success: boolean; ended: number }>('POST', '/auth/logout-all'),
};

/** Accounts (SPEC.md: /auth/users, /auth/email-verification): registering, verifying an address, passwords. */
export const ACCOUNTS = {
  register: op<{ body: RegisterBody }, { _id: string; message: string }>('POST', '/auth/users/register'),
  verifyEmail: op<{ body: { token: string } }, MessageResult>('POST', '/auth/email-verification'),
  resendVerification: op<{ body: EmailBody }, MessageResult>('POST', '/auth/email-verification/resend'),
  forgotPassword: op<{ body: EmailBody }, MessageResult>('POST', '/auth/users/forgot'),
  resetPassword: op<{ body: { token: string; password: string } }, MessageResult>('POST', '/auth/users/reset-password'),
  changePassword: op<{ body: ChangePasswordBody }, MessageResult>('PUT', '/auth/users/me/password'),
};
