import { desc, asc } from 'drizzle-orm';
import { uniqueViolation, type Tx } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { CategoryGroup } from '../../../shared/contracts/categories.ts';
import { GROUPS } from '../../../shared/admin/resources/categories.ts';
import type { AdminItem, AdminListQuery } from '../../../shared/admin/resource.ts';
import {
  categoryTree,
  lineage,
  deleteCategory,
  findCategory,
  insertCategory,
  searchCategories,
  updateCategory,
  type CategoryInTree,
} from './categories.repository.ts';
import { auditedWrite, type WriteDeps, type Writer } from '../content/content-writes.ts';

export interface CategoryBody {
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

/**
 * Categories, written by their module: the same table and repository as the public list, kept a tree (no loops, one
 * group). Each write is one transaction with its audit entry, and tells the site once committed.
 */
export function categoryWrites(deps: WriteDeps) {
  const { db } = deps;
  const audited = <T>(by: Writer, action: string, run: Parameters<typeof auditedWrite<T>>[4]) => auditedWrite(deps, 'categories', by, action, run);
  const get = async (id: string, tx: Tx = db) => {
    const found = await findCategory(tx, id);
    if (!found) throw notFound('No such category.');
    return found;
  };
  /** The parent a body asks for ('' or none: the top), checked against the category's group and its own subtree. */
  const parentOf = async (tx: Tx, parentId: string | undefined, group: CategoryGroup, self: string | null): Promise<string | null> => {
    if (!parentId) return null;
    const parent = await findCategory(tx, parentId);
    const problem = !parent
      ? 'No such category.'
      : parent.group !== group
        ? `Choose a category shown with ${GROUPS[group].toLowerCase()}.`
        : self && (await lineage(tx, parent._id)).some((c) => c.id === self)
          ? 'A category cannot be under itself or one of its own.'
          : null;
    if (problem) throw invalid({ parentId: problem });
    return parent!._id;
  };
  return {
    async list(query: AdminListQuery) {
      if (!query.sortBy || query.sortBy === 'tree') {
        const { data, total } = await categoryTree(db, { ...query, group: query.group as CategoryGroup | undefined });
        return { data: data.map(inTree), total };
      }
      const order = query.sortBy === 'name' ? [asc(categories.name)] : [desc(categories.createdAt)];
      return searchCategories(db, { ...query, group: query.group as CategoryGroup | undefined }, order);
    },
    get: (id: string): Promise<AdminItem> => get(id),
    create: (body: CategoryBody, by: Writer): Promise<AdminItem> =>
      audited(by, 'create', async (tx) => {
        const slug = body.slug || slugify(body.name);
        const parentId = await parentOf(tx, body.parentId, body.group, null);
        const row = { name: body.name.trim(), group: body.group, slug, parentId, description: body.description ?? '', ordering: body.ordering ?? 0 };
        const created = await insertCategory(tx, row).catch((err: unknown) => Promise.reject(taken(err, slug)));
        return { id: created._id, before: null, after: created, answer: created };
      }),
    update: (id: string, patch: Partial<CategoryBody>, by: Writer, action = 'update'): Promise<AdminItem> =>
      audited(by, action, async (tx) => {
        const current = await get(id, tx);
        const group = patch.group ?? current.group;
        const parentId = patch.parentId !== undefined ? await parentOf(tx, patch.parentId, group, id) : current.parentId;
        if (patch.parentId === undefined && patch.group && patch.group !== current.group && current.parentId)
          throw invalid({ parentId: 'Choose where it goes in its new group (or leave it at the top).' });
        const change = {
          ...patch,
          parentId,
          ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
          ...(patch.slug === '' ? { slug: slugify(patch.name ?? current.name) } : {}),
        };
        const after = (await updateCategory(tx, id, change).catch((err: unknown) => Promise.reject(taken(err, change.slug ?? ''))))!;
        return { id, before: current, after, answer: after };
      }),
    /** Its children move up to its parent; items are only untagged. */
    remove: (id: string, by: Writer): Promise<void> =>
      audited(by, 'delete', async (tx) => {
        const before = await get(id, tx);
        await deleteCategory(tx, id);
        return { id, before, after: null, answer: undefined };
      }),
  };
}
