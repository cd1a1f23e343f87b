import { and, asc, count, countDistinct, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containing, rowsOf, type Tx } from '../../db/client.ts';
import { comments, hiddenTargets, users, violationReports } from '../../db/schema.ts';
import type { StoredImage } from '../../lib/media-types.ts';
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

/** Hides a target; false when it was hidden already. */
export async function hideTarget(tx: Tx, row: typeof hiddenTargets.$inferInsert): Promise<boolean> {
  const done = await tx.insert(hiddenTargets).values(row).onConflictDoNothing().returning({ id: hiddenTargets.targetId });
  return done.length > 0;
}

/** Shows a hidden target again; false when it was not hidden. */
export async function unhideTarget(tx: Tx, targetType: ReportTarget, targetId: string): Promise<boolean> {
  const done = await tx
    .delete(hiddenTargets)
    .where(and(eq(hiddenTargets.targetType, targetType), eq(hiddenTargets.targetId, targetId)))
    .returning({ id: hiddenTargets.targetId });
  return done.length > 0;
}

export async function findHidden(db: Tx, targetType: ReportTarget, targetId: string): Promise<HiddenRow | null> {
  const [row] = await db
    .select()
    .from(hiddenTargets)
    .where(and(eq(hiddenTargets.targetType, targetType), eq(hiddenTargets.targetId, targetId)));
  return row ?? null;
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
export async function searchReports(db: Tx, query: ReportSearch): Promise<{ rows: ReportWithReporter[]; total: number }> {
  const status = query.status ?? 'queue';
  const pattern = query.q ? containing(query.q.slice(0, 100)) : null;
  const filters: (SQL | undefined)[] = [
    status === 'queue' ? inArray(violationReports.status, PENDING) : status === 'all' ? undefined : eq(violationReports.status, status),
    query.targetType ? eq(violationReports.targetType, query.targetType) : undefined,
    query.type ? eq(violationReports.type, query.type) : undefined,
    query.userId ? eq(violationReports.userId, query.userId) : undefined,
    query.aboutUserId
      ? sql`${violationReports.targetType} = 'comment' and exists(select 1 from comments c where c.id = ${violationReports.targetId} and c.user_id = ${query.aboutUserId})`
      : undefined,
    pattern ? or(ilike(violationReports.description, pattern), ilike(violationReports.type, pattern)) : undefined,
  ];
  const where = and(...filters);
  const order =
    query.sortBy === 'newest' ? [desc(violationReports.createdAt), desc(violationReports.id)] : [asc(violationReports.createdAt), asc(violationReports.id)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(withReporter)
      .from(violationReports)
      .leftJoin(reporter, eq(reporter.id, violationReports.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit ?? 20)
      .offset(query.offset ?? 0),
    db.select({ total: count() }).from(violationReports).where(where),
  ]);
  return { rows: flat(rows), total };
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

/** Marks every pending report on a target as actioned (what was done answers them all). */
export async function actionPendingOnTarget(tx: Tx, targetType: ReportTarget, targetId: string): Promise<number> {
  const done = await tx
    .update(violationReports)
    .set({ status: 'actioned', updatedAt: new Date() })
    .where(and(eq(violationReports.targetType, targetType), eq(violationReports.targetId, targetId), inArray(violationReports.status, PENDING)))
    .returning({ id: violationReports.id });
  return done.length;
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

export async function findReportedItem(db: Tx, kind: Exclude<ReportTarget, 'comment'>, id: string): Promise<ReportedItemRow | null> {
  const t = ITEM_SQL[kind];
  const [row] = await rowsOf<ReportedItemRow>(
    db,
    sql`select ${sql.identifier(t.title)} as title, slug, status, ${sql.raw(t.picture.includes('->') ? t.picture : `"${t.picture}"`)} as picture from ${sql.identifier(t.table)} where id = ${id}`,
  );
  return row ?? null;
}

/** A reported comment with its author. */
export async function findReportedComment(db: Tx, id: string) {
  const [row] = await db
    .select({ comment: comments, author: { id: users.id, username: users.username, name: users.name, status: users.status } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id));
  return row ?? null;
}
