import type { AdminItem, AdminListQuery } from '../../../../shared/admin/resource.ts';
import type { Writer } from '../../content/content-writes.ts';
import type { Actor, AdminAdapter, TrashAdapter } from '../admin-resource.ts';

/** The admin of the request, as a module's write names its writer in the audit log. */
const writer = (actor: Actor): Writer => ({ id: actor.user.id, name: actor.user.username });

/** What a module offers the back office to write one of its resources (content-writes.ts makes the content kinds'). */
export interface ModuleWrites<B> {
  list(query: AdminListQuery): Promise<{ data: AdminItem[]; total: number }>;
  get(id: string): Promise<AdminItem>;
  create(body: B, by: Writer): Promise<AdminItem>;
  update(id: string, patch: Partial<B>, by: Writer, action?: string): Promise<AdminItem>;
  remove(id: string, by: Writer): Promise<void>;
  publish?(id: string, by: Writer): Promise<AdminItem>;
  unpublish?(id: string, by: Writer): Promise<AdminItem>;
  trash?: Omit<TrashAdapter, 'restore' | 'purge'> & {
    restore(id: string, by: Writer): ReturnType<TrashAdapter['restore']>;
    purge(id: string, by: Writer): ReturnType<TrashAdapter['purge']>;
  };
}

/**
 * A module's writes as a back-office resource: the admin is the writer. The writes audit themselves in their own
 * transaction and tell the site after it (`ownWrites`): the resource's convention does neither again.
 */
export function moduleResource<B>(writes: ModuleWrites<B>): AdminAdapter<B> {
  const { publish, unpublish, trash } = writes;
  return {
    ownWrites: true,
    list: (query) => writes.list(query),
    get: (id) => writes.get(id),
    create: (body, actor) => writes.create(body as B, writer(actor)),
    update: (id, patch, actor, action) => writes.update(id, patch, writer(actor), action),
    remove: (id, actor) => writes.remove(id, writer(actor)),
    ...(publish && unpublish
      ? { bulk: { publish: (id: string, actor: Actor) => publish(id, writer(actor)), unpublish: (id: string, actor: Actor) => unpublish(id, writer(actor)) } }
      : {}),
    ...(trash
      ? {
          trash: {
            list: (query) => trash.list(query),
            get: (id) => trash.get(id),
            restore: (id, actor) => trash.restore(id, writer(actor)),
            purge: (id, actor) => trash.purge(id, writer(actor)),
          },
        }
      : {}),
  };
}
