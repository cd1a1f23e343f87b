import { Type } from 'typebox';
import { Event, EventBody, EventSearchQuery } from '../../../shared/contracts/events.ts';
import { ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { EVENTS } from '../../../shared/operations/events.ts';
import { keyedLimit } from '../../lib/http/limits.ts';
import { operations, type ErrorStatus } from '../../operations/define.ts';
import type { App } from '../../types.ts';

const errors: ErrorStatus[] = [400, 401, 403, 404, 429];

export function eventsOperations(app: App) {
  const events = app.services.events;
  const changes = [keyedLimit(app, { what: 'event changes', max: 30, windowMs: 3_600_000, key: (req) => `events:${req.auth?.user.id}` })];
  return operations(EVENTS, {
    create: {
      operationId: 'events_create',
      summary: 'Create an event (title required, end after start)',
      tags: ['events'],
      access: 'member',
      body: EventBody,
      response: Event,
      errors,
      limits: changes,
      run: ({ body }, { viewer }) => events.create(viewer!, body),
    },
    search: {
      operationId: 'events_search',
      summary: 'Active events that have not ended, soonest first (mine=true: all of mine)',
      tags: ['events'],
      access: 'anyone',
      query: EventSearchQuery,
      response: ListPayload(Event),
      errors: [400],
      run: ({ query }, { viewer }) => events.list(viewer, query),
    },
    get: {
      operationId: 'events_get',
      summary: 'One event',
      tags: ['events'],
      access: 'anyone',
      params: UuidParams,
      response: Event,
      errors: [404],
      run: ({ params }, { viewer }) => events.view(viewer, params.id),
    },
    update: {
      operationId: 'events_update',
      summary: 'Edit an event (its creator or an admin)',
      tags: ['events'],
      access: 'member',
      params: UuidParams,
      body: EventBody,
      response: Event,
      errors,
      limits: changes,
      run: ({ params, body }, { viewer }) => events.update(viewer!, params.id, body),
    },
    remove: {
      operationId: 'events_delete',
      summary: 'Delete an event (its creator or an admin)',
      tags: ['events'],
      access: 'member',
      params: UuidParams,
      response: Type.Object({ success: Type.Boolean() }),
      errors,
      limits: changes,
      run: ({ params }, { viewer }) => events.remove(viewer!, params.id),
    },
  });
}
