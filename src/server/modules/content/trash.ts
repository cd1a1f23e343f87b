import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { containing, uniqueViolation, type Db, type Tx } from '../../db/client.ts';
import { listTotalOf, type ListTotal } from '../../db/lists.ts';
import { banners, comments, entitlements, galleries, hiddenTargets, IN_TRASH, orders, photos, posts, products, stories, videos } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { ItemKind } from '../catalogue/kinds.ts';

/**
 * The back office's trash (issue 35, part 3). Deleting a content item puts it here: status `deleted` (off the site and
 * the back office's lists, as before), its address freed for a new item (`<slug>-deleted-<hex>`), and what a restore
 * gives back kept beside it (`deleted_slug`, `deleted_status`, `deleted_at`). From the trash an item is restored (its
 * address again, or a free variant of it when a new item took it meanwhile; its status as it was) or purged: for good
 * when nothing of a member's points at it, otherwise kept as a tombstone (`purged_at`: out of the trash, never
 * restorable, whole for its buyers' orders, downloads and entitlements). The purge job takes what has been in the
 * trash longer than TRASH_DAYS (trash-jobs.ts).
 */

type Column = PgColumn;
/** The columns the trash reads and writes, by their names in the schema. */
interface TrashColumns {
  id: Column;
  /** The item's address (null: banners have none). */
  slug: Column | null;
  status: Column;
  /** What names the item in the trash list and its search. */
  title: Column;
  updatedAt: Column | null;
  deletedAt: Column;
  deletedSlug: Column;
  deletedStatus: Column;
  purgedAt: Column;
}

/** A table with a trash: its back-office resource, the kind members' records use for its rows (null: none do). */
export interface TrashTable {
  resource: string;
  kind: ItemKind | null;
  table: PgTable;
  c: TrashColumns;
}

const columnsOf = (t: typeof videos | typeof galleries | typeof stories | typeof posts | typeof products, title: Column): TrashColumns => ({
  id: t.id,
  slug: t.slug,
  status: t.status,
  title,
  updatedAt: t.updatedAt,
  deletedAt: t.deletedAt,
  deletedSlug: t.deletedSlug,
  deletedStatus: t.deletedStatus,
  purgedAt: t.purgedAt,
});

/** Every table with a trash, by its resource. Categories have none: deleting one moves its children up (decisions.md). */
export const TRASH_TABLES: Record<string, TrashTable> = {
  videos: { resource: 'videos', kind: 'video', table: videos, c: columnsOf(videos, videos.title) },
  galleries: { resource: 'galleries', kind: 'gallery', table: galleries, c: columnsOf(galleries, galleries.title) },
  stories: { resource: 'stories', kind: 'story', table: stories, c: columnsOf(stories, stories.title) },
  posts: { resource: 'posts', kind: 'post', table: posts, c: columnsOf(posts, posts.title) },
  products: { resource: 'products', kind: 'product', table: products, c: columnsOf(products, products.name) },
  banners: {
    resource: 'banners',
    kind: null,
    table: banners,
    c: {
      id: banners.id,
      slug: null,
      status: banners.status,
      title: banners.title,
      updatedAt: null,
      deletedAt: banners.deletedAt,
      deletedSlug: banners.deletedSlug,
      deletedStatus: banners.deletedStatus,
      purgedAt: banners.purgedAt,
    },
  },
};

/** The trash's rows: the literal predicate of their partial index (db/schema.ts IN_TRASH), never a parameter. */
const inTrash = () => sql.raw(IN_TRASH);

type EntitlementKind = (typeof entitlements.$inferSelect)['itemType'];

export type TrashedRow = Record<string, unknown> & { id: string; deletedAt: Date };

/** A table as the queries below write to it: its columns are named by the schema's keys (`deletedAt` …). */
const loose = (t: TrashTable) => t.table as PgTable & { $inferInsert: Record<string, unknown> };

/** The address an item had before it went to the trash (a row withdrawn before the trash existed kept only its renamed one). */
export const addressBefore = (row: Record<string, unknown>): string | null =>
  typeof row.deletedSlug === 'string' ? row.deletedSlug : typeof row.slug === 'string' ? row.slug.replace(/-deleted-[0-9a-f]{8}$/, '') : null;

/**
 * A free address for an item: `base` when nothing else has it, else `base-2`, `base-3` … (then a random suffix).
 * `taken` says whether another row holds an address.
 */
export async function freeAddress(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 76)}-${n}`;
    if (!(await taken(slug))) return slug;
  }
  return `${base.slice(0, 70)}-${randomBytes(3).toString('hex')}`;
}

/** Whether another row of the table than `exceptId` has the address. */
const addressTaken = (db: Tx, t: TrashTable, exceptId: string) => async (slug: string) =>
  (
    await db
      .select({ id: t.c.id })
      .from(t.table)
      .where(and(eq(t.c.slug!, slug), ne(t.c.id, exceptId)))
      .limit(1)
  ).length > 0;

/**
 * Moves an item to the trash: `deleted`, with the address and status it had kept for a restore, and its address
 * freed. False when it is not there to move (no such item, or already deleted).
 */
export async function moveToTrash(db: Tx, t: TrashTable, id: string): Promise<boolean> {
  const values: Record<string, unknown> = {
    status: 'deleted',
    deletedAt: new Date(),
    // The row's values before this update (SQL reads the old row on the right-hand side).
    deletedStatus: sql`${t.c.status}`,
    purgedAt: null,
  };
  if (t.c.slug) {
    values.deletedSlug = sql`${t.c.slug}`;
    values.slug = sql`left(${t.c.slug}, 60) || ${`-deleted-${randomBytes(4).toString('hex')}`}`;
  }
  if (t.c.updatedAt) values.updatedAt = new Date();
  const moved = await db
    .update(loose(t))
    .set(values)
    .where(and(eq(t.c.id, id), ne(t.c.status, 'deleted')))
    .returning({ id: t.c.id });
  return moved.length > 0;
}

/** A page of the trash, newest deleted first (`q`: words of the title), with the list's total. */
export async function listTrash(db: Tx, t: TrashTable, query: { q?: string; offset?: number; limit?: number }): Promise<{ rows: TrashedRow[] } & ListTotal> {
  const where = and(inTrash(), query.q?.trim() ? sql`${t.c.title} ilike ${containing(query.q.trim())}` : undefined);
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 25 };
  const rows = (await db.select().from(t.table).where(where).orderBy(desc(t.c.deletedAt), desc(t.c.id)).limit(page.limit).offset(page.offset)) as TrashedRow[];
  return { rows, ...(await listTotalOf(db, t.table, where, { ...page, rows: rows.length })) };
}

/** An item in the trash, or null. */
export async function findInTrash(db: Tx, t: TrashTable, id: string): Promise<TrashedRow | null> {
  const [row] = await db
    .select()
    .from(t.table)
    .where(and(eq(t.c.id, id), inTrash()))
    .limit(1);
  return (row as TrashedRow | undefined) ?? null;
}

/** The back office's reads of one table's trash: a page of it, and one item in it (a 404 when it is not there), each as `toItem` shows it. */
export function trashReads<Item>(db: Tx, t: TrashTable, what: string, toItem: (row: TrashedRow) => Item) {
  return {
    async list(query: { q?: string; offset?: number; limit?: number }) {
      const { rows, ...total } = await listTrash(db, t, query);
      return { data: rows.map(toItem), ...total };
    },
    async get(id: string): Promise<Item> {
      const row = await findInTrash(db, t, id);
      if (!row) throw notFound(`No such ${what} in the trash.`);
      return toItem(row);
    },
  };
}

/** What a restore did: the row as it is now, and the address it asked for when it got another one. */
export interface Restored {
  row: Record<string, unknown> & { id: string };
  /** The address it had, taken meanwhile by another item (it came back at `row.slug`); null when it got it back. */
  addressTaken: string | null;
}

/**
 * Brings an item back from the trash: its address (or the first free variant of it) and the status it had, or
 * `status(row)` when the caller decides otherwise (e.g. a draft when it could not be public now). A 404 when it is not
 * in the trash; an address taken between the look and the write is tried again, then a 409, never a 500.
 */
export async function restoreFromTrash(db: Tx, t: TrashTable, id: string, status: (row: TrashedRow) => 'active' | 'inactive'): Promise<Restored> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findInTrash(db, t, id);
    if (!row) throw notFound('It is not in the trash: restored or deleted for good meanwhile.');
    const values: Record<string, unknown> = { status: status(row), deletedAt: null, deletedSlug: null, deletedStatus: null };
    const asked = addressBefore(row);
    if (t.c.slug && asked) values.slug = await freeAddress(asked, addressTaken(db, t, id));
    if (t.c.updatedAt) values.updatedAt = new Date();
    try {
      // A savepoint: an address taken between the look and the write fails this attempt, not the caller's transaction.
      const [back] = await (db as Db).transaction((attempt) =>
        attempt
          .update(loose(t))
          .set(values)
          .where(and(eq(t.c.id, id), inTrash()))
          .returning(),
      );
      if (!back) throw notFound('It is not in the trash: restored or deleted for good meanwhile.');
      return { row: back as Restored['row'], addressTaken: t.c.slug && asked && values.slug !== asked ? asked : null };
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
    }
  }
  throw conflict('Its address was taken while it was being restored. Try again.');
}

/**
 * Whether members' records point at an item: a purchase or grant of it (ended or not), or an order of it. Such an
 * item is never erased: its buyers' orders, downloads and entitlements read it.
 */
async function pointedAt(db: Tx, kind: ItemKind, id: string): Promise<boolean> {
  const held = await db
    .select({ one: sql`1` })
    .from(entitlements)
    .where(and(eq(entitlements.itemType, kind as EntitlementKind), eq(entitlements.itemId, id)))
    .limit(1);
  if (held.length || kind !== 'product') return held.length > 0;
  return (
    (
      await db
        .select({ one: sql`1` })
        .from(orders)
        .where(eq(orders.productId, id))
        .limit(1)
    ).length > 0
  );
}

/**
 * What lives only on an item, removed with it: its photos (a gallery's), the comments on it and their replies, and its
 * moderation entry. Reports about it stay (the moderation history says "It is gone"); reactions and view counts keep
 * their rows, as they did for withdrawn items (a member's lists leave out what is no longer in the catalogue).
 */
async function removeDependents(db: Tx, kind: ItemKind, id: string): Promise<void> {
  if (kind === 'gallery' || kind === 'video') await db.delete(photos).where(and(eq(photos.target, kind), eq(photos.targetId, id)));
  const threads = await db
    .delete(comments)
    .where(and(eq(comments.objectType, kind), eq(comments.objectId, id)))
    .returning({ id: comments.id });
  const ids = threads.map((c) => c.id);
  if (ids.length) {
    await db.delete(comments).where(and(eq(comments.objectType, 'comment'), inArray(comments.objectId, ids)));
    await db.delete(hiddenTargets).where(and(eq(hiddenTargets.targetType, 'comment'), inArray(hiddenTargets.targetId, ids)));
  }
  await db.delete(hiddenTargets).where(and(eq(hiddenTargets.targetType, kind), eq(hiddenTargets.targetId, id)));
}

/** How a purge ended: erased, or kept as a tombstone for the members whose records point at it. */
export type Purged = 'deleted' | 'kept';

/**
 * Purges an item from the trash, in the caller's transaction (with its audit entry): erased with what lives only on it,
 * or, when members' records point at it, kept whole as a tombstone (`purged_at`: out of the trash, never restorable).
 * A 404 when it is not in the trash.
 */
export async function purgeFromTrash(tx: Tx, t: TrashTable, id: string): Promise<Purged> {
  const [row] = await tx
    .select({ id: t.c.id })
    .from(t.table)
    .where(and(eq(t.c.id, id), inTrash()))
    .for('update');
  if (!row) throw notFound('It is not in the trash: restored or deleted for good meanwhile.');
  if (t.kind && (await pointedAt(tx, t.kind, id))) {
    await tx.update(loose(t)).set({ purgedAt: new Date() }).where(eq(t.c.id, id));
    return 'kept';
  }
  if (t.kind) await removeDependents(tx, t.kind, id);
  await tx.delete(t.table).where(eq(t.c.id, id));
  return 'deleted';
}

/** Items of a table in the trash since before `before`, oldest first, at most `limit` (the purge job's batch). */
export async function expiredInTrash(db: Tx, t: TrashTable, before: Date, limit: number) {
  return db
    .select({ id: t.c.id, title: t.c.title, slug: t.c.deletedSlug, deletedAt: t.c.deletedAt })
    .from(t.table)
    .where(and(inTrash(), lt(t.c.deletedAt, before)))
    .orderBy(t.c.deletedAt, t.c.id)
    .limit(limit) as Promise<{ id: string; title: string; slug: string | null; deletedAt: Date }[]>;
}
