import { and, asc, desc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { containing, paged, prepared, rowsOf, type Tx } from '../../db/client.ts';
import { listTotalOf } from '../../db/lists.ts';
import { categories, galleries, posts, products, stories, videos } from '../../db/schema.ts';
import type { Category, CategoryGroup, CategorySearchQuery } from '../../../shared/contracts/categories.ts';

export type NewCategory = typeof categories.$inferInsert;

export const toCategory = (c: typeof categories.$inferSelect): Category => ({
  _id: c.id,
  group: c.group,
  name: c.name,
  slug: c.slug,
  description: c.description,
  ordering: c.ordering,
  parentId: c.parentId,
});

/**
 * Categories in their ordering (then by name) or another `order`, filtered by group and a name/description search,
 * with their total (db/lists.ts); the page is prepared per shape unless `order` is given.
 */
export async function searchCategories(db: Tx, query: CategorySearchQuery, order?: SQL[]): Promise<{ data: Category[]; total: number }> {
  const values = { group: query.group, like: query.q ? containing(query.q) : undefined, limit: query.limit ?? 12, offset: query.offset ?? 0 };
  /** The filters, on the values themselves or on placeholders of the same names (a prepared statement's). */
  const where = (v: { group?: CategoryGroup | Placeholder; like?: string | Placeholder }) => {
    const filters: SQL[] = [];
    if (v.group) filters.push(eq(categories.group, v.group));
    if (v.like) filters.push(or(ilike(categories.name, v.like), ilike(categories.description, v.like))!);
    return filters.length ? and(...filters) : undefined;
  };
  const build = (on: Tx) => {
    const rows = on
      .select()
      .from(categories)
      .where(where({ group: query.group && sql.placeholder('group'), like: query.q ? sql.placeholder('like') : undefined }))
      .orderBy(...(order ?? [query.sort === 'desc' ? desc(categories.ordering) : asc(categories.ordering), asc(categories.name)]));
    return paged(rows.$dynamic(), values.offset);
  };
  const shape = `categories:${values.offset ? 'paged' : 'first'}:${query.group ? 'group' : ''}:${query.q ? 'q' : ''}:${query.sort === 'desc' ? 'desc' : 'asc'}`;
  const rows = order ? await build(db).execute(values) : await prepared(db, shape, build).execute(values);
  const { total } = await listTotalOf(db, categories, where(values), { offset: values.offset, limit: values.limit, rows: rows.length });
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

/** The ids of a category and of every category under it, at any depth (a recursive query: the tree has no depth limit). */
export async function subtreeIds(db: Tx, id: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with recursive tree(id) as (select ${id}::uuid union select c.id from categories c join tree on c.parent_id = tree.id) select id from tree`,
  );
  return rows.map((r) => r.id);
}

/** A category and the categories above it, nearest first (its place in the tree; a move must not make a loop). */
export async function lineage(db: Tx, id: string): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`with recursive up(id, name, parent_id, depth) as (select id, name, parent_id, 0 from categories where id = ${id}::uuid
        union all select c.id, c.name, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 20)
        select id, name from up order by depth`,
  );
}

/**
 * Deletes a category and takes it off every item that had it (items keep their other categories); the categories
 * under it move up to its own parent.
 */
export async function deleteCategory(db: Tx, id: string): Promise<void> {
  const [gone] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id)).limit(1);
  await db
    .update(categories)
    .set({ parentId: gone?.parentId ?? null })
    .where(eq(categories.parentId, id));
  for (const table of [videos, galleries, stories, posts, products]) {
    await db
      .update(table)
      .set({ categoryIds: sql`array_remove(${table.categoryIds}, ${id}::uuid)` })
      .where(sql`${id}::uuid = any(${table.categoryIds})`);
  }
  await db.delete(categories).where(eq(categories.id, id));
}

/** A category in the tree: its names from the top (`path`) and how deep it is. */
export type CategoryInTree = Category & { path: string[]; depth: number };

/**
 * The categories in tree order (within a group: each parent followed by the categories under it, siblings by their
 * ordering then name), filtered by group and a name search, one page of them.
 */
export async function categoryTree(db: Tx, query: CategorySearchQuery): Promise<{ data: CategoryInTree[]; total: number }> {
  const filters: SQL[] = [];
  if (query.group) filters.push(sql`t."group" = ${query.group}`);
  if (query.q) {
    const like = containing(query.q);
    filters.push(sql`(t.name ilike ${like} or t.description ilike ${like})`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  // A sibling's place: its ordering (shifted to be positive, zero-padded so text sorts like numbers), then its name.
  const key = sql`lpad((c.ordering + 100000)::text, 6, '0') || c.name`;
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: string;
      group: CategoryGroup;
      name: string;
      slug: string;
      description: string;
      ordering: number;
      parent_id: string | null;
      path: string[];
      depth: number;
    }>(
      db,
      sql`with recursive t as (
          select c.*, array[${key}] as sort_path, array[c.name] as path, 0 as depth from categories c where c.parent_id is null
          union all
          select c.*, t.sort_path || (${key}), t.path || c.name, t.depth + 1 from categories c join t on c.parent_id = t.id where t.depth < 20
        )
        select t.id, t."group", t.name, t.slug, t.description, t.ordering, t.parent_id, t.path, t.depth
        from t ${where} order by t."group", t.sort_path limit ${query.limit ?? 12} offset ${query.offset ?? 0}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from categories t ${where}`),
  ]);
  return {
    data: rows.map((r) => ({
      _id: r.id,
      group: r.group,
      name: r.name,
      slug: r.slug,
      description: r.description,
      ordering: r.ordering,
      parentId: r.parent_id,
      path: r.path,
      depth: r.depth,
    })),
    total: count?.total ?? 0,
  };
}
