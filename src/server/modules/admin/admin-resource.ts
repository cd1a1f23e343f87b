import { Type, type TString } from 'typebox';
import { Envelope, ErrorBody, ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { listQueryOf, offers, type AdminItem, type AdminListQuery, type AdminResource } from '../../../shared/admin/resource.ts';
import type { UserRow } from '../users/users.repository.ts';
import { badRequest } from '../../errors.ts';
import { ok, type App } from '../../types.ts';
import { insertAudit } from './audit.repository.ts';
import { csvStream } from '../../lib/csv-stream.ts';

/** Who did it (the admin of the request). */
export interface Actor {
  user: UserRow;
}

/** How the server does what a resource's API offers; each write goes through the services the public API uses. */
export interface AdminAdapter<Body = Record<string, unknown>> {
  list(query: AdminListQuery): Promise<{ data: AdminItem[]; total: number }>;
  /**
   * Every item the list would show for `query` (all its pages; `offset` and `limit` are ignored), in the list's order,
   * a batch at a time: each batch read by keyset pagination (after the last item of the one before, never OFFSET) when
   * the consumer asks for it, so that one batch is in memory at a time. What the CSV export streams: a resource with
   * `exportCsv` must have it.
   */
  listAllInBatches?(query: AdminListQuery): AsyncIterable<AdminItem[]>;
  /** The item, or a 404. */
  get(id: string): Promise<AdminItem>;
  create(body: Body, actor: Actor): Promise<AdminItem>;
  update(id: string, patch: Partial<Body>, actor: Actor): Promise<AdminItem>;
  remove(id: string, actor: Actor): Promise<void>;
  /** Bulk verbs other than delete: publish, unpublish. */
  bulk?: Partial<Record<'publish' | 'unpublish', (id: string, actor: Actor) => Promise<AdminItem>>>;
  /** The resource's named verbs (its description's `actions`), each given the item's id and the verb's body. */
  actions?: Record<string, (id: string, body: Record<string, unknown>, actor: Actor) => Promise<AdminItem>>;
}

const Item = Type.Object({ _id: Type.String() }, { additionalProperties: true });
const bulkBodyOf = (id: TString) =>
  Type.Object(
    {
      action: Type.Union([Type.Literal('publish'), Type.Literal('unpublish'), Type.Literal('delete')]),
      ids: Type.Array(id, { minItems: 1, maxItems: 200 }),
    },
    { additionalProperties: false },
  );

/**
 * The one REST convention of the back office, for one resource: list, create, read, patch, delete, and bulk verbs.
 * Every write is recorded in the audit log with the item before and after.
 */
export function registerAdminResource(api: App, resource: AdminResource, adapter: AdminAdapter) {
  const base = `/${resource.name}`;
  const tag = { tags: ['admin'] };
  const id = (verb: string) => ({ operationId: `admin_${resource.name.replace(/-/g, '_')}_${verb}`, ...tag });
  const audit = (actor: Actor, action: string, targetId: string | null, before: AdminItem | null, after: AdminItem | null) =>
    insertAudit(api.database.db, { actorId: actor.user.id, actorName: actor.user.username, resource: resource.name, targetId, action, before, after });
  const actorOf = (request: { auth: { user: UserRow } | null }): Actor => ({ user: request.auth!.user });
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
  // An item's `{id}`: a UUID unless the resource says otherwise; a malformed one is a 400 before the adapter runs.
  const IdParams = resource.id ? Type.Object({ id: resource.id }) : UuidParams;
  const BulkBody = bulkBodyOf(resource.id ?? UuidParams.properties.id);

  api.get(
    base,
    {
      schema: {
        ...id('list'),
        summary: `${resource.label}: search, filter, sort, page`,
        querystring: listQueryOf(resource),
        response: { 200: Envelope(ListPayload(Item)), ...errors },
      },
    },
    async (request) => ok(await adapter.list(request.query as AdminListQuery)),
  );
  const columns = resource.exportCsv;
  if (columns && !adapter.listAllInBatches) throw new Error(`${resource.name}: a CSV export (exportCsv) needs the adapter's listAllInBatches.`);
  if (columns)
    api.get(
      `${base}/export.csv`,
      {
        schema: {
          ...id('export'),
          summary: `${resource.label} as CSV, with the list's filters, search and sort: every matching row, streamed`,
          querystring: listQueryOf(resource),
          response: {
            200: { description: 'A CSV file (UTF-8, comma-separated, CRLF)', content: { 'text/csv': { schema: Type.String() } } },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        // Every row, streamed a batch at a time (the next batch is read once the response has taken the one before:
        // the server's memory stays flat whatever the size). How many rows is not known before the end, so there is
        // no count header. The first batch is read before anything is sent, so a failure there is still the
        // contract's error answer (a 500, or the adapter's 4xx).
        const batches = adapter.listAllInBatches!(request.query as AdminListQuery)[Symbol.asyncIterator]();
        const first = await batches.next();
        const csv = csvStream({
          columns,
          batches,
          first,
          // After the status and headers are sent, a database error cannot become a 500 any more. The stream fails, so
          // Fastify destroys the response (no final chunk): the admin's download ends as failed and truncated, never
          // as a complete-looking file short of rows. Logged here with how far it got.
          onError: (err, rows) => request.log.error({ err, resource: resource.name, rows }, 'CSV export failed after its start: the download was cut short'),
        });
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${resource.name}-${day}.csv"`)
            .header('cache-control', 'private, no-store')
            // The schema says the body is text (OpenAPI); Fastify pipes the stream as the client takes it.
            .send(csv as unknown as string)
        );
      },
    );
  if (offers(resource, 'create'))
    api.post(
      base,
      { schema: { ...id('create'), summary: `Create a ${resource.singular}`, body: resource.body, response: { 200: Envelope(Item), ...errors } } },
      async (request) => {
        const actor = actorOf(request);
        const item = await adapter.create(request.body as Record<string, unknown>, actor);
        await audit(actor, 'create', item._id, null, item);
        return ok(item);
      },
    );
  api.get(
    `${base}/:id`,
    { schema: { ...id('get'), summary: `One ${resource.singular}`, params: IdParams, response: { 200: Envelope(Item), ...errors } } },
    async (request) => ok(await adapter.get(request.params.id)),
  );
  if (offers(resource, 'update'))
    api.patch(
      `${base}/:id`,
      {
        schema: {
          ...id('update'),
          summary: `Change a ${resource.singular}`,
          params: IdParams,
          body: Type.Partial(resource.body),
          response: { 200: Envelope(Item), ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const before = await adapter.get(request.params.id);
        const after = await adapter.update(request.params.id, request.body as Record<string, unknown>, actor);
        await audit(actor, 'update', after._id, before, after);
        return ok(after);
      },
    );
  if (offers(resource, 'delete'))
    api.delete(
      `${base}/:id`,
      {
        schema: {
          ...id('delete'),
          summary: `Delete a ${resource.singular}`,
          params: IdParams,
          response: { 200: Envelope(Type.Object({ _id: Type.String() })), ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const before = await adapter.get(request.params.id);
        await adapter.remove(request.params.id, actor);
        await audit(actor, 'delete', before._id, before, null);
        return ok({ _id: before._id });
      },
    );
  for (const action of resource.actions ?? []) {
    api.post(
      `${base}/:id/${action.name}`,
      {
        schema: {
          ...id(action.name.replace(/-/g, '_')),
          summary: `${action.label} (one ${resource.singular})`,
          params: IdParams,
          body: action.body ?? Type.Object({}, { additionalProperties: false }),
          response: { 200: Envelope(Item), ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const before = await adapter.get(request.params.id);
        const after = await adapter.actions![action.name]!(request.params.id, (request.body ?? {}) as Record<string, unknown>, actor);
        await audit(actor, action.name, after._id, before, after);
        return ok(after);
      },
    );
  }
  if (resource.bulk?.length)
    api.post(
      `${base}/bulk`,
      {
        schema: {
          ...id('bulk'),
          summary: `Publish, unpublish or delete many ${resource.label.toLowerCase()}`,
          body: BulkBody,
          response: {
            200: Envelope(Type.Object({ done: Type.Array(Type.String()), failed: Type.Array(Type.Object({ _id: Type.String(), message: Type.String() })) })),
            ...errors,
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { action, ids } = request.body;
        if (!resource.bulk?.includes(action)) throw badRequest(`${resource.label} cannot be changed with '${action}' in bulk.`);
        const done: string[] = [];
        const failed: { _id: string; message: string }[] = [];
        for (const target of [...new Set(ids)]) {
          try {
            const before = await adapter.get(target);
            if (action === 'delete') await adapter.remove(target, actor);
            const after = action === 'delete' ? null : await adapter.bulk![action]!(target, actor);
            await audit(actor, action, target, before, after);
            done.push(target);
          } catch (err) {
            failed.push({ _id: target, message: err instanceof Error ? err.message : 'Failed.' });
          }
        }
        return ok({ done, failed });
      },
    );
}
