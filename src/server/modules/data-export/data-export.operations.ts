import { Type } from 'typebox';
import { DataExport, DataExportBody } from '../../../shared/contracts/data-export.ts';
import { DATA_EXPORT } from '../../../shared/operations/data-export.ts';
import { keyedLimit } from '../../lib/http/limits.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export function dataExportOperations(app: App) {
  // One export runs at a time already; this bounds how many a member writes into storage in an hour one after another.
  const limit = keyedLimit(app, { what: 'data exports', max: 10, windowMs: 3_600_000, key: (req) => `data-export:${req.auth?.user.id}` });
  return operations(DATA_EXPORT, {
    request: {
      operationId: 'data_export_request',
      summary: 'Download my data: queue an export of everything of the member’s (one at a time: 409 while one runs); the link is mailed',
      tags: ['users'],
      access: 'member',
      body: DataExportBody,
      response: DataExport,
      errors: [400, 401, 409, 429],
      limits: [limit],
      run: (_, { auth }) => app.services.dataExport.request(auth!.user.id),
    },
    latest: {
      operationId: 'data_export_latest',
      summary: 'The member’s newest data export (its state), or null',
      tags: ['users'],
      access: 'member',
      response: Type.Union([DataExport, Type.Null()]),
      errors: [401],
      run: (_, { auth }) => app.services.dataExport.latest(auth!.user.id),
    },
  });
}
