import { Type } from 'typebox';
import { ErrorBody, UuidParams } from '../../../shared/contracts/common.ts';
import { DataExportDownloadQuery } from '../../../shared/contracts/data-export.ts';
import { DATA_EXPORT_RAW } from '../../../shared/operations/data-export.ts';
import { sendStored } from '../../lib/http/send-stored.ts';
import type { App } from '../../types.ts';

/**
 * The mailed link's download: a route, as it streams the zip (Range too, for a resumed download). It takes the
 * owner's session and the link's secret both: a forwarded mail alone opens nothing, nor does another member's session.
 */
export async function dataExportRoutes(app: App) {
  app.get(
    DATA_EXPORT_RAW.download.path,
    {
      preHandler: app.requireAuth,
      schema: {
        operationId: 'data_export_download',
        tags: ['users'],
        summary: 'Download my data: the zip of the mailed link (its owner’s session and the link’s key; 410 after 24 hours)',
        params: UuidParams,
        querystring: DataExportDownloadQuery,
        response: {
          200: { description: 'The zip', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
          206: { description: 'The requested range of the zip', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          410: ErrorBody,
          416: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { key } = request.query as { key: string };
      const file = await app.services.dataExport.download(request.auth!.user.id, id, key);
      return sendStored(request, reply, app.media.storage, file.storageKey, { cacheControl: 'private, no-store', downloadName: file.name });
    },
  );
}
