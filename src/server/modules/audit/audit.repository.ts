import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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

/** The keys of a back-office item that say who a member is (an order's buyer and address, a payment's member, a report's reporter). */
const PERSONAL_KEYS = [
  'title',
  'member',
  'memberEmail',
  'buyer',
  'buyerName',
  'buyerEmail',
  'recipientName',
  'deliveryAddress',
  'postalCode',
  'phoneNumber',
  'userNote',
  'reporter',
];

/**
 * An erased member leaves the audit log's who-did-what-when, not who they were (inside the erasure's transaction): the
 * entries about their record keep only its id, those about their orders, payments and reports lose the keys that named
 * them, and the entries they wrote as an admin name them "Deleted member". Each read by the log's (resource, target)
 * index; the actor's only for an admin (no index: rare).
 */
export async function forgetMemberInAudit(tx: Tx, userId: string, wasAdmin: boolean): Promise<void> {
  const idOnly = (column: SQL) => sql`case when ${column} is null then null else jsonb_build_object('_id', target_id) end`;
  await tx
    .update(auditLog)
    .set({ before: idOnly(sql`before`), after: idOnly(sql`after`) })
    .where(and(eq(auditLog.resource, 'members'), eq(auditLog.targetId, userId)));
  const keys = sql`${`{${PERSONAL_KEYS.join(',')}}`}::text[]`;
  await tx.execute(sql`update audit_log set before = before - ${keys}, after = after - ${keys}
    where (resource = 'orders' and target_id in (select id::text from orders where buyer_id = ${userId}))
       or (resource = 'payments' and target_id in (select id::text from payment_transactions where user_id = ${userId}))
       or (resource = 'reports' and target_id in (select id::text from violation_reports where user_id = ${userId}))`);
  if (wasAdmin) await tx.update(auditLog).set({ actorName: 'Deleted member' }).where(eq(auditLog.actorId, userId));
}
