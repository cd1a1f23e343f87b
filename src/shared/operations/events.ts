import type { ListResult } from '../api-client.ts';
import type { Event, EventBody, EventSearchQuery } from '../contracts/events.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

/** Members' events (SPEC.md: /event). */
export const EVENTS = {
  create: op<{ body: EventBody }, Event>('events_create', 'POST', '/event'),
  search: op<{ query: EventSearchQuery }, ListResult<Event>>('events_search', 'GET', '/event'),
  get: op<Id, Event>('events_get', 'GET', '/event/:id/view'),
  update: op<Id & { body: EventBody }, Event>('events_update', 'PUT', '/event/:id'),
  remove: op<Id, { success: boolean }>('events_delete', 'DELETE', '/event/:id'),
};
