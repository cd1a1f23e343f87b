import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { blockedCountries } from '../../db/schema.ts';

export const listBlockedCodes = async (db: Tx): Promise<string[]> => (await db.select().from(blockedCountries)).map((r) => r.code);

export async function insertBlocked(db: Tx, code: string) {
  await db.insert(blockedCountries).values({ code }).onConflictDoNothing();
}

export async function deleteBlocked(db: Tx, code: string): Promise<boolean> {
  return (await db.delete(blockedCountries).where(eq(blockedCountries.code, code)).returning()).length > 0;
}
