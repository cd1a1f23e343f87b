import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mailTemplates } from '../../db/schema.ts';
import type { MailWording } from '../../../shared/mail-kinds.ts';

export type MailTemplateRow = typeof mailTemplates.$inferSelect;

/** The operator's wording of one mail, or null (the default's, switched on). */
export async function findMailTemplate(db: Tx, key: string): Promise<MailTemplateRow | null> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.key, key)).limit(1);
  return row ?? null;
}

/** Every mail the operator changed (a handful of rows: one per kind at most). */
export const listMailTemplates = (db: Tx): Promise<MailTemplateRow[]> => db.select().from(mailTemplates);

export async function saveMailTemplate(db: Tx, key: string, wording: MailWording, enabled: boolean): Promise<MailTemplateRow> {
  const values = { ...wording, enabled, updatedAt: new Date() };
  const [row] = await db
    .insert(mailTemplates)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: mailTemplates.key, set: values })
    .returning();
  return row!;
}

/** Back to the default wording, switched on; the row it had, if any. */
export async function deleteMailTemplate(db: Tx, key: string): Promise<MailTemplateRow | null> {
  const [row] = await db.delete(mailTemplates).where(eq(mailTemplates.key, key)).returning();
  return row ?? null;
}
