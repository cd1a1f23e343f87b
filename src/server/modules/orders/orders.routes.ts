import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { DownloadLink, Order, OrderFile, OrderSearchQuery, OrderUpdateBody, OrderWithBuyer } from '../../../shared/contracts/orders.ts';
import { AppError, forbidden } from '../../errors.ts';
import { readForm } from '../../lib/multipart.ts';
import { safeFileName } from '../../lib/slug.ts';
import { sendStored } from '../../lib/send-stored.ts';
import { contentTypeOf } from '../../lib/storage/storage.ts';
import { ok, type App } from '../../types.ts';
import { REFUSED } from '../../plugins/media.ts';
import { viewerOf } from '../catalogue/access.ts';
import { downloadSubject } from './orders.service.ts';
import { countryGate } from '../../plugins/country-gate.ts';

const OrderId = Type.Object({ id: Type.String({ format: 'uuid' }) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export async function ordersRoutes(app: App) {
  const orders = app.services.orders;
  const member = { preHandler: app.requireAuth };
  const admin = {
    preHandler: async (request: Parameters<typeof app.requireAuth>[0]) => {
      await app.requireAuth(request);
      if (!request.auth!.user.roles.includes('admin')) throw forbidden('Only an admin can do this.');
    },
  };

  app.get(
    '/orders/users/search',
    {
      schema: {
        operationId: 'orders_mine',
        tags: ['orders'],
        summary: "The member's orders, newest first",
        querystring: OrderSearchQuery,
        response: { 200: Envelope(ListPayload(OrderWithBuyer)), ...errors },
      },
      ...member,
    },
    async (request) => ok(await orders.search(request.query, request.auth!.user.id)),
  );
  app.get(
    '/orders/users/details/search',
    {
      schema: {
        operationId: 'orders_mine_details',
        tags: ['orders'],
        summary: "The member's orders with their details, newest first",
        querystring: OrderSearchQuery,
        response: { 200: Envelope(ListPayload(OrderWithBuyer)), ...errors },
      },
      ...member,
    },
    async (request) => ok(await orders.search(request.query, request.auth!.user.id)),
  );
  app.get(
    '/orders/details/search',
    {
      schema: {
        operationId: 'orders_search',
        tags: ['orders'],
        summary: 'Admin: every order, with its buyer',
        querystring: OrderSearchQuery,
        response: { 200: Envelope(ListPayload(OrderWithBuyer)), ...errors },
      },
      ...admin,
    },
    async (request) => ok(await orders.search(request.query, null)),
  );
  app.get(
    '/orders/details/:id',
    {
      schema: {
        operationId: 'orders_get',
        tags: ['orders'],
        summary: 'One order (its buyer or an admin)',
        params: OrderId,
        response: { 200: Envelope(OrderWithBuyer), ...errors },
      },
      ...member,
    },
    async (request) => ok(await orders.get(viewerOf(request.auth)!, request.params.id)),
  );
  app.put(
    '/orders/:id/update',
    {
      schema: {
        operationId: 'orders_update',
        tags: ['orders'],
        summary: 'Admin: delivery status and shipping code (the buyer is told live)',
        params: OrderId,
        body: OrderUpdateBody,
        response: { 200: Envelope(Order), ...errors },
      },
      ...admin,
    },
    async (request) => ok(await orders.update(request.params.id, request.body)),
  );
  app.put(
    '/orders/:id/finish-confirm',
    {
      schema: {
        operationId: 'orders_confirm_receipt',
        tags: ['orders'],
        summary: 'The buyer confirms receipt',
        params: OrderId,
        response: { 200: Envelope(Order), ...errors, 422: ErrorBody },
      },
      ...member,
    },
    async (request) => ok(await orders.confirm(viewerOf(request.auth)!, request.params.id)),
  );
  app.get(
    '/orders/:id/files-info',
    {
      schema: {
        operationId: 'orders_files',
        tags: ['orders'],
        summary: 'Files attached to an order, with expiring download links',
        params: OrderId,
        response: { 200: Envelope(Type.Array(OrderFile)), ...errors },
      },
      ...member,
    },
    async (request) => ok(await orders.files(viewerOf(request.auth)!, request.params.id)),
  );
  app.post(
    '/orders/:id/files',
    {
      schema: {
        operationId: 'orders_attach_file',
        tags: ['orders'],
        summary: 'Admin: attach a delivery file (multipart, field `file`)',
        consumes: ['multipart/form-data'],
        params: OrderId,
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
  app.get(
    '/assets/products/:id/download-link',
    {
      schema: {
        operationId: 'products_download_link',
        tags: ['orders'],
        summary: 'A signed, expiring link to a bought digital product (buyers only)',
        params: IdParams,
        response: { 200: Envelope(DownloadLink), ...errors },
      },
      ...member,
    },
    async (request) => ok(await orders.downloadLink(viewerOf(request.auth)!, request.params.id)),
  );

  // The link itself: signed and expiring; each whole download of a product uses one of the purchase's downloads. HEAD
  // first (with its own operationId), so that GET does not add Fastify's own HEAD route.
  for (const method of ['HEAD', 'GET'] as const)
    app.route({
      method,
      url: '/downloads/:id',
      onRequest: countryGate(app),
      schema: {
        operationId: `downloads_${method.toLowerCase()}`,
        tags: ['orders'],
        summary: 'Download a purchase (the signed link from download-link or files-info); Range supported',
        params: OrderId,
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
