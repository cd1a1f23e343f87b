import { desc, asc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/client.ts';
import { categories } from '../../../db/schema.ts';
import { conflict, invalid, notFound } from '../../../errors.ts';
import { slugify } from '../../../lib/text/slug.ts';
import type { CategoryGroup } from '../../../../shared/contracts/categories.ts';
import { GROUPS } from '../../../../shared/admin/resources/categories.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import {
  categoryTree,
  lineage,
  deleteCategory,
  findCategory,
  insertCategory,
  searchCategories,
  updateCategory,
  type CategoryInTree,
} from '../../categories/categories.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';

interface CategoryBody {
  name: string;
  group: CategoryGroup;
  parentId?: string;
  slug?: string;
  description?: string;
  ordering?: number;
}

const taken = (err: unknown, slug: string) => {
  if (uniqueViolation(err) !== null) return conflict(`The address '${slug}' is taken by another category. Choose another.`, 'CONFLICT');
  return err;
};

/** How the list shows a category of the tree: where it sits (`under`), and its names for the pickers. */
const inTree = (c: CategoryInTree): AdminItem => ({
  ...c,
  under: c.path.slice(0, -1).join(' › '),
  pathName: c.path.join(' › '),
  fullName: [GROUPS[c.group], ...c.path].join(' › '),
});

/** Categories in the back office: the same table and repository as the public list, kept a tree (no loops, one group). */
export function categoriesAdmin(db: Db): AdminAdapter<CategoryBody> {
  const get = async (id: string) => {
    const found = await findCategory(db, id);
    if (!found) throw notFound('No such category.');
    return found;
  };
  /** The parent a body asks for ('' or none: the top), checked against the category's group and its own subtree. */
  const parentOf = async (parentId: string | undefined, group: CategoryGroup, self: string | null): Promise<string | null> => {
    if (!parentId) return null;
    const parent = await findCategory(db, parentId);
    const problem = !parent
      ? 'No such category.'
      : parent.group !== group
        ? `Choose a category shown with ${GROUPS[group].toLowerCase()}.`
        : self && (await lineage(db, parent._id)).some((c) => c.id === self)
          ? 'A category cannot be under itself or one of its own.'
          : null;
    if (problem) throw invalid({ parentId: problem });
    return parent!._id;
  };
  return {
    async list(query) {
      if (!query.sortBy || query.sortBy === 'tree') {
        const { data, total } = await categoryTree(db, { ...query, group: query.group as CategoryGroup | undefined });
        return { data: data.map(inTree), total };
      }
      const order = query.sortBy === 'name' ? [asc(categories.name)] : [desc(categories.createdAt)];
      return searchCategories(db, { ...query, group: query.group as CategoryGroup | undefined }, order);
    },
    get,
    async create(body) {
      const slug = body.slug || slugify(body.name);
      const parentId = await parentOf(body.parentId, body.group, null);
      try {
        const created = await insertCategory(db, {
          name: body.name.trim(),
          group: body.group,
          slug,
          parentId,
          description: body.description ?? '',
          ordering: body.ordering ?? 0,
        });
        return created;
      } catch (err) {
        throw taken(err, slug);
      }
    },
    async update(id, patch) {
      const current = await get(id);
      const group = patch.group ?? current.group;
      const parentId = patch.parentId !== undefined ? await parentOf(patch.parentId, group, id) : current.parentId;
      if (patch.parentId === undefined && patch.group && patch.group !== current.group && current.parentId)
        throw invalid({ parentId: 'Choose where it goes in its new group (or leave it at the top).' });
      const change = {
        ...patch,
        parentId,
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.slug === '' ? { slug: slugify(patch.name ?? current.name) } : {}),
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
