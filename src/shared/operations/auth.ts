import type { ChangePasswordBody, EmailBody, MessageResult, RegisterBody } from '../contracts/accounts.ts';
import type { LoginBody, LoginResult } from '../contracts/auth.ts';
import { op } from './operation.ts';

/** Sessions (SPEC.md: /auth): logging in and out. */
export const AUTH = {
  login: op<{ body: LoginBody }, LoginResult>('auth_login', 'POST', '/auth/login'),
  logout: op<object, { success: boolean }>('auth_logout', 'POST', '/auth/logout'),
  logoutEverywhere: op<object, { success: boolean; ended: number }>('auth_logout_all', 'POST', '/auth/logout-all'),
};

/** Accounts (SPEC.md: /auth/users, /auth/email-verification): registering, verifying an address, passwords. */
export const ACCOUNTS = {
  register: op<{ body: RegisterBody }, { _id: string; message: string }>('auth_register', 'POST', '/auth/users/register'),
  verifyEmail: op<{ body: { token: string } }, MessageResult>('auth_verify_email', 'POST', '/auth/email-verification'),
  resendVerification: op<{ body: EmailBody }, MessageResult>('auth_resend_verification', 'POST', '/auth/email-verification/resend'),
  forgotPassword: op<{ body: EmailBody }, MessageResult>('auth_forgot_password', 'POST', '/auth/users/forgot'),
  resetPassword: op<{ body: { token: string; password: string } }, MessageResult>('auth_reset_password', 'POST', '/auth/users/reset-password'),
  changePassword: op<{ body: ChangePasswordBody }, MessageResult>('auth_change_password', 'PUT', '/auth/users/me/password'),
};
