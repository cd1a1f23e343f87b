import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.ts';
import { listTotal, listTotalOf, type ListTotal } from '../../db/lists.ts';
import { reactions } from '../../db/schema.ts';
import type { CatalogueTable, ItemKind } from '../catalogue/kinds.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from '../catalogue/tables.ts';
import type { ReactionAction, ReactionSearchQuery } from '../../../shared/contracts/reactions.ts';

export type ReactionRow = typeof reactions.$inferSelect;

const spec = (t: CatalogueTable<PgTable>, title: string) => ({
  table: t.table,
  id: t.columns.id,
  slug: t.columns.slug,
  status: t.columns.status,
  title: t.columns.fields[title]!,
});
/** The catalogue tables whose items take reactions, with the column their name is in. */
export const REACTABLE: Record<ItemKind, { table: PgTable; id: PgColumn; title: PgColumn; slug: PgColumn; status: PgColumn }> = {
  video: spec(VIDEOS as never, 'title'),
  gallery: spec(GALLERIES as never, 'title'),
  story: spec(STORIES as never, 'title'),
  product: spec(PRODUCTS as never, 'name'),
  post: spec(POSTS as never, 'title'),
};

/** The counter column an action moves (watch_later has none). */
const COUNTER: Partial<Record<ReactionAction, string>> = { like: 'stat_likes', favourite: 'stat_favourites' };

export async function findItemInfo(db: Tx, kind: ItemKind, id: string): Promise<{ title: string; slug: string } | null> {
  const t = REACTABLE[kind];
  const [row] = await db
    .select({ title: t.title, slug: t.slug })
    .from(t.table)
    .where(and(eq(t.id, id), eq(t.status, 'active')));
  return (row as { title: string; slug: string }) ?? null;
}

/**
 * Adds (`on`) or removes a reaction, and moves the item's counter by one only when the reaction row really changed,
 * in one transaction: concurrent likes never lose or double-count. Returns whether it changed and the counters.
 */
export async function setReaction(db: Tx, userId: string, kind: ItemKind, objectId: string, action: ReactionAction, on: boolean) {
  return db.transaction(async (tx) => {
    const changed = on
      ? (await tx.insert(reactions).values({ userId, objectType: kind, objectId, action }).onConflictDoNothing().returning({ id: reactions.id })).length > 0
      : (
          await tx
            .delete(reactions)
            .where(and(eq(reactions.userId, userId), eq(reactions.objectType, kind), eq(reactions.objectId, objectId), eq(reactions.action, action)))
            .returning({ id: reactions.id })
        ).length > 0;
    const t = REACTABLE[kind];
    const counter = COUNTER[action];
    const [counts] =
      changed && counter
        ? await rowsOf<{ likes: number; favourites: number }>(
            tx,
            sql`update ${t.table} set ${sql.raw(`${counter} = greatest(0, ${counter} ${on ? '+' : '-'} 1)`)} where ${t.id} = ${objectId} returning stat_likes as likes, stat_favourites as favourites`,
          )
        : await rowsOf<{ likes: number; favourites: number }>(
            tx,
            sql`select stat_likes as likes, stat_favourites as favourites from ${t.table} where ${t.id} = ${objectId}`,
          );
    return { changed, likes: Number(counts?.likes ?? 0), favourites: Number(counts?.favourites ?? 0) };
  });
}

export async function listReactions(db: Tx, userId: string, query: ReactionSearchQuery): Promise<{ rows: ReactionRow[] } & ListTotal> {
  const where = and(
    eq(reactions.userId, userId),
    query.action ? eq(reactions.action, query.action) : undefined,
    query.objectType ? eq(reactions.objectType, query.objectType) : undefined,
  ) as SQL;
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 12 };
  const dir = query.sort === 'asc' ? asc : desc;
  const rows = await db.select().from(reactions).where(where).orderBy(dir(reactions.createdAt), dir(reactions.id)).limit(page.limit).offset(page.offset);
  const total = await listTotalOf(db, reactions, where, { ...page, rows: rows.length });
  return { rows, ...total };
}

/** Title and slug of the items behind a page of reactions, by kind and id. */
export async function itemInfos(db: Tx, rows: ReactionRow[]): Promise<Map<string, { title: string; slug: string }>> {
  const found = new Map<string, { title: string; slug: string }>();
  const kinds = [...new Set(rows.map((r) => r.objectType))].filter((k): k is ItemKind => k !== 'comment');
  for (const kind of kinds) {
    const t = REACTABLE[kind];
    const ids = rows.filter((r) => r.objectType === kind).map((r) => r.objectId);
    const items = await db.select({ id: t.id, title: t.title, slug: t.slug }).from(t.table).where(inArray(t.id, ids));
    for (const i of items as { id: string; title: string; slug: string }[]) found.set(`${kind}:${i.id}`, { title: i.title, slug: i.slug });
  }
  return found;
}

/** Ids of the items of one kind the member reacted to (with `action`, or any), newest reaction first. */
export async function reactedIds(
  db: Tx,
  userId: string,
  kind: ItemKind,
  action: ReactionAction | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: string[] } & ListTotal> {
  const where = and(eq(reactions.userId, userId), eq(reactions.objectType, kind), action ? eq(reactions.action, action) : undefined) as SQL;
  // One action: one row per item, newest first by the member's index. Any action: an item once, by its latest reaction.
  const rows = action
    ? await db
        .select({ id: reactions.objectId })
        .from(reactions)
        .where(where)
        .orderBy(desc(reactions.createdAt), desc(reactions.id))
        .limit(limit)
        .offset(offset)
    : await db
        .select({ id: reactions.objectId })
        .from(reactions)
        .where(where)
        .groupBy(reactions.objectId)
        .orderBy(sql`max(${reactions.createdAt}) desc`, asc(reactions.objectId))
        .limit(limit)
        .offset(offset);
  const counting = action
    ? db
        .select({ one: sql`1`.as('one') })
        .from(reactions)
        .where(where)
        .$dynamic()
    : db.select({ id: reactions.objectId }).from(reactions).where(where).groupBy(reactions.objectId).$dynamic();
  return { ids: rows.map((r) => r.id), ...(await listTotal(db, counting, { offset, limit, rows: rows.length })) };
}
