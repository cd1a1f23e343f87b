import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { Envelope, ErrorBody, UuidParams } from '../../../shared/contracts/common.ts';
import { OrderFile } from '../../../shared/contracts/orders.ts';
import { AppError, forbidden } from '../../errors.ts';
import { readForm } from '../../lib/http/multipart.ts';
import { safeFileName } from '../../lib/text/slug.ts';
import { sendStored } from '../../lib/http/send-stored.ts';
import { contentTypeOf } from '../../lib/storage/storage.ts';
import { ok, type App } from '../../types.ts';
import { REFUSED } from '../../plugins/media.ts';
import { downloadSubject } from './orders.service.ts';
import { ORDERS_RAW } from '../../../shared/operations/orders.ts';
import { countryGate } from '../../plugins/country-gate.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The order calls that stay routes (the rest are operations, orders.operations.ts): attaching a file reads a multipart
 * body, and a download streams the file (Range, HEAD) behind the country gate.
 */
export async function ordersRoutes(app: App) {
  const orders = app.services.orders;
  const admin = {
    preHandler: async (request: Parameters<typeof app.requireAuth>[0]) => {
      await app.requireAuth(request);
      if (!request.auth!.user.roles.includes('admin')) throw forbidden('Only an admin can do this.');
    },
  };

  app.post(
    ORDERS_RAW.attachFile.path,
    {
      schema: {
        operationId: 'orders_attach_file',
        tags: ['orders'],
        summary: 'Admin: attach a delivery file (multipart, field `file`)',
        consumes: ['multipart/form-data'],
        params: UuidParams,
        response: { 200: Envelope(OrderFile), ...errors, 413: ErrorBody, 422: ErrorBody },
      },
      ...admin,
    },
    async (request) => {
      const { file } = await readForm(request, { fileField: 'file', maxBytes: app.config.uploadLimit, requireFile: true });
      const { data: body, filename: name, mimetype } = file!;
      const key = `orders/${request.params.id}/${randomUUID()}/${safeFileName(name)}`;
      const mimeType = mimetype && mimetype !== 'application/octet-stream' ? mimetype : contentTypeOf(key);
      await app.media.storage.put(key, body, mimeType);
      return ok(await orders.attachFile(request.params.id, { key, name, mimeType, size: body.length }));
    },
  );
  // The link itself: signed and expiring; each whole download of a product uses one of the purchase's downloads. HEAD
  // first (with its own operationId), so that GET does not add Fastify's own HEAD route.
  for (const method of ['HEAD', 'GET'] as const)
    app.route({
      method,
      url: ORDERS_RAW.download.path,
      onRequest: countryGate(app),
      schema: {
        operationId: `downloads_${method.toLowerCase()}`,
        tags: ['orders'],
        summary: 'Download a purchase (the signed link from download-link or files-info); Range supported',
        params: UuidParams,
        querystring: Type.Object({ e: Type.Optional(Type.String()), s: Type.Optional(Type.String()), f: Type.Optional(Type.String({ format: 'uuid' })) }),
        response: {
          200: {
            description: 'The file (its own type; Content-Disposition names it)',
            content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
          },
          206: {
            description: 'The requested range of the file (Content-Range)',
            content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
          },
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          416: ErrorBody,
          451: ErrorBody,
        },
      },
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const query = request.query as { e?: string; s?: string; f?: string };
        const fileId = query.f ?? null;
        const verdict = app.media.signer.verify(downloadSubject(id, fileId), query);
        if (verdict !== 'ok')
          throw new AppError(
            403,
            'DOWNLOAD_FORBIDDEN',
            verdict === 'expired' ? 'This download link has expired. Ask for a new one from your order.' : REFUSED[verdict],
          );
        const { file, record } = await orders.resolveDownload(id, fileId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        return sendStored(request, reply, app.media.storage, file.key, {
          cacheControl: 'private, no-store',
          downloadName: file.name,
          beforeSend: request.method === 'GET' ? (range, size) => record(range, size, request.headers.range, query.s!) : undefined,
        });
      },
    });
}
