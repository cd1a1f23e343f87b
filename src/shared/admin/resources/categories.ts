import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';

export const GROUPS = { video: 'Videos', gallery: 'Galleries', story: 'Stories', product: 'Store', post: 'Posts' } as const;

/** Categories of every content group: a tree (a category may be under another of its group), in their order. */
export const categoriesResource: AdminResource = {
  name: 'categories',
  label: 'Categories',
  singular: 'category',
  titleKey: 'name',
  body: Type.Object(
    {
      name: Type.String({ title: 'Name', minLength: 1, maxLength: 100 }),
      group: Type.Union(
        (Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((g) => Type.Literal(g)),
        { title: 'Shown with', 'x-labels': GROUPS },
      ),
      parentId: Type.Optional(
        Type.String({
          title: 'Under',
          description: 'A category of the same group this one belongs to; its page lists the items of the categories under it too.',
          pattern: '^$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
          'x-kind': 'select',
          'x-source': { resource: 'categories', label: 'fullName' },
        }),
      ),
      slug: Type.Optional(
        Type.String({
          title: 'Address',
          description: 'Lower-case words joined by dashes; made from the name when left empty.',
          maxLength: 80,
          pattern: '^$|^[a-z0-9]+(?:-[a-z0-9]+)*$',
        }),
      ),
      description: Type.Optional(Type.String({ title: 'Description', maxLength: 1000 })),
      ordering: Type.Optional(Type.Integer({ title: 'Order', description: 'Lower comes first.', minimum: -10000, maximum: 10000 })),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'under', label: 'Under' },
    { key: 'group', label: 'Shown with' },
    { key: 'slug', label: 'Address' },
    { key: 'ordering', label: 'Order' },
  ],
  filters: [{ key: 'group', label: 'Shown with', options: Object.entries(GROUPS).map(([value, label]) => ({ value, label })) }],
  sorts: [
    { value: 'tree', label: 'Tree' },
    { value: 'name', label: 'Name' },
    { value: 'newest', label: 'Newest' },
  ],
  bulk: ['delete'],
  publicPath: (item) => `/categories/${String(item.slug)}`,
};
