import type { Tx } from '../../db/client.ts';
import { violationReports } from '../../db/schema.ts';

export type ReportRow = typeof violationReports.$inferSelect;

/** Inserts an open report; null when the member already has an open one on that target (unique partial index). */
export async function insertOpenReport(db: Tx, row: typeof violationReports.$inferInsert): Promise<ReportRow | null> {
  const [created] = await db.insert(violationReports).values(row).onConflictDoNothing().returning();
  return created ?? null;
}
