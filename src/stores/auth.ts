import { map } from 'nanostores';
import { api, tokenCookie } from '../client/api.ts';
import { FORBIDDEN_IN_ACTION, INCORRECT_CREDENTIALS, LOGGED_OUT } from '../shared/messages.ts';
import type { LoginBody } from '../shared/contracts/auth.ts';
import { HOME_ROUTE, LOGIN_ROUTE } from '../shared/routes.ts';
import { onResetAll, resetAll } from './reset.ts';
import { flashToast } from './toast.ts';
import { messageOf } from './community.ts';
import { setUser } from './user.ts';

export interface RequestState {
  requesting: boolean;
  success: boolean;
  error: string | null;
}
export interface AuthState {
  loggedIn: boolean;
  login: RequestState;
  forgot: RequestState;
}

const idle: RequestState = { requesting: false, success: false, error: null };
const initial = (): AuthState => ({ loggedIn: false, login: { ...idle }, forgot: { ...idle } });

/** Login state: loggedIn, the login request state, and the forgot-password state (SPEC.md §3). */
export const $auth = map<AuthState>(initial());

/** Where the browser goes; replaced in tests. */
export const navigation = { go: (url: string) => window.location.assign(url) };

/** After a server-rendered page: the member it rendered for (or none). */
export function hydrateSession(loggedIn: boolean): void {
  if ($auth.get().loggedIn !== loggedIn) $auth.setKey('loggedIn', loggedIn);
}

/** requesting → success (token stored, member fetched, go to /) or failure with the server's message. */
export async function login(body: LoginBody): Promise<boolean> {
  $auth.setKey('login', { requesting: true, success: false, error: null });
  try {
    const { data } = await api.login(body);
    tokenCookie.set(data.token, body.remember !== false);
    setUser((await api.me()).data);
    $auth.set({ ...$auth.get(), loggedIn: true, login: { requesting: false, success: true, error: null } });
    navigation.go(HOME_ROUTE);
    return true;
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : INCORRECT_CREDENTIALS;
    $auth.setKey('login', { requesting: false, success: false, error: message });
    return false;
  }
}

/**
 * Ends the session (or, `everywhere`, every session of the member) on the server, clears the token, says 'Log out!', resets every store and goes to /auth/login.
 * When the server says the session had already ended (401), the client has already sent the browser to /login.
 */
export async function logout(everywhere = false): Promise<void> {
  let sessionGone = false;
  try {
    await (everywhere ? api.logoutEverywhere() : api.logout());
  } catch (err) {
    sessionGone = err instanceof Error && err.message === FORBIDDEN_IN_ACTION;
  }
  resetAll(); // tears down the live connection (which still sends auth/logout with the token)
  tokenCookie.remove();
  if (sessionGone) return;
  flashToast(LOGGED_OUT, 'success');
  navigation.go(LOGIN_ROUTE);
}

/** The forgot-password request state of SPEC.md §3: requesting, then success (the same answer for any address) or the error. */
export async function forgotPassword(email: string, recaptchaToken?: string): Promise<string | null> {
  $auth.setKey('forgot', { requesting: true, success: false, error: null });
  try {
    const { data } = await api.forgotPassword({ email, ...(recaptchaToken ? { recaptchaToken } : {}) });
    $auth.setKey('forgot', { requesting: false, success: true, error: null });
    return data.message;
  } catch (err) {
    $auth.setKey('forgot', { requesting: false, success: false, error: messageOf(err) });
    return null;
  }
}

onResetAll(() => $auth.set(initial()));
