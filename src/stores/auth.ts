import { atom, computed, map } from 'nanostores';
import { client, loggingOut, sessionCookie } from '../client/api.ts';
import * as accountsCalls from '../shared/calls/accounts.ts';
import * as sessionCalls from '../shared/calls/session.ts';
import { navigation } from '../client/navigation.ts';
import { LOGGED_OUT } from '../shared/messages.ts';
import type { LoginBody, LoginResult } from '../shared/contracts/auth.ts';
import type { MessageResult } from '../shared/contracts/accounts.ts';
import type { CurrentUser } from '../shared/contracts/users.ts';
import { HOME_ROUTE, LOGIN_ROUTE } from '../shared/routes.ts';
import { onResetAll, resetAll } from './reset.ts';
import { IDLE, payload, track, type RequestState } from './request.ts';
import { flashToast } from './toast.ts';
import { setUser } from './user.ts';

/** Login state (SPEC.md §3): loggedIn, the login request state, and the forgot-password request state. */
export interface AuthState {
  loggedIn: boolean;
  /** null: the password was right and the login waits for its code step ($loginTicket). */
  login: RequestState<CurrentUser | null>;
  forgot: RequestState<MessageResult>;
}

const initial = (): AuthState => ({ loggedIn: false, login: IDLE, forgot: IDLE });
export const $auth = map<AuthState>(initial());

/** After a server-rendered page: the member it rendered for (or none). */
export function startSession(user: CurrentUser | null): void {
  setUser(user);
  if ($auth.get().loggedIn !== Boolean(user)) $auth.setKey('loggedIn', Boolean(user));
}

/** A login's code step (a second factor on): the ticket of the right password and the remember choice, until it ends. */
export const $loginTicket = atom<{ ticket: string; remember: boolean } | null>(null);

/** A login's session in the cookie, and the member it belongs to (the login's notice is said on the next page). */
export async function sessionFrom(session: LoginResult, remember: boolean): Promise<CurrentUser> {
  sessionCookie.set(session.token, remember);
  if (session.notice) flashToast(session.notice, 'success');
  return payload(sessionCalls.me(client()));
}

/** Logged in: the member known to every store, and home. */
export function enter(user: CurrentUser): void {
  $loginTicket.set(null);
  setUser(user);
  $auth.setKey('loggedIn', true);
  navigation.go(HOME_ROUTE);
}

/**
 * requesting → success (token stored, member fetched, go to /) or failure with the server's message (SPEC.md §4, §8).
 * An account with a second factor answers a ticket instead: $loginTicket is set and the form asks for the code.
 */
export async function login(body: LoginBody): Promise<boolean> {
  $loginTicket.set(null);
  const remember = body.remember !== false;
  const result = await track(
    () => $auth.get().login,
    (state) => $auth.setKey('login', state),
    async () => {
      const answer = await payload(sessionCalls.login(client(), body));
      if (!('token' in answer)) {
        $loginTicket.set({ ticket: answer.ticket, remember });
        return null;
      }
      return sessionFrom(answer, remember);
    },
  );
  if (!result.ok) return false;
  if (result.data) enter(result.data);
  return true;
}

/**
 * Ends the session (or, `everywhere`, every session of the member) on the server, then: the token goes, 'Log out!',
 * every store back to its initial state, and /auth/login (SPEC.md §4). A session that had already ended logs out the same way.
 */
export async function logout(everywhere = false): Promise<void> {
  loggingOut();
  await (everywhere ? sessionCalls.logoutEverywhere(client()) : sessionCalls.logout(client())).catch(() => {
    /* ended already, or unreachable: the browser forgets the session all the same */
  });
  resetAll(); // the live connection is rebuilt as anonymous (it still sends auth/logout with the token)
  sessionCookie.remove();
  flashToast(LOGGED_OUT, 'success');
  navigation.go(LOGIN_ROUTE);
}

/** The forgot-password request (SPEC.md §3): the same answer for any address. */
export const forgotPassword = (email: string, recaptchaToken?: string) =>
  track(
    () => $auth.get().forgot,
    (state) => $auth.setKey('forgot', state),
    () => payload(accountsCalls.forgotPassword(client(), { email, ...(recaptchaToken ? { recaptchaToken } : {}) })),
  );

/** The forgot-password request state alone (for its form). */
export const $forgot = computed($auth, (auth) => auth.forgot);

onResetAll(() => {
  $auth.set(initial());
  $loginTicket.set(null);
});
