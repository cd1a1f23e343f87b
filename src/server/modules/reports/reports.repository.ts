import { and, asc, countDistinct, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containing, rowsOf, type Tx } from '../../db/client.ts';
import { aheadOf, listTotalOf, type ListTotal } from '../../db/lists.ts';
import { comments, hiddenTargets, REPORT_QUEUE, users, violationReports } from '../../db/schema.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import { setItemHidden } from '../catalogue/hidden.ts';
import { moveCounterOf } from '../comments/comments.repository.ts';
import type { ReportStatus, ReportTarget } from '../../../shared/contracts/community.ts';

export type ReportRow = typeof violationReports.$inferSelect;
export type HiddenRow = typeof hiddenTargets.$inferSelect;
/** A report with its reporter's username. */
export type ReportWithReporter = ReportRow & { reporter: string | null };

/** Reports not decided yet: they count towards the automatic hiding and a member has one at most per target. */
export const PENDING: ReportStatus[] = ['open', 'reviewing'];

/** Inserts an open report; null when the member already has a pending one on that target (unique partial index). */
export async function insertOpenReport(db: Tx, row: typeof violationReports.$inferInsert): Promise<ReportRow | null> {
  const [created] = await db.insert(violationReports).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/** Serialises the reports on one target until the transaction ends (so two reports cannot both miss the count). */
export async function lockTarget(tx: Tx, targetType: ReportTarget, targetId: string): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`report:${targetType}:${targetId}`}, 0))`);
}

/** How many different members have a pending report on the target. */
export async function pendingReporters(tx: Tx, targetType: ReportTarget, targetId: string): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(violationReports.userId) })
    .from(violationReports)
    .where(and(eq(violationReports.targetType, targetType), eq(violationReports.targetId, targetId), inArray(violationReports.status, PENDING)));
  return row?.n ?? 0;
}

/** Hides a target (an item's own copy of the state too; a comment leaves its thread's count); false when it was hidden already. */
export async function hideTarget(db: Tx, row: typeof hiddenTargets.$inferInsert): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.insert(hiddenTargets).values(row).onConflictDoNothing().returning({ id: hiddenTargets.targetId });
    if (done.length) await followHidden(tx, row.targetType, row.targetId, true);
    return done.length > 0;
  });
}

/** What follows a target's hiding or showing: an item's `hidden` copy, or a comment's place in its thread's count. */
async function followHidden(tx: Tx, targetType: ReportTarget, targetId: string, hidden: boolean): Promise<void> {
  if (targetType === 'comment') await moveCounterOf(tx, targetId, hidden ? -1 : 1);
  else await setItemHidden(tx, targetType, targetId, hidden);
}

/** Shows a hidden target again (a comment counts in its thread again); false when it was not hidden. */
export async function unhideTarget(db: Tx, targetType: ReportTarget, targetId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .delete(hiddenTargets)
      .where(and(eq(hiddenTargets.targetType, targetType), eq(hiddenTargets.targetId, targetId)))
      .returning({ id: hiddenTargets.targetId });
    if (done.length) await followHidden(tx, targetType, targetId, false);
    return done.length > 0;
  });
}

/** A target's key in the maps the batch loaders return: `kind:id`. */
export const targetKey = (targetType: ReportTarget, targetId: string) => `${targetType}:${targetId}`;

/**
 * Which of these targets are hidden, by `targetKey`: one query whatever their number (each pair is a lookup of the
 * primary key).
 */
export async function findHiddenOf(db: Tx, targets: { targetType: ReportTarget; targetId: string }[]): Promise<Map<string, HiddenRow>> {
  if (!targets.length) return new Map();
  const rows = await db
    .select()
    .from(hiddenTargets)
    .where(
      sql`(${hiddenTargets.targetType}, ${hiddenTargets.targetId}) in (select * from unnest(${sql.param(targets.map((t) => t.targetType))}::text[], ${sql.param(targets.map((t) => t.targetId))}::uuid[]))`,
    );
  return new Map(rows.map((r) => [targetKey(r.targetType, r.targetId), r]));
}

const reporter = alias(users, 'reporter');
const withReporter = { report: violationReports, reporter: reporter.username };
const flat = (rows: { report: ReportRow; reporter: string | null }[]): ReportWithReporter[] => rows.map((r) => ({ ...r.report, reporter: r.reporter }));

export interface ReportSearch {
  q?: string;
  /** `queue` (default): open and reviewing; `all`: every status. */
  status?: ReportStatus | 'queue' | 'all';
  targetType?: ReportTarget;
  type?: string;
  userId?: string;
  /** Reports on anything this member wrote (their comments). */
  aboutUserId?: string;
  sortBy?: 'newest' | 'oldest';
  limit?: number;
  offset?: number;
}

/** The moderation queue: filtered, oldest first by default (the one waiting longest comes first). */
export async function searchReports(db: Tx, query: ReportSearch): Promise<{ rows: ReportWithReporter[] } & ListTotal> {
  const status = query.status ?? 'queue';
  const pattern = query.q ? containing(query.q.slice(0, 100)) : null;
  const filters: (SQL | undefined)[] = [
    // The queue as the literal predicate of its partial index (db/schema.ts), not parameters; qualified by its table,
    // as the rows' query joins users, which has a `status` too.
    status === 'queue'
      ? sql`${sql.identifier('violation_reports')}.${sql.raw(REPORT_QUEUE)}`
      : status === 'all'
        ? undefined
        : eq(violationReports.status, status),
    query.targetType ? eq(violationReports.targetType, query.targetType) : undefined,
    query.type ? eq(violationReports.type, query.type) : undefined,
    query.userId ? eq(violationReports.userId, query.userId) : undefined,
    query.aboutUserId
      ? sql`${violationReports.targetType} = 'comment' and exists(select 1 from comments c where c.id = ${violationReports.targetId} and c.user_id = ${query.aboutUserId})`
      : undefined,
    // Its trigram index's expression (db/schema.ts).
    pattern ? sql`(${violationReports.description} || ' ' || ${violationReports.type}) ilike ${pattern}` : undefined,
  ];
  const where = and(...filters);
  const order =
    query.sortBy === 'newest' ? [desc(violationReports.createdAt), desc(violationReports.id)] : [asc(violationReports.createdAt), asc(violationReports.id)];
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 20 };
  const rows = await db
    .select(withReporter)
    .from(violationReports)
    .leftJoin(reporter, eq(reporter.id, violationReports.userId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const total = await listTotalOf(db, violationReports, where, { ...page, rows: rows.length, ahead: aheadOf(query.q) });
  return { rows: flat(rows), ...total };
}

export async function findReport(db: Tx, id: string): Promise<ReportWithReporter | null> {
  const [row] = await db
    .select(withReporter)
    .from(violationReports)
    .leftJoin(reporter, eq(reporter.id, violationReports.userId))
    .where(eq(violationReports.id, id));
  return row ? flat([row])[0]! : null;
}

/** The other reports on the same target, newest first. */
export async function reportsOnTarget(db: Tx, report: ReportRow, limit = 20): Promise<ReportWithReporter[]> {
  const rows = await db
    .select(withReporter)
    .from(violationReports)
    .leftJoin(reporter, eq(reporter.id, violationReports.userId))
    .where(and(eq(violationReports.targetType, report.targetType), eq(violationReports.targetId, report.targetId), ne(violationReports.id, report.id)))
    .orderBy(desc(violationReports.createdAt))
    .limit(limit);
  return flat(rows);
}

/** Moves a report from one of `from` to `to`; null when it is not in one of them (guarded, so two operators cannot both). */
export async function moveReport(tx: Tx, id: string, from: ReportStatus[], to: ReportStatus): Promise<ReportRow | null> {
  const [row] = await tx
    .update(violationReports)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(violationReports.id, id), inArray(violationReports.status, from)))
    .returning();
  return row ?? null;
}

/** Marks every pending report on a target as actioned (what was done answers them all); their reporters, to tell them. */
export async function actionPendingOnTarget(tx: Tx, targetType: ReportTarget, targetId: string): Promise<Reporter[]> {
  const done = await tx
    .update(violationReports)
    .set({ status: 'actioned', updatedAt: new Date() })
    .where(and(eq(violationReports.targetType, targetType), eq(violationReports.targetId, targetId), inArray(violationReports.status, PENDING)))
    .returning({ userId: violationReports.userId });
  return reportersOf(
    tx,
    done.map((r) => r.userId),
  );
}

/** Whom a report outcome is mailed to. */
export interface Reporter {
  name: string;
  email: string;
}
/** The members behind reports (each once; a closed account is not mailed). */
export async function reportersOf(tx: Tx, ids: string[]): Promise<Reporter[]> {
  if (!ids.length) return [];
  return tx
    .selectDistinct({ name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.status, 'active')));
}

/** A reported item as the queue shows it: its name, address, state and picture. */
export interface ReportedItemRow {
  title: string;
  slug: string;
  status: string;
  picture: StoredImage | null;
}

const ITEM_SQL: Record<Exclude<ReportTarget, 'comment'>, { table: string; title: string; picture: string }> = {
  video: { table: 'videos', title: 'title', picture: 'thumbnail' },
  gallery: { table: 'galleries', title: 'title', picture: 'cover' },
  story: { table: 'stories', title: 'title', picture: 'cover' },
  post: { table: 'posts', title: 'title', picture: 'image' },
  product: { table: 'products', title: 'name', picture: 'images->0' },
};

/** The reported items of one kind, by id: one query whatever their number. */
export async function findReportedItems(db: Tx, kind: Exclude<ReportTarget, 'comment'>, ids: string[]): Promise<Map<string, ReportedItemRow>> {
  if (!ids.length) return new Map();
  const t = ITEM_SQL[kind];
  const rows = await rowsOf<ReportedItemRow & { id: string }>(
    db,
    sql`select id, ${sql.identifier(t.title)} as title, slug, status, ${sql.raw(t.picture.includes('->') ? t.picture : `"${t.picture}"`)} as picture from ${sql.identifier(t.table)} where id = any(${sql.param([...new Set(ids)])}::uuid[])`,
  );
  return new Map(rows.map(({ id, ...item }) => [id, item]));
}

/** Comments with their authors (a deleted member: null). */
const commentsWithAuthors = (db: Tx, where: SQL) =>
  db
    .select({ comment: comments, author: { id: users.id, username: users.username, name: users.name, status: users.status } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(where);
export type ReportedComment = Awaited<ReturnType<typeof commentsWithAuthors>>[number];

/** A reported comment with its author. */
export async function findReportedComment(db: Tx, id: string): Promise<ReportedComment | null> {
  const [row] = await commentsWithAuthors(db, eq(comments.id, id));
  return row ?? null;
}

/** Comments with their authors, by id: one query whatever their number. */
export async function findReportedComments(db: Tx, ids: string[]): Promise<Map<string, ReportedComment>> {
  if (!ids.length) return new Map();
  const rows = await commentsWithAuthors(db, sql`${comments.id} = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return new Map(rows.map((r) => [r.comment.id, r]));
}
