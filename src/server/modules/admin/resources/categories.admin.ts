import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/client.ts';
import { categories } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../errors.ts';
import { slugify } from '../../../lib/slug.ts';
import type { CategoryGroup } from '../../../../shared/contracts/categories.ts';
import { deleteCategory, findCategory, insertCategory, searchCategories, updateCategory } from '../../categories/categories.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';

interface CategoryBody {
  name: string;
  group: CategoryGroup;
  slug?: string;
  description?: string;
  ordering?: number;
}

const taken = (err: unknown, slug: string) => {
  if (uniqueViolation(err) !== null) return conflict(`The address '${slug}' is taken by another category. Choose another.`, 'CONFLICT');
  return err;
};

/** Categories in the back office: the same table and repository as the public list. */
export function categoriesAdmin(db: Db): AdminAdapter<CategoryBody> {
  const get = async (id: string) => {
    const found = await findCategory(db, id);
    if (!found) throw notFound('No such category.');
    return found;
  };
  return {
    async list(query) {
      const order = query.sortBy === 'name' ? [asc(categories.name)] : query.sortBy === 'newest' ? [desc(categories.createdAt)] : undefined;
      return searchCategories(db, { ...query, group: query.group as CategoryGroup | undefined }, order);
    },
    get,
    async create(body) {
      const slug = body.slug || slugify(body.name);
      try {
        return await insertCategory(db, { name: body.name.trim(), group: body.group, slug, description: body.description ?? '', ordering: body.ordering ?? 0 });
      } catch (err) {
        throw taken(err, slug);
      }
    },
    async update(id, patch) {
      await get(id);
      const change = {
        ...patch,
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.slug === '' ? { slug: slugify(patch.name ?? (await get(id)).name) } : {}),
      };
      try {
        return (await updateCategory(db, id, change))!;
      } catch (err) {
        throw taken(err, change.slug ?? '');
      }
    },
    async remove(id) {
      await get(id);
      await db.transaction((tx) => deleteCategory(tx, id));
    },
  };
}
