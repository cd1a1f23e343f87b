import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { EVENTS_ROUTE } from '../../shared/routes.ts';
import { navigation } from '../../client/navigation.ts';
import { eventRemovals } from '../../stores/community.ts';
import { flashToast, showToast } from '../../stores/toast.ts';

/** Edit and delete, for the event's creator or an admin. */
export default function EventActions({ id }: { id: string }) {
  const removal = eventRemovals.of(useStore(eventRemovals.$states), id);
  const busy = removal.status === 'loading' || removal.status === 'ok';
  async function remove() {
    if (!confirm('Delete this event?')) return;
    const result = await eventRemovals.run(id);
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    flashToast('Event deleted.', 'success');
    navigation.go(EVENTS_ROUTE);
  }
  return (
    <p className="row">
      <a className="btn btn-ghost" href={`${EVENTS_ROUTE}/${encodeURIComponent(id)}/edit`}>
        Edit
      </a>
      <button type="button" className="btn btn-ghost text-danger" onClick={remove} disabled={busy}>
        Delete
      </button>
    </p>
  );
}
