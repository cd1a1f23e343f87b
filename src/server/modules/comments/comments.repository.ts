import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { comments, users } from '../../db/schema.ts';
import { REACTABLE } from '../reactions/reactions.repository.ts';
import type { CommentObject } from '../../../shared/contracts/comments.ts';
import type { ItemKind } from '../catalogue/kinds.ts';

export type CommentRow = typeof comments.$inferSelect;
export type CommentWithCreator = CommentRow & { creator: typeof users.$inferSelect | null };

/** Whether an active catalogue item of this kind exists. */
export async function itemExists(db: Tx, kind: ItemKind, id: string): Promise<boolean> {
  const t = REACTABLE[kind];
  const [row] = await db
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(t.id, id), eq(t.status, 'active')));
  return Boolean(row);
}

export async function findComment(db: Tx, id: string): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row ?? null;
}

/**
 * Moves the counter of what a comment is on: the item's `stat_comments`, or the parent comment's `total_reply`. The
 * counters count the comments a thread shows (hidden ones left out: moderation moves them too, `moveCounterOf`), so
 * that they are the thread's `total`.
 */
async function bumpCounter(tx: Tx, objectType: CommentObject, objectId: string, by: 1 | -1) {
  if (objectType === 'comment') {
    await tx
      .update(comments)
      .set({ totalReply: sql`greatest(0, ${comments.totalReply} + ${by})` })
      .where(eq(comments.id, objectId));
    return;
  }
  const t = REACTABLE[objectType];
  await rowsOf(tx, sql`update ${t.table} set stat_comments = greatest(0, stat_comments + ${by}) where ${t.id} = ${objectId}`);
}

/** Inserts a comment and moves its counter, in one transaction. */
export async function insertComment(db: Tx, row: typeof comments.$inferInsert): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(comments).values(row).returning();
    await bumpCounter(tx, row.objectType, row.objectId, 1);
    return created!;
  });
}

/** Moves the counter a comment counts in (see bumpCounter): moderation hiding it (-1) or showing it again (+1). */
export async function moveCounterOf(tx: Tx, commentId: string, by: 1 | -1): Promise<void> {
  const comment = await findComment(tx, commentId);
  if (comment) await bumpCounter(tx, comment.objectType, comment.objectId, by);
}

/**
 * Deletes a comment with its replies and moves its counter (unless moderation hid it: it counts no more), in one
 * transaction; null when it was already gone.
 */
export async function deleteComment(db: Tx, id: string): Promise<CommentRow | null> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(comments)
      .where(eq(comments.id, id))
      .returning({
        ...getTableColumns(comments),
        hidden: sql<boolean>`exists(select 1 from hidden_targets h where h.target_type = 'comment' and h.target_id = ${comments.id})`,
      });
    if (!gone) return null;
    await tx.delete(comments).where(and(eq(comments.objectType, 'comment'), eq(comments.objectId, id)));
    const { hidden, ...row } = gone;
    if (!hidden) await bumpCounter(tx, row.objectType, row.objectId, -1);
    return row;
  });
}

export async function updateComment(db: Tx, id: string, set: Partial<Pick<CommentRow, 'content' | 'attachment'>>): Promise<CommentRow | null> {
  const [row] = await db
    .update(comments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(comments.id, id))
    .returning();
  return row ?? null;
}

/** Comments moderation hid (`hidden_targets`) are left out of every thread. */
const notHidden = sql`not exists(select 1 from hidden_targets h where h.target_type = 'comment' and h.target_id = ${comments.id})`;

/** How many comments one object's thread shows: its counter (see bumpCounter), read by its key. */
async function threadTotal(db: Tx, objectType: CommentObject, objectId: string): Promise<number> {
  if (objectType === 'comment') return (await findComment(db, objectId))?.totalReply ?? 0;
  const t = REACTABLE[objectType];
  const [row] = await rowsOf<{ n: number }>(db, sql`select stat_comments as n from ${t.table} where ${t.id} = ${objectId}`);
  return Number(row?.n ?? 0);
}

/**
 * The comments on one object with their authors (hidden ones left out), newest first (or oldest with `sort: 'asc'`),
 * and the thread's total from its counter: a page costs its rows, however long the thread or deep the page.
 */
export async function listComments(db: Tx, objectType: CommentObject, objectId: string, opts: { limit: number; offset: number; sort?: 'asc' | 'desc' }) {
  const where = and(eq(comments.objectType, objectType), eq(comments.objectId, objectId), notHidden) as SQL;
  const order = opts.sort === 'asc' ? [asc(comments.createdAt), asc(comments.id)] : [desc(comments.createdAt), desc(comments.id)];
  // A deeper page finds its ids first: the OFFSET skips index entries, not comments with their authors.
  const ids = db
    .select({ id: sql<string>`${comments.id}`.as('page_id') })
    .from(comments)
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)
    .offset(opts.offset)
    .as('page');
  const page = db.select({ comment: comments, creator: users }).from(comments).$dynamic();
  const [rows, total] = await Promise.all([
    (opts.offset ? page.innerJoin(ids, eq(comments.id, ids.id)) : page.where(where).limit(opts.limit))
      .leftJoin(users, eq(users.id, comments.userId))
      .orderBy(...order),
    threadTotal(db, objectType, objectId),
  ]);
  return { rows: rows.map((r) => ({ ...r.comment, creator: r.creator })) as CommentWithCreator[], total };
}
