import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { containing, uniqueViolation } from '../../db/client.ts';
import { aheadOf, listTotalOf } from '../../db/lists.ts';
import { categories, NOT_DELETED } from '../../db/schema.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { AdminItem, AdminListQuery } from '../../../shared/admin/resource.ts';
import type { PublicationState } from '../../../shared/admin/resources/content.ts';
import type { CategoryGroup } from '../../../shared/contracts/categories.ts';
import { iso } from '../../lib/text/dates.ts';
import { isUuid, releasedWhere, textQuery } from '../catalogue/query.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { addressBefore, findInTrash, freeAddress, moveToTrash, purgeFromTrash, restoreFromTrash, trashReads, TRASH_TABLES } from './trash.ts';

/**
 * How a content table says when an item goes public: stories and posts by their `publishedAt` (always set; the
 * site dates them by it), videos, galleries and products by a scheduled release (null: at once; videos also say
 * `isSchedule`). The public lists read the same columns (catalogue/query.ts `releasedWhere`), so "scheduled" means
 * the same thing here and there.
 */
export type Release = { kind: 'published'; at: PgColumn } | { kind: 'scheduled'; at: PgColumn; flag?: PgColumn };

export interface ContentColumns {
  id: PgColumn;
  slug: PgColumn;
  status: PgColumn;
  /** The column that names the item (title, or a product's name). */
  title: PgColumn;
  createdAt: PgColumn;
  updatedAt?: PgColumn;
  search?: PgColumn;
  categoryIds?: PgColumn;
  tags?: PgColumn;
  release: Release;
}

export type Row = Record<string, unknown> & { id: string; slug: string; status: string };
type Values = Record<string, unknown>;

/** What every content body may say besides its own fields. */
export interface ContentBody {
  slug?: string;
  categoryIds?: string[];
  tags?: string;
  status?: 'active' | 'inactive';
  publishAt?: string | null;
}

/** Who makes a change, as the audit log names them: an admin (their id and username), or the operator CLI (no id). */
export interface Writer {
  id: string | null;
  name: string;
}

/**
 * What a content write tells once it has committed (never before: a rolled-back write announces nothing): the page
 * caches of every process, and the publishing job of an item scheduled for later (app.ts). The CLI tells the running
 * servers through Redis.
 */
export interface ContentChanges {
  saved(resource: string, item: AdminItem | null): Promise<void>;
}

/** What a content module's writes are given: the database, and whom to tell after a write committed. */
export interface WriteDeps {
  db: Db;
  changes: ContentChanges;
}

export interface ContentOptions<B extends ContentBody> {
  /** The items' back-office resource (`posts`): the audit log's and the trash's name for them. */
  resource: string;
  /** How messages name one item: 'post', 'video'. */
  what: string;
  table: PgTable;
  columns: ContentColumns;
  /** The body's field that names the item (and makes its address). */
  titleField: string;
  /** The categories' group, when the items have categories. */
  group?: CategoryGroup;
  /** The list's own filters (a post's kind, a banner's position). */
  filters?: (query: AdminListQuery) => (SQL | undefined)[];
  /** The row as the back office shows it (publication, categories and tags are added). */
  toItem: (row: Row) => AdminItem;
  /** The table's own columns from a body (`before` is null on create; read with `tx`); problems are added by field name. */
  values: (body: Partial<B>, before: Row | null, problems: Record<string, string>, tx: Tx) => Promise<Values> | Values;
  /** Why the item cannot go public yet (a gallery without photos), by field; null when it can. */
  unpublishable?: (row: Row) => Record<string, string> | null;
}

const timeOf = (value: unknown): Date | null => (value instanceof Date ? value : null);

/** The state of a row: draft, scheduled (published, its time still to come) or published. */
export function stateOf(row: Row, release: Release, now = Date.now()): PublicationState {
  if (row.status !== 'active') return 'draft';
  const at = timeOf(release.kind === 'published' ? row.publishedAt : row.scheduledAt);
  if (release.kind === 'scheduled' && release.flag && row.isSchedule === false) return 'published';
  return at && at.getTime() > now ? 'scheduled' : 'published';
}

/** The publication time the back office shows: `publishedAt`, or the scheduled release (null: none). */
export function publishAtOf(row: Row, release: Release): string | null {
  if (release.kind === 'published') return iso(timeOf(row.publishedAt));
  if (release.flag && row.isSchedule === false) return null;
  return iso(timeOf(row.scheduledAt));
}

/** The columns that set a publication time (null: at once). */
function releaseValues(release: Release, at: Date | null): Values {
  if (release.kind === 'published') return { publishedAt: at ?? new Date() };
  return { scheduledAt: at, ...(release.flag ? { isSchedule: at !== null } : {}) };
}

/** WHERE of one state. */
function stateWhere(c: ContentColumns, state: PublicationState): SQL | undefined {
  const released =
    c.release.kind === 'published'
      ? releasedWhere({ publishedAt: c.release.at })
      : releasedWhere({ scheduledAt: c.release.at, ...(c.release.flag ? { isSchedule: c.release.flag } : {}) });
  if (state === 'draft') return eq(c.status, 'inactive');
  return and(eq(c.status, 'active'), state === 'published' ? released : not(released!));
}

/** Comma-separated tags as the table keeps them: trimmed, lower-case, no repeats, at most 20. */
export const tagsOf = (text: string): string[] =>
  [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim().toLowerCase().slice(0, 40))
        .filter(Boolean),
    ),
  ].slice(0, 20);

/** `isSale` and `price` of a priced item (video, gallery, story): an item for sale needs a price above 0. */
export function pricingValues(body: { isSale?: boolean; price?: number }, before: Row | null, problems: Record<string, string>): Values {
  const values: Values = {};
  if (body.isSale !== undefined) values.isSale = body.isSale;
  if (body.price !== undefined) values.price = body.price;
  const isSale = body.isSale ?? (before?.isSale as boolean | undefined) ?? false;
  const price = body.price ?? (before?.price as number | undefined) ?? 0;
  if (isSale && price < 1) problems.price = 'Price (tokens): give a price of 1 or more for an item for sale.';
  return values;
}

/** Categories must exist and be of the item's group. */
export async function checkCategories(db: Tx, ids: string[], group: CategoryGroup): Promise<string | null> {
  if (!ids.length) return null;
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.group, group)));
  return found.length === new Set(ids).size ? null : `Categories: choose from the existing ${group} categories.`;
}

/** A 409 that names the field too, so a form shows it there. */
const slugTaken = (slug: string) => {
  const message = `Address: '${slug}' is taken by another item. Choose another.`;
  return new AppError(409, 'CONFLICT', message, {}, { slug: message });
};

/** What a write gives back, and what its audit entry says: the item before and after (null: none). */
export interface Change<T> {
  id: string;
  before: AdminItem | null;
  after: AdminItem | null;
  answer: T;
}

/**
 * One write of a resource: its change and its audit entry (who, what, the item before and after) in one transaction;
 * once committed, the site is told (`ContentChanges`). A refused or failed write logs nothing and tells nobody.
 */
export async function auditedWrite<T>(deps: WriteDeps, resource: string, by: Writer, action: string, run: (tx: Tx) => Promise<Change<T>>): Promise<T> {
  const done = await deps.db.transaction(async (tx) => {
    const change = await run(tx);
    await insertAudit(tx, { actorId: by.id, actorName: by.name, resource, targetId: change.id, action, before: change.before, after: change.after });
    return change;
  });
  await deps.changes.saved(resource, done.after);
  return done.answer;
}

/**
 * A content module's writes (its `*.writes.ts`): list (search, state, the resource's filters, sort), create, read,
 * change, publish and unpublish, and delete — which puts the item in the resource's trash (trash.ts: status
 * `deleted`, its address freed), from where it is restored as it was or deleted for good; entitlements, orders,
 * downloads and the ledger keep what they point at throughout. Every write is one transaction with its audit entry
 * (the item before and after, and who), and tells the site after it committed (`ContentChanges`): the back office,
 * the CLI and the jobs change content the one way.
 */
export function contentWrites<B extends ContentBody>(deps: WriteDeps, o: ContentOptions<B>) {
  const { db } = deps;
  const { table, columns: c } = o;
  const bin = Object.values(TRASH_TABLES).find((t) => t.table === table);
  if (!bin) throw new Error(`${o.what}: a content table needs its trash (trash.ts TRASH_TABLES).`);

  /** The item (not in the trash), or a 404; `lock` holds its row until the transaction ends. */
  const find = async (id: string, tx: Tx = db, lock = false): Promise<Row> => {
    const query = tx
      .select()
      .from(table)
      .where(and(eq(c.id, id), ne(c.status, 'deleted')))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`No such ${o.what}.`);
    return row as Row;
  };
  const item = (row: Row): AdminItem => ({
    ...o.toItem(row),
    ...(c.categoryIds ? { categoryIds: row.categoryIds } : {}),
    ...(c.tags ? { tags: (row.tags as string[]).join(', ') } : {}),
    status: row.status,
    publishAt: publishAtOf(row, c.release),
    state: stateOf(row, c.release),
    createdAt: iso(timeOf(row.createdAt)),
    ...(c.updatedAt ? { updatedAt: iso(timeOf(row.updatedAt)) } : {}),
  });
  /** An item of the trash: as it will come back (its address and status before the delete), and when it went. */
  const trashItem = (row: Row): AdminItem => {
    const status = (row.deletedStatus as string | null) ?? 'inactive';
    return { ...item({ ...row, status, slug: addressBefore(row) ?? row.slug }), deletedAt: iso(timeOf(row.deletedAt)) };
  };

  const audited = <T>(by: Writer, action: string, run: (tx: Tx) => Promise<Change<T>>) => auditedWrite(deps, o.resource, by, action, run);

  /** A free address: the one asked for, or one made from the title (with a number added while it is taken). */
  async function slugFor(tx: Tx, asked: string | undefined, title: string, exceptId: string | null): Promise<string> {
    const taken = async (slug: string) =>
      (
        await tx
          .select({ id: c.id })
          .from(table)
          .where(and(eq(c.slug, slug), exceptId ? ne(c.id, exceptId) : undefined))
          .limit(1)
      ).length > 0;
    if (asked) {
      if (await taken(asked)) throw slugTaken(asked);
      return asked;
    }
    return freeAddress(slugify(title) || `${o.what}-${randomBytes(3).toString('hex')}`, taken);
  }

  /** The row's columns from a body: the common fields here, the resource's own in `o.values`. */
  async function valuesOf(tx: Tx, body: Partial<B>, before: Row | null): Promise<Values> {
    const problems: Record<string, string> = {};
    const values: Values = { ...(await o.values(body, before, problems, tx)) };
    if (o.group && body.categoryIds !== undefined) {
      const wrong = await checkCategories(tx, body.categoryIds, o.group);
      if (wrong) problems.categoryIds = wrong;
      values.categoryIds = [...new Set(body.categoryIds)];
    }
    if (c.tags && body.tags !== undefined) values.tags = tagsOf(body.tags);
    if (body.status !== undefined) values.status = body.status;
    if (body.publishAt !== undefined || !before) {
      const at = body.publishAt ? new Date(body.publishAt) : null;
      if (at && Number.isNaN(at.getTime())) problems.publishAt = 'Publish at: give a date and time.';
      else Object.assign(values, releaseValues(c.release, at));
    }
    const title = body[o.titleField as keyof B] as string | undefined;
    if (title !== undefined) {
      if (!title.trim()) problems[o.titleField] = `${o.titleField === 'name' ? 'Name' : 'Title'}: fill this in.`;
      values[o.titleField] = title.trim();
    }
    if (Object.keys(problems).length) throw invalid(problems);
    if (!before || body.slug !== undefined)
      values.slug = await slugFor(tx, body.slug || undefined, String(values[o.titleField] ?? before?.[o.titleField] ?? ''), before?.id ?? null);
    return values;
  }

  /** Refuses to make public what cannot be (checked on the row as it would be saved). */
  function checkPublishable(row: Row): void {
    if (row.status !== 'active' || !o.unpublishable) return;
    const problems = o.unpublishable(row);
    if (problems) throw invalid(problems);
  }

  /** The saved row; an address taken by a concurrent save is the form's 409 at the address (the transaction is over). */
  const saved = async (run: () => Promise<unknown[]>, slug: unknown): Promise<Row> => {
    try {
      return (await run())[0] as Row;
    } catch (err) {
      if (uniqueViolation(err) !== null) throw slugTaken(String(slug));
      throw err;
    }
  };

  /** Publish (now: a time still to come is brought forward) or unpublish, audited as `publish` or `unpublish`. */
  const setStatus = (id: string, status: 'active' | 'inactive', by: Writer) =>
    audited(by, status === 'active' ? 'publish' : 'unpublish', async (tx) => {
      const before = await find(id, tx, true);
      const values: Values = { status };
      if (status === 'active' && stateOf({ ...before, status: 'active' }, c.release) === 'scheduled') Object.assign(values, releaseValues(c.release, null));
      checkPublishable({ ...before, ...values });
      if (c.updatedAt) values.updatedAt = new Date();
      const [row] = await tx.update(table).set(values).where(eq(c.id, id)).returning();
      const after = item(row as Row);
      return { id, before: item(before), after, answer: after };
    });

  return {
    find: (id: string) => find(id),
    /** An item's id from its id or its address (the CLI's way to name it), or a 404. */
    async idOf(ref: string): Promise<string> {
      const [row] = await db
        .select({ id: c.id })
        .from(table)
        .where(and(isUuid(ref) ? eq(c.id, ref) : eq(c.slug, ref), ne(c.status, 'deleted')))
        .limit(1);
      if (!row) throw notFound(`No such ${o.what}.`);
      return row.id as string;
    },
    async list(query: AdminListQuery): Promise<{ data: AdminItem[]; total: number }> {
      // The literal predicate of the back office's partial indexes (db/schema.ts NOT_DELETED), not a parameter.
      const filters: (SQL | undefined)[] = [sql.raw(NOT_DELETED), ...(o.filters?.(query) ?? [])];
      const state = query.state as PublicationState | undefined;
      if (state) filters.push(stateWhere(c, state));
      const tsq = c.search ? textQuery(query.q) : null;
      if (tsq) filters.push(sql`${c.search} @@ ${tsq}`);
      else if (query.q?.trim()) filters.push(sql`${c.title} ilike ${containing(query.q.trim())}`);
      const where = and(...filters);
      const order =
        query.sortBy === 'title' ? [asc(c.title), asc(c.id)] : query.sortBy === 'oldest' ? [asc(c.createdAt), asc(c.id)] : [desc(c.createdAt), desc(c.id)];
      const page = { offset: query.offset ?? 0, limit: query.limit ?? 25 };
      const rows = (await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)) as Row[];
      const total = await listTotalOf(db, table, where, { ...page, rows: rows.length, ahead: aheadOf(query.q) });
      return { data: rows.map(item), ...total };
    },
    get: async (id: string): Promise<AdminItem> => item(await find(id)),
    create: (body: B, by: Writer): Promise<AdminItem> =>
      audited(by, 'create', async (tx) => {
        const values = await valuesOf(tx, body, null);
        checkPublishable(values as Row);
        const after = item(await saved(() => tx.insert(table).values(values).returning(), values.slug));
        return { id: after._id, before: null, after, answer: after };
      }),
    /** A change; `action` names it in the audit log (a bulk price is `price`). */
    update: (id: string, patch: Partial<B>, by: Writer, action = 'update'): Promise<AdminItem> =>
      audited(by, action, async (tx) => {
        const before = await find(id, tx, true);
        const values = await valuesOf(tx, patch, before);
        checkPublishable({ ...before, ...values });
        if (c.updatedAt) values.updatedAt = new Date();
        const after = item(await saved(() => tx.update(table).set(values).where(eq(c.id, id)).returning(), values.slug));
        return { id, before: item(before), after, answer: after };
      }),
    /** Into the trash. */
    remove: (id: string, by: Writer): Promise<void> =>
      audited(by, 'delete', async (tx) => {
        const before = item(await find(id, tx, true));
        if (!(await moveToTrash(tx, bin, id))) throw notFound(`No such ${o.what}.`);
        return { id, before, after: null, answer: undefined };
      }),
    publish: (id: string, by: Writer) => setStatus(id, 'active', by),
    unpublish: (id: string, by: Writer) => setStatus(id, 'inactive', by),
    trash: {
      ...trashReads(db, bin, o.what, (row) => trashItem(row as unknown as Row)),
      /** Back as it was; what cannot be public now (it could when it was deleted) comes back as a draft, and says why. */
      restore: (id: string, by: Writer): Promise<{ item: AdminItem; notice: string | null }> =>
        audited(by, 'restore', async (tx) => {
          const inTrash = await findInTrash(tx, bin, id);
          if (!inTrash) throw notFound(`No such ${o.what} in the trash.`);
          let heldBack: Record<string, string> | null = null;
          const { row, addressTaken } = await restoreFromTrash(tx, bin, id, (trashed) => {
            const was = (trashed.deletedStatus as 'active' | 'inactive' | null) ?? 'inactive';
            heldBack = was === 'active' ? (o.unpublishable?.({ ...(trashed as unknown as Row), status: 'active' }) ?? null) : null;
            return heldBack ? 'inactive' : was;
          });
          const why = heldBack as Record<string, string> | null;
          const notices = [
            addressTaken ? `Its address '${addressTaken}' was taken by another ${o.what} meanwhile: it is back at '${String(row.slug)}'.` : null,
            why ? `It is back as a draft: ${Object.values(why).join(' ')}` : null,
          ].filter(Boolean);
          const after = item(row as Row);
          return { id, before: trashItem(inTrash as unknown as Row), after, answer: { item: after, notice: notices.length ? notices.join(' ') : null } };
        }),
      /** For good, or `kept` out of sight as a tombstone for the members whose records point at it. */
      purge: (id: string, by: Writer): Promise<{ kept: boolean }> =>
        audited(by, 'purge', async (tx) => {
          const inTrash = await findInTrash(tx, bin, id);
          if (!inTrash) throw notFound(`No such ${o.what} in the trash.`);
          const kept = (await purgeFromTrash(tx, bin, id)) === 'kept';
          return { id, before: trashItem(inTrash as unknown as Row), after: kept ? { _id: id, keptForBuyers: true } : null, answer: { kept } };
        }),
    },
  };
}

/** A content module's writes, as `contentWrites` makes them. */
export type ContentWrites<B extends ContentBody = ContentBody> = ReturnType<typeof contentWrites<B>>;
