import type { ApiClient, ListResult } from './api-client.ts';
import type { LoginBody, LoginResult } from './contracts/auth.ts';
import type { CountryCheck, PublicSettings } from './contracts/settings.ts';
import type { Category, CategorySearchQuery } from './contracts/categories.ts';
import type { CurrentUser } from './contracts/users.ts';

/** The API calls by name, for stores (browser client) and pages (server client) alike. */
export function apiCalls(api: ApiClient) {
  return {
    login: (body: LoginBody) => api.post<LoginResult>('/auth/login', body),
    logout: () => api.post<{ success: boolean }>('/auth/logout'),
    me: () => api.get<CurrentUser>('/users/me'),
    publicSettings: (group?: string) => api.get<PublicSettings>('/settings/public', { group }),
    countryCheck: () => api.get<CountryCheck>('/country-block/check'),
    categories: (query: CategorySearchQuery = {}) => api.get<ListResult<Category>>('/assets/categories/search', { ...query }),
  };
}
export type ApiCalls = ReturnType<typeof apiCalls>;
