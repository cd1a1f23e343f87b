import { useState, type SubmitEvent } from 'react';
import type { Event } from '../../shared/contracts/events.ts';
import { EVENT_END_BEFORE_START } from '../../shared/contracts/events.ts';
import { eventRoute } from '../../shared/routes.ts';
import { saveEvent } from '../../stores/community.ts';
import { navigation } from '../../stores/auth.ts';

/** `YYYY-MM-DDTHH:mm` in UTC for a datetime-local input (the site shows event times in UTC), and back. */
const toInput = (iso?: string) => (iso ? iso.slice(0, 16) : '');
const fromInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : '');

/** Create or edit an event: title, description, location, start and end (UTC), visibility when editing. */
export default function EventForm({ event }: { event?: Event }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '');
    const startAt = fromInput(v('startAt'));
    const endAt = fromInput(v('endAt'));
    if (!v('title').trim()) return setError('Title is required.');
    if (!startAt || !endAt) return setError('Start and end are required.');
    if (endAt <= startAt) return setError(EVENT_END_BEFORE_START);
    setBusy(true);
    setError(null);
    const result = await saveEvent(
      {
        title: v('title'),
        description: v('description'),
        location: v('location'),
        startAt,
        endAt,
        ...(event ? { status: v('status') === 'inactive' ? 'inactive' : 'active' } : {}),
      },
      event?._id,
    );
    setBusy(false);
    if (result.ok) navigation.go(eventRoute(result.data._id));
    else setError(result.message);
  }
  return (
    <form className="panel" onSubmit={submit} noValidate aria-describedby={error ? 'event-error' : undefined}>
      {error && (
        <div className="alert alert-error" id="event-error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="event-title">Title</label>
        <input id="event-title" name="title" defaultValue={event?.title} required maxLength={200} />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="event-start">Starts (UTC)</label>
          <input id="event-start" name="startAt" type="datetime-local" defaultValue={toInput(event?.startAt)} required />
        </div>
        <div className="field">
          <label htmlFor="event-end">Ends (UTC)</label>
          <input id="event-end" name="endAt" type="datetime-local" defaultValue={toInput(event?.endAt)} required />
        </div>
      </div>
      <div className="field">
        <label htmlFor="event-location">Location</label>
        <input id="event-location" name="location" defaultValue={event?.location} maxLength={300} placeholder="A place, or 'Online'" />
      </div>
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea id="event-description" name="description" defaultValue={event?.description} rows={6} maxLength={10000} />
      </div>
      {event && (
        <label className="checkbox">
          <input type="checkbox" name="status" value="inactive" defaultChecked={event.status === 'inactive'} /> Hide this event from the list
        </label>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : event ? 'Save changes' : 'Create event'}
      </button>
    </form>
  );
}
