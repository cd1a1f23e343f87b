import type { Db } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { Viewer } from '../catalogue/access.ts';
import { isUuid } from '../catalogue/query.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { deleteEvent, findEvent, insertEvent, listEvents, updateEvent, type EventRow, type EventWithCreator } from './events.repository.ts';
import { EVENT_END_BEFORE_START, type Event, type EventBody, type EventSearchQuery } from '../../../shared/contracts/events.ts';

const mayEdit = (viewer: Viewer, e: EventRow) => Boolean(viewer && (viewer.isAdmin || viewer.id === e.createdBy));

const toEvent = (e: EventWithCreator, viewer: Viewer): Event => ({
  _id: e.id,
  title: e.title,
  description: e.description,
  location: e.location,
  startAt: e.startAt.toISOString(),
  endAt: e.endAt.toISOString(),
  status: e.status,
  createdBy: e.createdBy,
  creator: e.creator ? toPublicUser(e.creator) : null,
  canEdit: mayEdit(viewer, e),
  createdAt: e.createdAt.toISOString(),
});

/** Title required (not blank), end after start; every failing field named at once. */
function validated(body: EventBody) {
  const title = body.title.trim();
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  const problems: Record<string, string> = {};
  if (!title) problems.title = 'Title is required.';
  if (!(endAt > startAt)) problems.endAt = EVENT_END_BEFORE_START;
  if (Object.keys(problems).length) throw invalid(problems);
  return {
    title,
    description: (body.description ?? '').trim(),
    location: (body.location ?? '').trim(),
    startAt,
    endAt,
    ...(body.status ? { status: body.status } : {}),
  };
}

/** Member events: anyone reads active ones; members create; the creator or an admin edits and deletes. */
export class EventsService {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async create(viewer: NonNullable<Viewer>, body: EventBody): Promise<Event> {
    const row = await insertEvent(this.db, { ...validated(body), createdBy: viewer.id });
    return toEvent((await findEvent(this.db, row.id))!, viewer);
  }

  async list(viewer: Viewer, query: EventSearchQuery) {
    const { rows, ...total } = await listEvents(this.db, {
      createdBy: query.mine && viewer ? viewer.id : undefined,
      limit: query.limit ?? 12,
      offset: query.offset ?? 0,
    });
    return { data: rows.map((e) => toEvent(e, viewer)), ...total };
  }

  /** An active event; an inactive one only for its creator and admins (404 for others). */
  async view(viewer: Viewer, id: string): Promise<Event> {
    const event = isUuid(id) ? await findEvent(this.db, id) : null;
    if (!event || (event.status !== 'active' && !mayEdit(viewer, event))) throw notFound('No such event.');
    return toEvent(event, viewer);
  }

  async update(viewer: NonNullable<Viewer>, id: string, body: EventBody): Promise<Event> {
    await this.editable(viewer, id);
    await updateEvent(this.db, id, validated(body));
    return toEvent((await findEvent(this.db, id))!, viewer);
  }

  async remove(viewer: NonNullable<Viewer>, id: string) {
    await this.editable(viewer, id);
    await deleteEvent(this.db, id);
    return { success: true };
  }

  private async editable(viewer: NonNullable<Viewer>, id: string): Promise<EventRow> {
    const event = isUuid(id) ? await findEvent(this.db, id) : null;
    if (!event) throw notFound('No such event.');
    if (!mayEdit(viewer, event)) throw forbidden('Only the member who created this event (or an admin) can change it.');
    return event;
  }
}
