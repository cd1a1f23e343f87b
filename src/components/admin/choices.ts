import type { AdminCalls } from '../../shared/admin/calls.ts';
import { fieldsOf, type AdminResource, type Choice } from '../../shared/admin/resource.ts';
import { adminResource } from '../../shared/admin/resources/index.ts';

/** Most options a `choices` field lists (a resource's items, e.g. one group's categories). */
const MAX_CHOICES = 200;

/** The options of a resource's `choices` fields, by field: the source resource's items, named by its title key. */
export async function choicesOf(resource: AdminResource, admin: AdminCalls): Promise<Record<string, Choice[]>> {
  const fields = fieldsOf(resource.body).filter((f) => f.source);
  const entries = await Promise.all(
    fields.map(async (f) => {
      const { resource: name, query } = f.source!;
      const titleKey = f.source!.label ?? adminResource(name)?.titleKey ?? 'name';
      const items = await admin.list(name, { ...query, limit: MAX_CHOICES }).then(
        (r) => r.data.data,
        () => [],
      );
      return [f.name, items.map((i) => ({ value: i._id, label: String(i[titleKey]) }))] as const;
    }),
  );
  return Object.fromEntries(entries);
}
