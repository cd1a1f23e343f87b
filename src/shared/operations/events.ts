import type { ListResult } from '../api-client.ts';
import type { Event, EventBody, EventSearchQuery } from '../contracts/events.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

/** Members' events (SPEC.md: /event). */
export const EVENTS = {
  create: op<{ body: EventBody }, Event>('POST', '/event'),
  search: op<{ query: EventSearchQuery }, ListResult<Event>>('GET', '/event'),
  get: op<Id, Event>('GET', '/event/:id/view'),
  update: op<Id & { body: EventBody }, Event>('PUT', '/event/:id'),
  remove: op<Id, { success: boolean }>('DELETE', '/event/:id'),
};
