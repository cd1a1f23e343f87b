import { PUBLIC_API_BASE } from 'astro:env/client';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../shared/api-client.ts';
import { FORBIDDEN_IN_ACTION } from '../shared/messages.ts';
import { UNAUTHORIZED_ROUTE } from '../shared/routes.ts';
import { keepFlash } from './flash.ts';
import { navigation } from './navigation.ts';

const DAY_SECONDS = 86_400;
const cookie = (value: string, maxAge: number) =>
  (document.cookie = `token=${value}; max-age=${maxAge}; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`);

/** The token cookie (SPEC.md §3): 365 days with remember, 1 day without. */
export const sessionCookie = {
  get: (): string | null => {
    const value = document.cookie
      .split('; ')
      .find((c) => c.startsWith('token='))
      ?.slice('token='.length);
    return value ? decodeURIComponent(value) : null;
  },
  set: (token: string, remember: boolean) => cookie(encodeURIComponent(token), (remember ? 365 : 1) * DAY_SECONDS),
  remove: () => cookie('', 0),
};

let leaving = false;
/**
 * The one place a 401 is handled (SPEC.md §8): the session is over, so the token goes, 'Forbidden in the action!' is
 * said on the next page, and the browser goes to /login. Several calls failing at once leave only once.
 */
export function sessionEnded(): void {
  if (leaving) return;
  leaving = true;
  sessionCookie.remove();
  keepFlash(FORBIDDEN_IN_ACTION, 'error');
  navigation.go(UNAUTHORIZED_ROUTE);
}

/**
 * The member is logging out: the server will end this session (and close its live connection) because they asked, so
 * nothing reported meanwhile is "the session ended" (the logout goes to /auth/login, not /login). `false`: they stay
 * after all (closing the account was refused).
 */
export function loggingOut(on = true): void {
  leaving = on;
}

let options: ApiClientOptions = { baseUrl: PUBLIC_API_BASE, getSessionToken: sessionCookie.get, onUnauthorized: sessionEnded };

let current = createApiClient(options);
/**
 * The browser's API client, which the calls of shared/calls.ts are made on (`calls.me(client())`). Only stores call
 * it (islands subscribe to stores and call their actions).
 */
export const client = (): ApiClient => current;

const configured = new Set<(client: ApiClient) => void>();
/**
 * The client the calls are made on, now and after every `configureApi`: for calls kept apart from shared/calls.ts (the
 * back office's, client/admin-api.ts, which the site's pages do not carry).
 */
export function onApiClient(use: (client: ApiClient) => void): void {
  configured.add(use);
  use(current);
}

/** Points the browser client elsewhere (tests, or a site served apart from its API). */
export function configureApi(overrides: Partial<ApiClientOptions>): void {
  options = { ...options, ...overrides };
  leaving = false;
  current = createApiClient(options);
  for (const use of configured) use(current);
}
