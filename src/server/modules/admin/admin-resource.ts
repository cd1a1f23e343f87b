import { Type, type TObject, type TString } from 'typebox';
import { errorBodies, ListPayload, ListQuery, UuidParams } from '../../../shared/contracts/common.ts';
import { listQueryOf, offers, type AdminItem, type AdminListQuery, type AdminResource, type BulkAction } from '../../../shared/admin/resource.ts';
import { adminResourceOps, type BulkBody, type BulkResult, type TrashBulkBody } from '../../../shared/operations/admin.ts';
import type { OpInput } from '../../../shared/operations/operation.ts';
import type { UserRow } from '../users/users.repository.ts';
import { badRequest, invalid } from '../../errors.ts';
import type { App } from '../../types.ts';
import type { Operation, OperationContext, OperationSpec } from '../../operations/define.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { csvStream } from '../../lib/http/csv-stream.ts';

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
  /** A change; `action` is its name in the audit log when it is not `update` (a bulk `price`). */
  update(id: string, patch: Partial<Body>, actor: Actor, action?: string): Promise<AdminItem>;
  remove(id: string, actor: Actor): Promise<void>;
  /** Bulk verbs other than delete: publish, unpublish. */
  bulk?: Partial<Record<'publish' | 'unpublish', (id: string, actor: Actor) => Promise<AdminItem>>>;
  /** The resource's named verbs (its description's `actions`), each given the item's id and the verb's body. */
  actions?: Record<string, (id: string, body: Record<string, unknown>, actor: Actor) => Promise<AdminItem>>;
  /** Verbs whose service writes their audit entry itself, in the change's own transaction (grants): not logged again. */
  selfAudited?: string[];
  /**
   * The resource's writes (create, change, delete, publish, unpublish, restore, purge) are its module's: each audits
   * itself in its own transaction and tells the site after it committed (content modules: content-writes.ts). Not
   * logged or announced again here; its named verbs still are, unless `selfAudited`.
   */
  ownWrites?: true;
  /** The resource's trash (its description's `trash`): where `remove` puts an item (trash.ts). */
  trash?: TrashAdapter;
}

/** What a resource's trash offers: its items, one of them, restoring one as it was, deleting one for good. */
export interface TrashAdapter {
  /** Newest deleted first; each item as it would come back, with its `deletedAt`. */
  list(query: AdminListQuery): Promise<{ data: AdminItem[]; total: number; totalCapped?: true }>;
  /** An item in the trash, or a 404. */
  get(id: string): Promise<AdminItem>;
  restore(id: string, actor: Actor): Promise<{ item: AdminItem; notice: string | null }>;
  /** Erased, or `kept` out of sight as a tombstone for the members whose records point at it. */
  purge(id: string, actor: Actor): Promise<{ kept: boolean }>;
}

/** What every back-office call documents besides its answer. */
const ERRORS = [400, 401, 403, 404, 409, 422] as const;
const Item = Type.Object({ _id: Type.String() }, { additionalProperties: true });
const bulkBodyOf = (id: TString) =>
  Type.Object(
    {
      action: Type.Union(['publish', 'unpublish', 'delete', 'price', 'category'].map((a) => Type.Literal(a))),
      ids: Type.Array(id, { minItems: 1, maxItems: 200 }),
      value: Type.Optional(
        Type.Union([
          Type.Integer({ minimum: 0, maximum: 1_000_000, description: '`price`: tokens (0: free)' }),
          Type.String({ format: 'uuid', description: '`category`: its id' }),
        ]),
      ),
    },
    { additionalProperties: false },
  );

const TrashBulkSchema = Type.Object(
  {
    action: Type.Union([Type.Literal('restore'), Type.Literal('purge')], { description: "`restore` (a delete's Undo) or `purge` (delete for good)" }),
    ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
const Notices = Type.Array(Type.Object({ _id: Type.String(), message: Type.String() }));
const DAY = 24 * 3600_000;

/**
 * A bulk verb on each item once, in turn: those it did, and each it could not with why (one refusal never stops the
 * others).
 */
async function eachOf(ids: string[], run: (id: string) => Promise<void>): Promise<BulkResult> {
  const done: string[] = [];
  const failed: BulkResult['failed'] = [];
  for (const id of new Set(ids)) {
    try {
      await run(id);
      done.push(id);
    } catch (err) {
      failed.push({ _id: id, message: err instanceof Error ? err.message : 'Failed.' });
    }
  }
  return { done, failed };
}

/**
 * The change `price` and `category` make to each item, as its own form would send it (through the adapter's `update`,
 * which checks it as it checks a form: a category of another group is refused there, per item); a 400 at `value`
 * when it does not fit the verb.
 */
function bulkPatch(action: 'price' | 'category', value: number | string | undefined): Record<string, unknown> {
  if (action === 'price') {
    if (typeof value !== 'number') throw invalid({ value: 'Price: give a whole number of tokens, 0 or more (0 makes them free).' });
    return { isSale: value > 0, price: value };
  }
  if (typeof value !== 'string') throw invalid({ value: 'Category: choose one.' });
  return { categoryIds: [value] };
}

/**
 * The one REST convention of the back office, for one resource: list, create, read, patch, delete, named verbs and bulk
 * verbs, as operations (an API route each, and a page's in-process call) at the addresses of shared/operations/admin.ts.
 * Admins only. Every write is recorded in the audit log with the item before and after, and empties the pages' caches
 * (here and, through Redis, in every process) before its answer leaves.
 */
export function adminResourceOperations(api: App, resource: AdminResource, adapter: AdminAdapter): Operation[] {
  const ops = adminResourceOps(resource.name);
  const audit = (actor: Actor, action: string, targetId: string | null, before: AdminItem | null, after: AdminItem | null) =>
    insertAudit(api.database.db, { actorId: actor.user.id, actorName: actor.user.username, resource: resource.name, targetId, action, before, after });
  const actorOf = (ctx: OperationContext): Actor => ({ user: ctx.auth!.user });
  const announce = <T>(answer: T): T => {
    api.siteChanges.publish('content');
    return answer;
  };
  // A write of the resource's own (ownWrites) was logged and announced by its module already.
  const logged: typeof audit = adapter.ownWrites ? async () => {} : audit;
  const changed = adapter.ownWrites ? <T>(answer: T): T => answer : announce;
  // An item's `{id}`: a UUID unless the resource says otherwise; a malformed one is a 400 before the adapter runs.
  const IdParams = resource.id ? Type.Object({ id: resource.id }) : UuidParams;
  const spec = (verb: string, summary: string, rest: Omit<OperationSpec<OpInput, unknown>, 'operationId' | 'summary' | 'tags' | 'access' | 'errors'>) => ({
    operationId: `admin_${resource.name.replace(/-/g, '_')}_${verb}`,
    summary,
    tags: ['admin'],
    access: 'admin' as const,
    errors: ERRORS,
    ...rest,
  });
  const list: Operation[] = [
    {
      op: ops.list,
      spec: spec('list', `${resource.label}: search, filter, sort, page`, {
        query: listQueryOf(resource),
        response: ListPayload(Item),
        run: ({ query }) => adapter.list(query as AdminListQuery),
      }),
    },
  ];
  if (offers(resource, 'create'))
    list.push({
      op: ops.create,
      spec: spec('create', `Create a ${resource.singular}`, {
        body: resource.body,
        response: Item,
        run: async ({ body }, ctx) => {
          const actor = actorOf(ctx);
          const item = await adapter.create(body as Record<string, unknown>, actor);
          await logged(actor, 'create', item._id, null, item);
          return changed(item);
        },
      }),
    });
  list.push({
    op: ops.get,
    spec: spec('get', `One ${resource.singular}`, { params: IdParams, response: Item, run: ({ params }) => adapter.get(params!.id!) }),
  });
  if (offers(resource, 'update'))
    list.push({
      op: ops.update,
      spec: spec('update', `Change a ${resource.singular}`, {
        params: IdParams,
        body: Type.Partial(resource.body),
        response: Item,
        run: async ({ params, body }, ctx) => {
          const actor = actorOf(ctx);
          const before = adapter.ownWrites ? null : await adapter.get(params!.id!);
          const after = await adapter.update(params!.id!, body as Record<string, unknown>, actor);
          await logged(actor, 'update', after._id, before, after);
          return changed(after);
        },
      }),
    });
  if (offers(resource, 'delete'))
    list.push({
      op: ops.remove,
      spec: spec('delete', `Delete a ${resource.singular}`, {
        params: IdParams,
        response: Type.Object({ _id: Type.String() }),
        run: async ({ params }, ctx) => {
          const actor = actorOf(ctx);
          const before = adapter.ownWrites ? null : await adapter.get(params!.id!);
          await adapter.remove(params!.id!, actor);
          await logged(actor, 'delete', params!.id!, before, null);
          return changed({ _id: params!.id! });
        },
      }),
    });
  for (const action of resource.actions ?? [])
    list.push({
      op: ops.act(action.name),
      spec: spec(action.name.replace(/-/g, '_'), `${action.label} (one ${resource.singular})`, {
        params: IdParams,
        body: action.body ?? Type.Object({}, { additionalProperties: false }),
        response: Item,
        run: async ({ params, body }, ctx) => {
          const actor = actorOf(ctx);
          const before = await adapter.get(params!.id!);
          const after = await adapter.actions![action.name]!(params!.id!, (body ?? {}) as Record<string, unknown>, actor);
          if (!adapter.selfAudited?.includes(action.name)) await audit(actor, action.name, after._id, before, after);
          return announce(after);
        },
      }),
    });
  if (resource.bulk?.length)
    list.push({
      op: ops.bulk,
      spec: spec('bulk', `Publish, unpublish, delete, price or categorise many ${resource.label.toLowerCase()}`, {
        body: bulkBodyOf(resource.id ?? UuidParams.properties.id),
        response: Type.Object({ done: Type.Array(Type.String()), failed: Type.Array(Type.Object({ _id: Type.String(), message: Type.String() })) }),
        run: async ({ body }, ctx) => {
          const actor = actorOf(ctx);
          const { action, ids, value } = body as BulkBody;
          if (!resource.bulk?.includes(action)) throw badRequest(`${resource.label} cannot be changed with '${action}' in bulk.`);
          const patch = action === 'price' || action === 'category' ? bulkPatch(action, value) : null;
          const result = await eachOf(ids, async (target) => {
            const before = adapter.ownWrites ? null : await adapter.get(target);
            if (action === 'delete') await adapter.remove(target, actor);
            const after =
              action === 'delete'
                ? null
                : patch
                  ? await adapter.update(target, patch, actor, action)
                  : await adapter.bulk![action as Exclude<BulkAction, 'delete' | 'price' | 'category'>]!(target, actor);
            await logged(actor, action, target, before, after);
          });
          return changed(result);
        },
      }),
    });
  if (resource.trash && adapter.trash)
    list.push(...trashOperations(api, resource, adapter.trash, { spec, audit: logged, actorOf, changed, IdParams, own: adapter.ownWrites === true }));
  return list;
}

/**
 * A resource's trash (trash.ts), in the same convention: its list (each item with the time the purge job takes it,
 * `purgeAt`, null when TRASH_DAYS is 0), restore one, delete one for good, and both verbs on many (a delete's Undo is
 * `restore` of the ids it deleted). Audited as `restore` and `purge`; a restore empties the pages' caches.
 */
function trashOperations(
  api: App,
  resource: AdminResource,
  trash: TrashAdapter,
  h: {
    spec: (
      verb: string,
      summary: string,
      rest: Omit<OperationSpec<OpInput, unknown>, 'operationId' | 'summary' | 'tags' | 'access' | 'errors'>,
    ) => OperationSpec<OpInput, unknown>;
    audit: (actor: Actor, action: string, targetId: string | null, before: AdminItem | null, after: AdminItem | null) => Promise<void>;
    actorOf: (ctx: OperationContext) => Actor;
    changed: <T>(answer: T) => T;
    IdParams: TObject;
    /** The trash's writes audit and announce themselves (`ownWrites`). */
    own: boolean;
  },
): Operation[] {
  const ops = adminResourceOps(resource.name);
  const days = api.config.trashDays;
  const purgeAt = (item: AdminItem) => ({
    ...item,
    purgeAt: days && typeof item.deletedAt === 'string' ? new Date(Date.parse(item.deletedAt) + days * DAY).toISOString() : null,
  });
  const restore = async (id: string, actor: Actor) => {
    const before = h.own ? null : await trash.get(id);
    const result = await trash.restore(id, actor);
    await h.audit(actor, 'restore', id, before, result.item);
    return result;
  };
  const purge = async (id: string, actor: Actor) => {
    const before = h.own ? null : await trash.get(id);
    const { kept } = await trash.purge(id, actor);
    await h.audit(actor, 'purge', id, before, kept ? { _id: id, keptForBuyers: true } : null);
    return { _id: id, kept };
  };
  const things = resource.label.toLowerCase();
  return [
    {
      op: ops.trash,
      spec: h.spec('trash_list', `${resource.label} in the trash, newest deleted first`, {
        query: ListQuery,
        response: ListPayload(Item),
        run: async ({ query }) => {
          const page = await trash.list(query as AdminListQuery);
          return { ...page, data: page.data.map(purgeAt) };
        },
      }),
    },
    {
      op: ops.restore,
      spec: h.spec('restore', `Restore a ${resource.singular} from the trash, as it was (its address, or a free variant of it)`, {
        params: h.IdParams,
        response: Type.Object({ item: Item, notice: Type.Union([Type.String(), Type.Null()]) }),
        run: async ({ params }, ctx) => h.changed(await restore(params!.id!, h.actorOf(ctx))),
      }),
    },
    {
      op: ops.purge,
      spec: h.spec('purge', `Delete a ${resource.singular} of the trash for good (kept out of sight when members bought or hold it)`, {
        params: h.IdParams,
        response: Type.Object({ _id: Type.String(), kept: Type.Boolean() }),
        run: ({ params }, ctx) => purge(params!.id!, h.actorOf(ctx)),
      }),
    },
    {
      op: ops.trashBulk,
      spec: h.spec('trash_bulk', `Restore (a delete's Undo) or delete for good many ${things} of the trash`, {
        body: TrashBulkSchema,
        response: Type.Object({ done: Type.Array(Type.String()), failed: Notices, notices: Notices }),
        run: async ({ body }, ctx) => {
          const actor = h.actorOf(ctx);
          const { action, ids } = body as TrashBulkBody;
          const notices: { _id: string; message: string }[] = [];
          const { done, failed } = await eachOf(ids, async (id) => {
            if (action === 'purge') await purge(id, actor);
            else {
              const { notice } = await restore(id, actor);
              if (notice) notices.push({ _id: id, message: notice });
            }
          });
          return action === 'restore' && done.length ? h.changed({ done, failed, notices }) : { done, failed, notices };
        },
      }),
    },
  ];
}

/**
 * A resource's list as a CSV file (`exportCsv` columns), with the list's filters, search and sort: a route, as a
 * download streamed to the reply is not an operation's JSON. Registered in the back office's scope (admins only).
 */
export function registerAdminExport(api: App, resource: AdminResource, adapter: AdminAdapter) {
  const columns = resource.exportCsv;
  if (!columns) return;
  if (!adapter.listAllInBatches) throw new Error(`${resource.name}: a CSV export (exportCsv) needs the adapter's listAllInBatches.`);
  api.get(
    adminResourceOps(resource.name).exportCsv,
    {
      schema: {
        operationId: `admin_${resource.name.replace(/-/g, '_')}_export`,
        tags: ['admin'],
        summary: `${resource.label} as CSV, with the list's filters, search and sort: every matching row, streamed`,
        querystring: listQueryOf(resource),
        response: {
          200: { description: 'A CSV file (UTF-8, comma-separated, CRLF)', content: { 'text/csv': { schema: Type.String() } } },
          ...errorBodies(ERRORS),
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
}
