import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export type SettingRow = typeof settings.$inferSelect;

export const listSettings = (db: Tx): Promise<SettingRow[]> => db.select().from(settings);

export async function upsertSetting(db: Tx, row: { key: string; value: unknown; group: string; public: boolean }) {
  await db
    .insert(settings)
    .values(row)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, public: sql`excluded.public`, updatedAt: new Date() } });
}

/** Inserts the defaults that are missing; never overwrites an operator's value. */
export async function insertMissingSettings(db: Tx, rows: { key: string; value: unknown; group: string; public: boolean }[]) {
  if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}
