import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { appMeta } from './schema.ts';

const KEY = 'app:secret';

/**
 * The secret behind signed media links: APP_SECRET when set, otherwise one generated on first start and kept in the
 * database, so that every process on the same database signs alike and links survive restarts.
 */
export async function resolveAppSecret(db: Tx, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  return row!.value;
}
