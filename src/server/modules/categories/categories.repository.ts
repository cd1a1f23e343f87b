import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories, galleries, posts, products, stories, videos } from '../../db/schema.ts';
import type { Category, CategorySearchQuery } from '../../../shared/contracts/categories.ts';

export type NewCategory = typeof categories.$inferInsert;

export const toCategory = (c: typeof categories.$inferSelect): Category => ({
  _id: c.id,
  group: c.group,
  name: c.name,
  slug: c.slug,
  description: c.description,
  ordering: c.ordering,
});

/** Categories in their ordering (then by name) or another `order`, filtered by group and a name/description search. */
export async function searchCategories(db: Tx, query: CategorySearchQuery, order?: SQL[]): Promise<{ data: Category[]; total: number }> {
  const filters: SQL[] = [];
  if (query.group) filters.push(eq(categories.group, query.group));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(or(ilike(categories.name, like), ilike(categories.description, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  order ??= [query.sort === 'desc' ? desc(categories.ordering) : asc(categories.ordering), asc(categories.name)];
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

export async function findCategory(db: Tx, id: string): Promise<Category | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ? toCategory(row) : null;
}

export async function insertCategory(db: Tx, row: NewCategory): Promise<Category> {
  const [created] = await db.insert(categories).values(row).returning();
  return toCategory(created!);
}

export async function updateCategory(db: Tx, id: string, change: Partial<NewCategory>): Promise<Category | null> {
  const [row] = await db.update(categories).set(change).where(eq(categories.id, id)).returning();
  return row ? toCategory(row) : null;
}

/** Deletes a category and takes it off every item that had it (items keep their other categories). */
export async function deleteCategory(db: Tx, id: string): Promise<void> {
  for (const table of [videos, galleries, stories, posts, products]) {
    await db
      .update(table)
      .set({ categoryIds: sql`array_remove(${table.categoryIds}, ${id}::uuid)` })
      .where(sql`${id}::uuid = any(${table.categoryIds})`);
  }
  await db.delete(categories).where(eq(categories.id, id));
}
