import { useState } from 'react';
import { EVENTS_ROUTE } from '../../shared/routes.ts';
import { removeEvent } from '../../stores/community.ts';
import { navigation } from '../../stores/auth.ts';
import { flashToast, showToast } from '../../stores/toast.ts';

/** Edit and delete, for the event's creator or an admin. */
export default function EventActions({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!confirm('Delete this event?')) return;
    setBusy(true);
    const result = await removeEvent(id);
    setBusy(false);
    if (!result.ok) return showToast(result.message, 'error');
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
