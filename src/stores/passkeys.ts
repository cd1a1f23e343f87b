import { atom } from 'nanostores';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { client } from '../client/api.ts';
import * as securityCalls from '../shared/calls/security.ts';
import { ApiError } from '../shared/contracts/errors.ts';
import type { PasskeyView } from '../shared/contracts/passkeys.ts';
import { enter, sessionFrom } from './auth.ts';
import { onResetAll } from './reset.ts';
import { payload, requestStore } from './request.ts';

/**
 * Passkeys (issue 36): the login page's "Log in with a passkey" and /account/security's list. This module carries
 * @simplewebauthn/browser, so it is only ever imported lazily (LoginForm on the button's click, and the security
 * page's island), never in a page's first view.
 */

// Said here, not in shared/messages.ts: that module is in every page's first view, these strings only in this chunk.
const PASSKEY_CANCELLED = 'No passkey was used: the prompt was closed or timed out. Try again, or log in with your password.';
const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys. Log in with your password.';

/** The browser's own refusals (the prompt closed, no passkey here) in the words of a field error, not a network error. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw refusal(PASSKEY_UNSUPPORTED);
  try {
    return await run();
  } catch (err) {
    if (err instanceof WebAuthnError || (err instanceof Error && err.name === 'NotAllowedError')) throw refusal(PASSKEY_CANCELLED);
    throw err;
  }
}
const refusal = (message: string) => new ApiError({ kind: 'server', status: 400, code: 'PASSKEY_REFUSED', message });

/** The login: the options (a challenge), the browser's prompt, the signature; a session with no code step, and home. */
export const $passkeyLogin = requestStore(async (remember: boolean) => {
  const optionsJSON = await payload(securityCalls.passkeyLoginOptions(client()));
  const credential = await ceremony(() => startAuthentication({ optionsJSON }));
  const session = await payload(securityCalls.loginWithPasskey(client(), { credential, remember }));
  return sessionFrom(session, remember);
});

export async function loginWithPasskey(remember: boolean) {
  const result = await $passkeyLogin.run(remember);
  if (result.ok) enter(result.data);
  return result;
}

/** The security page's list once this page changed it (null: as the server rendered it). */
export const $passkeys = atom<PasskeyView[] | null>(null);
const listed = (initial: PasskeyView[]) => $passkeys.get() ?? initial;

export const $addPasskey = requestStore(async (name: string, initial: PasskeyView[]) => {
  const optionsJSON = await payload(securityCalls.passkeyAddOptions(client()));
  const credential = await ceremony(() => startRegistration({ optionsJSON }));
  const added = await payload(securityCalls.addPasskey(client(), { name, credential }));
  $passkeys.set([...listed(initial), added]);
  return added;
});

export const $renamePasskey = requestStore(async (id: string, name: string, initial: PasskeyView[]) => {
  const renamed = await payload(securityCalls.renamePasskey(client(), id, name));
  $passkeys.set(listed(initial).map((p) => (p._id === id ? renamed : p)));
  return renamed;
});

export const $removePasskey = requestStore(async (id: string, password: string, initial: PasskeyView[]) => {
  const answer = await payload(securityCalls.removePasskey(client(), id, password));
  $passkeys.set(listed(initial).filter((p) => p._id !== id));
  return answer;
});

onResetAll(() => $passkeys.set(null));
