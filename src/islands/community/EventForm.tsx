import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Event } from '../../shared/contracts/events.ts';
import { EVENT_END_BEFORE_START } from '../../shared/contracts/events.ts';
import { eventRoute } from '../../shared/routes.ts';
import { navigation } from '../../client/navigation.ts';
import { $eventSave } from '../../stores/community.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const RULES = [
  { name: 'title', what: 'a title', required: true },
  { name: 'startAt', what: 'when it starts', required: true },
  { name: 'endAt', what: 'when it ends', required: true },
];

/** `YYYY-MM-DDTHH:mm` in UTC for a datetime-local input (the site shows event times in UTC), and back. */
const toInput = (iso?: string) => (iso ? iso.slice(0, 16) : '');
const fromInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : '');

/** Create or edit an event: title, description, location, start and end (UTC), visibility when editing. */
export default function EventForm({ event }: { event?: Event }) {
  const state = useStore($eventSave);
  const busy = state.status === 'loading' || state.status === 'ok';
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const { errorOf, summary } = formErrors(state, invalid, ['title', 'startAt', 'endAt', 'location', 'description']);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '');
    const startAt = fromInput(v('startAt'));
    const endAt = fromInput(v('endAt'));
    const problems = checkFields({ title: v('title'), startAt, endAt }, RULES);
    if (!problems.startAt && !problems.endAt && endAt <= startAt) problems.endAt = EVENT_END_BEFORE_START;
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $eventSave.run(
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
    if (result.ok) navigation.go(eventRoute(result.data._id));
    else focusFirstError(form.current);
  }
  return (
    <form method="post" ref={form} className="panel" onSubmit={submit} noValidate>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field name="title" id="event-title" label="Title" defaultValue={event?.title} maxLength={200} error={errorOf('title')} />
      <div className="form-grid">
        <Field name="startAt" id="event-start" label="Starts (UTC)" type="datetime-local" defaultValue={toInput(event?.startAt)} error={errorOf('startAt')} />
        <Field name="endAt" id="event-end" label="Ends (UTC)" type="datetime-local" defaultValue={toInput(event?.endAt)} error={errorOf('endAt')} />
      </div>
      <Field
        name="location"
        id="event-location"
        label="Location"
        defaultValue={event?.location}
        maxLength={300}
        placeholder="A place, or 'Online'"
        error={errorOf('location')}
      />
      <Field
        textarea
        name="description"
        id="event-description"
        label="Description"
        defaultValue={event?.description}
        rows={6}
        maxLength={10000}
        error={errorOf('description')}
      />
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
