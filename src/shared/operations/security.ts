import type { ListResult } from '../api-client.ts';
import type { ChangeEmailBody, MessageResult } from '../contracts/accounts.ts';
import type { ClosureAnswer, ClosureTerms, CloseAccountBody } from '../contracts/account-closure.ts';
import type { CodeBody, DisableTwoFactorBody, RecoveryCodes, SessionView, TwoFactorSetup, TwoFactorStatus } from '../contracts/auth.ts';
import { op } from './operation.ts';

/*
 * A member's account security (issue 36), apart from AUTH and ACCOUNTS (operations/auth.ts): those tables are in every
 * member's first view, these only on the pages that use them.
 */

/** The member's second factor (issue 36): an authenticator app (TOTP) and ten single-use recovery codes. */
export const TWO_FACTOR = {
  status: op<object, TwoFactorStatus>('GET', '/auth/two-factor'),
  setup: op<object, TwoFactorSetup>('POST', '/auth/two-factor/setup'),
  enable: op<{ body: CodeBody }, RecoveryCodes>('POST', '/auth/two-factor/enable'),
  disable: op<{ body: DisableTwoFactorBody }, MessageResult>('POST', '/auth/two-factor/disable'),
};

/** Where the member is logged in (their devices), the current one marked; ending one, or all but this one. */
export const DEVICES = {
  sessions: op<object, ListResult<SessionView>>('GET', '/auth/sessions'),
  endSession: op<{ params: { id: string } }, { success: boolean }>('DELETE', '/auth/sessions/:id'),
  endOtherSessions: op<object, { success: boolean; ended: number }>('POST', '/auth/sessions/end-others'),
};

/** A new e-mail address: mailed a link, and used once the link is opened. */
export const EMAIL_CHANGE = {
  request: op<{ body: ChangeEmailBody }, MessageResult>('POST', '/auth/users/me/email'),
  confirm: op<{ body: { token: string } }, MessageResult>('POST', '/auth/users/me/email/confirm'),
};

/** Closing the account: what happens to the balance first, then the close itself (logged out; erased after the grace days). */
export const ACCOUNT_CLOSURE = {
  terms: op<object, ClosureTerms>('GET', '/auth/users/me/closure'),
  close: op<{ body: CloseAccountBody }, ClosureAnswer>('POST', '/auth/users/me/closure'),
};
