/** One domain of the API calls (shared/calls.ts): a member's "Download my data". */
import type { ApiClient } from '../api-client.ts';
import { DATA_EXPORT, DATA_EXPORT_RAW } from '../operations/data-export.ts';
import { pathOf } from '../operations/operation.ts';

export const requestDataExport = (api: ApiClient) => api.call(DATA_EXPORT.request, { body: {} });
export const latestDataExport = (api: ApiClient) => api.call(DATA_EXPORT.latest, {});
/** The zip of the mailed link, as it comes (a page hands it on to the browser). */
export const downloadDataExport = (api: ApiClient, id: string, key: string) => api.file(pathOf(DATA_EXPORT_RAW.download, { id }), { key });
