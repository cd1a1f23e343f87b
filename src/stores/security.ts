import { atom } from 'nanostores';
import { client } from '../client/api.ts';
import * as securityCalls from '../shared/calls/security.ts';
import type { TwoFactorStatus } from '../shared/contracts/auth.ts';
import { $loginTicket, enter, sessionFrom } from './auth.ts';
import { onResetAll } from './reset.ts';
import { payload, requestStore } from './request.ts';

/**
 * The second factor (issue 36): a login's code step, and the security page's setup and switch-off. Loaded only by
 * the code step (lazily, after a right password) and by /account/security, never in a page's first view.
 */

/** The code step: the ticket and a code; the session, the member, and home. */
export const $loginCode = requestStore(async (code: string) => {
  const step = $loginTicket.get();
  if (!step) throw new Error('no login waits for a code');
  const session = await payload(securityCalls.loginSecondFactor(client(), { ticket: step.ticket, code, remember: step.remember }));
  return sessionFrom(session, step.remember);
});

export async function loginWithCode(code: string) {
  const result = await $loginCode.run(code);
  if (result.ok) enter(result.data);
  return result;
}

/** Back to the password (the ticket expired, or the member wants to start again). */
export function restartLogin(): void {
  $loginCode.reset();
  $loginTicket.set(null);
}

/** The security page's second factor once this page changed it (null: as the server rendered it), and the setup under way. */
export const $twoFactor = atom<TwoFactorStatus | null>(null);
export const $setup = requestStore(async () => payload(securityCalls.startTwoFactor(client())));
/** The ten recovery codes, answered once when the second factor goes on: shown until the member leaves the page. */
export const $enable = requestStore(async (code: string) => {
  const answer = await payload(securityCalls.enableTwoFactor(client(), code));
  $twoFactor.set({ ...($twoFactor.get() ?? { required: false }), enabled: true, recoveryCodesLeft: answer.recoveryCodes.length });
  return answer;
});
export const $disable = requestStore(async (password: string, code: string) => {
  const answer = await payload(securityCalls.disableTwoFactor(client(), { password, code }));
  $twoFactor.set({ ...($twoFactor.get() ?? { required: false }), enabled: false, recoveryCodesLeft: 0 });
  $setup.reset();
  $enable.reset();
  return answer;
});

/** A new e-mail address (the account page's form), and the mailed link's confirmation. */
export const $emailChange = requestStore((email: string, password: string) => payload(securityCalls.changeEmail(client(), { email, password })));
export const $emailChangeConfirmation = requestStore((token: string) => payload(securityCalls.confirmEmailChange(client(), token)));

/** The sessions this page ended (their ids): gone from its list of devices. */
export const $endedSessions = atom<string[]>([]);
export const $endSession = requestStore(async (id: string) => {
  const answer = await payload(securityCalls.endSession(client(), id));
  $endedSessions.set([...$endedSessions.get(), id]);
  return answer;
});
/** Every session but this one: the page's list keeps only the current one. */
export const $endOthers = requestStore(async (others: string[]) => {
  const answer = await payload(securityCalls.endOtherSessions(client()));
  $endedSessions.set([...$endedSessions.get(), ...others]);
  return answer;
});

onResetAll(() => {
  $twoFactor.set(null);
  $endedSessions.set([]);
});
