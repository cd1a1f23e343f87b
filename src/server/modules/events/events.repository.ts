import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { listTotalOf } from '../../db/lists.ts';
import { events, users } from '../../db/schema.ts';

export type EventRow = typeof events.$inferSelect;
export type EventWithCreator = EventRow & { creator: typeof users.$inferSelect | null };

export async function insertEvent(db: Tx, row: typeof events.$inferInsert): Promise<EventRow> {
  const [created] = await db.insert(events).values(row).returning();
  return created!;
}

export async function findEvent(db: Tx, id: string): Promise<EventWithCreator | null> {
  const [row] = await db.select({ event: events, creator: users }).from(events).leftJoin(users, eq(users.id, events.createdBy)).where(eq(events.id, id));
  return row ? { ...row.event, creator: row.creator } : null;
}

export async function updateEvent(db: Tx, id: string, set: Partial<typeof events.$inferInsert>): Promise<EventRow | null> {
  const [row] = await db
    .update(events)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();
  return row ?? null;
}

export async function deleteEvent(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(events).where(eq(events.id, id)).returning({ id: events.id })).length > 0;
}

/**
 * Active events that have not ended, the soonest first; or (`createdBy`) every event of one member, newest first.
 */
export async function listEvents(db: Tx, opts: { createdBy?: string; q?: string; limit: number; offset: number }) {
  const where = (opts.createdBy ? eq(events.createdBy, opts.createdBy) : and(eq(events.status, 'active'), gt(events.endAt, new Date()))) as SQL;
  const order = opts.createdBy ? [desc(events.startAt), desc(events.id)] : [asc(events.startAt), asc(events.id)];
  const rows = await db
    .select({ event: events, creator: users })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)
    .offset(opts.offset);
  const total = await listTotalOf(db, events, where, { ...opts, rows: rows.length });
  return { rows: rows.map((r) => ({ ...r.event, creator: r.creator })) as EventWithCreator[], ...total };
}
