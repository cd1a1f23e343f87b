import Cookies from 'js-cookie';
import { PUBLIC_API_BASE } from 'astro:env/client';
import { createApiClient, type ApiClientOptions } from '../shared/api-client.ts';
import { apiCalls } from '../shared/calls.ts';
import { adminCalls } from '../shared/admin/calls.ts';
import { FORBIDDEN_IN_ACTION } from '../shared/messages.ts';
import { UNAUTHORIZED_ROUTE } from '../shared/routes.ts';
import { flashToast } from '../stores/toast.ts';
import { navigation } from './navigation.ts';

/** The token cookie (SPEC.md §3): 365 days with remember, 1 day without. */
export const tokenCookie = {
  get: () => Cookies.get('token') ?? null,
  set: (token: string, remember: boolean) =>
    Cookies.set('token', token, { expires: remember ? 365 : 1, path: '/', sameSite: 'lax', secure: location.protocol === 'https:' }),
  remove: () => Cookies.remove('token', { path: '/' }),
};

let leaving = false;
/**
 * The one place a 401 is handled (SPEC.md §8): the session is over, so the token goes, 'Forbidden in the action!' is
 * said on the next page, and the browser goes to /login. Several calls failing at once leave only once.
 */
export function sessionEnded(): void {
  if (leaving) return;
  leaving = true;
  tokenCookie.remove();
  flashToast(FORBIDDEN_IN_ACTION, 'error');
  navigation.go(UNAUTHORIZED_ROUTE);
}

let options: ApiClientOptions = { baseUrl: PUBLIC_API_BASE, getToken: tokenCookie.get, onUnauthorized: sessionEnded };

const client = createApiClient(options);
/** The browser's API client. Only stores call it (islands subscribe to stores and call their actions). */
export let api = apiCalls(client);
/** The back office's calls, on the same client (stores/admin.ts). */
export let admin = adminCalls(client);

/** Points the browser client elsewhere (tests, or a site served apart from its API). */
export function configureApi(overrides: Partial<ApiClientOptions>): void {
  options = { ...options, ...overrides };
  leaving = false;
  const configured = createApiClient(options);
  api = apiCalls(configured);
  admin = adminCalls(configured);
}
