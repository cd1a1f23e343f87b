import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { listTotalOf } from '../../db/lists.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAudit = typeof auditLog.$inferInsert;

export async function insertAudit(db: Tx, entry: NewAudit): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The log, newest first, filtered by resource, item, action or actor. */
export async function searchAudit(
  db: Tx,
  query: { resource?: string; targetId?: string; action?: string; actorId?: string; limit?: number; offset?: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.resource) filters.push(eq(auditLog.resource, query.resource));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  const where = filters.length ? and(...filters) : undefined;
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 50 };
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt)).limit(page.limit).offset(page.offset);
  const total = await listTotalOf(db, auditLog, where, { ...page, rows: rows.length });
  return { rows, ...total };
}
