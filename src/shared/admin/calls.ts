import type { ApiClient, ListResult, Query, UploadOptions } from '../api-client.ts';
import type { AdminItem } from './resource.ts';
import type { AdminSettings } from './settings.ts';
import type { Dashboard } from './dashboard.ts';
import type { SetupBody, SetupResult, SetupStatus } from '../contracts/setup.ts';

/** One entry of the audit log. */
export interface AuditEntry {
  _id: string;
  actor: { _id: string | null; username: string };
  resource: string;
  targetId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export type BulkAction = 'publish' | 'unpublish' | 'delete';

/** The back office's calls: the same five for every resource (`/api/admin/<resource>`), bulk verbs, the audit log. */
export function adminCalls(api: ApiClient) {
  const path = (resource: string, id?: string) => `/admin/${encodeURIComponent(resource)}${id ? `/${encodeURIComponent(id)}` : ''}`;
  return {
    list: (resource: string, query: Query = {}) => api.get<ListResult<AdminItem>>(path(resource), query),
    get: (resource: string, id: string) => api.get<AdminItem>(path(resource, id)),
    create: (resource: string, body: Record<string, unknown>) => api.post<AdminItem>(path(resource), body),
    update: (resource: string, id: string, body: Record<string, unknown>) => api.patch<AdminItem>(path(resource, id), body),
    remove: (resource: string, id: string) => api.del<{ _id: string }>(path(resource, id)),
    act: (resource: string, id: string, action: string, body: Record<string, unknown> = {}) =>
      api.post<AdminItem>(`${path(resource, id)}/${encodeURIComponent(action)}`, body),
    bulk: (resource: string, action: BulkAction, ids: string[]) =>
      api.post<{ done: string[]; failed: { _id: string; message: string }[] }>(`${path(resource)}/bulk`, { action, ids }),
    audit: (query: Query = {}) => api.get<ListResult<AuditEntry>>('/admin/audit', query),
    settings: () => api.get<AdminSettings>('/admin/settings'),
    /** First run (no admin yet): whether it is open, and creating the first admin with the printed token. */
    setupStatus: () => api.get<SetupStatus>('/setup/status'),
    completeSetup: (body: SetupBody) => api.post<SetupResult>('/setup', body),
    dashboard: (days?: number) => api.get<Dashboard>('/admin/dashboard', { days }),
    updateSettings: (patch: Record<string, unknown>) => api.patch<AdminSettings>('/admin/settings', patch),
    uploadSettingImage: (key: string, file: Blob, options?: UploadOptions) =>
      api.upload<AdminSettings>(`/admin/settings/images/${encodeURIComponent(key)}`, file, options),
  };
}
export type AdminCalls = ReturnType<typeof adminCalls>;
