import type { ContentBody, ContentWrites, Writer } from '../../content/content-writes.ts';
import type { Actor, AdminAdapter } from '../admin-resource.ts';

/** The admin of the request, as a content write names its writer in the audit log. */
const writer = (actor: Actor): Writer => ({ id: actor.user.id, name: actor.user.username });

/**
 * A content module's writes as a back-office resource: the admin is the writer. The writes audit themselves in their
 * own transaction and tell the site after it (`ownWrites`): the resource's convention does neither again.
 */
export function contentResource<B extends ContentBody>(writes: ContentWrites<B>): AdminAdapter<B> {
  return {
    ownWrites: true,
    list: (query) => writes.list(query),
    get: (id) => writes.get(id),
    create: (body, actor) => writes.create(body, writer(actor)),
    update: (id, patch, actor, action) => writes.update(id, patch, writer(actor), action),
    remove: (id, actor) => writes.remove(id, writer(actor)),
    bulk: { publish: (id, actor) => writes.publish(id, writer(actor)), unpublish: (id, actor) => writes.unpublish(id, writer(actor)) },
    trash: {
      list: (query) => writes.trash.list(query),
      get: (id) => writes.trash.get(id),
      restore: (id, actor) => writes.trash.restore(id, writer(actor)),
      purge: (id, actor) => writes.trash.purge(id, writer(actor)),
    },
  };
}
