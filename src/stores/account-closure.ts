import { client, loggingOut, sessionCookie } from '../client/api.ts';
import { navigation } from '../client/navigation.ts';
import * as closureCalls from '../shared/calls/account-closure.ts';
import type { CloseAccountBody } from '../shared/contracts/account-closure.ts';
import { HOME_ROUTE } from '../shared/routes.ts';
import { resetAll } from './reset.ts';
import { payload, requestStore } from './request.ts';
import { flashToast } from './toast.ts';

/**
 * "Close my account" (issue 36), on /account/data only. The server ends every session of the member (this one too)
 * and its live connection: that is the member leaving, as a logout is, not "the session ended".
 */
export const $closeAccount = requestStore(async (body: CloseAccountBody) => {
  loggingOut();
  try {
    return await payload(closureCalls.closeAccount(client(), body));
  } catch (err) {
    loggingOut(false);
    throw err;
  }
});

/** Closes the account; once the server took it, the browser forgets the session and says when it will be erased. */
export async function closeAccount(body: CloseAccountBody) {
  const result = await $closeAccount.run(body);
  if (!result.ok) return result;
  resetAll();
  sessionCookie.remove();
  flashToast(result.data.message, 'success');
  navigation.go(HOME_ROUTE);
  return result;
}
