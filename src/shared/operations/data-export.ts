import type { DataExport } from '../contracts/data-export.ts';
import { op } from './operation.ts';

/** A member's "Download my data": ask for an export (one at a time), and see the newest one. */
export const DATA_EXPORT = {
  request: op<{ body: Record<string, never> }, DataExport>('POST', '/users/me/data-exports'),
  latest: op<object, DataExport | null>('GET', '/users/me/data-exports/latest'),
};

/** A route, not an operation (it streams the zip): the mailed link's download, for its owner's session only. */
export const DATA_EXPORT_RAW = {
  download: op<{ params: { id: string }; query: { key: string } }, never>('GET', '/users/me/data-exports/:id/download'),
};
