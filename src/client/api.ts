import Cookies from 'js-cookie';
import { PUBLIC_API_BASE } from 'astro:env/client';
import { createApiClient, type ApiClientOptions } from '../shared/api-client.ts';
import { apiCalls } from '../shared/calls.ts';
import { UNAUTHORIZED_ROUTE } from '../shared/routes.ts';

/** The token cookie (SPEC.md §3): 365 days with remember, 1 day without. */
export const tokenCookie = {
  get: () => Cookies.get('token') ?? null,
  set: (token: string, remember: boolean) =>
    Cookies.set('token', token, { expires: remember ? 365 : 1, path: '/', sameSite: 'lax', secure: location.protocol === 'https:' }),
  remove: () => Cookies.remove('token', { path: '/' }),
};

let options: ApiClientOptions = {
  baseUrl: PUBLIC_API_BASE,
  getToken: tokenCookie.get,
  onUnauthorized: () => window.location.assign(UNAUTHORIZED_ROUTE),
};

/** The browser's API client, used by stores (islands never fetch by themselves). */
export let apiClient = createApiClient(options);
export let api = apiCalls(apiClient);

/** Points the browser client elsewhere (tests, or a site served apart from its API). */
export function configureApi(overrides: Partial<ApiClientOptions>): void {
  options = { ...options, ...overrides };
  apiClient = createApiClient(options);
  api = apiCalls(apiClient);
}
