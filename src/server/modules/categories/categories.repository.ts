import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import type { Category, CategorySearchQuery } from '../../../shared/contracts/categories.ts';

export type NewCategory = typeof categories.$inferInsert;

const toCategory = (c: typeof categories.$inferSelect): Category => ({
  _id: c.id,
  group: c.group,
  name: c.name,
  slug: c.slug,
  description: c.description,
  ordering: c.ordering,
});

/** Categories in their ordering (then by name), filtered by group and a name/description search. */
export async function searchCategories(db: Tx, query: CategorySearchQuery): Promise<{ data: Category[]; total: number }> {
  const filters: SQL[] = [];
  if (query.group) filters.push(eq(categories.group, query.group));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(or(ilike(categories.name, like), ilike(categories.description, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const order = [query.sort === 'desc' ? desc(categories.ordering) : asc(categories.ordering), asc(categories.name)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(...order)
      .limit(query.limit ?? 12)
      .offset(query.offset ?? 0),
    db.$count(categories, where),
  ]);
  return { data: rows.map(toCategory), total };
}

export async function insertCategories(db: Tx, rows: NewCategory[]): Promise<void> {
  if (rows.length) await db.insert(categories).values(rows).onConflictDoNothing({ target: categories.slug });
}
