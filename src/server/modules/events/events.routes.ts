import { Type } from 'typebox';
import { Event, EventBody, EventSearchQuery } from '../../../shared/contracts/events.ts';
import { Envelope, ErrorBody, ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { viewerOf } from '../catalogue/access.ts';
import { keyedLimit } from '../../lib/limits.ts';
import { ok, type App } from '../../types.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export async function eventsRoutes(app: App) {
  const events = app.services.events;
  const limit = keyedLimit(app, { what: 'event changes', max: 30, windowMs: 3_600_000, key: (req) => `events:${req.auth?.user.id}` });
  const member = { preHandler: [app.requireAuth, limit] };
  app.post(
    '/event',
    {
      schema: {
        operationId: 'events_create',
        tags: ['events'],
        summary: 'Create an event (title required, end after start)',
        body: EventBody,
        response: { 200: Envelope(Event), ...errors },
      },
      ...member,
    },
    async (request) => ok(await events.create(viewerOf(request.auth)!, request.body)),
  );
  app.get(
    '/event',
    {
      schema: {
        operationId: 'events_search',
        tags: ['events'],
        summary: 'Active events that have not ended, soonest first (mine=true: all of mine)',
        querystring: EventSearchQuery,
        response: { 200: Envelope(ListPayload(Event)), 400: ErrorBody },
      },
    },
    async (request) => ok(await events.list(viewerOf(request.auth), request.query)),
  );
  app.get(
    '/event/:id/view',
    { schema: { operationId: 'events_get', tags: ['events'], summary: 'One event', params: UuidParams, response: { 200: Envelope(Event), 404: ErrorBody } } },
    async (request) => ok(await events.view(viewerOf(request.auth), request.params.id)),
  );
  app.put(
    '/event/:id',
    {
      schema: {
        operationId: 'events_update',
        tags: ['events'],
        summary: 'Edit an event (its creator or an admin)',
        params: UuidParams,
        body: EventBody,
        response: { 200: Envelope(Event), ...errors },
      },
      ...member,
    },
    async (request) => ok(await events.update(viewerOf(request.auth)!, request.params.id, request.body)),
  );
  app.delete(
    '/event/:id',
    {
      schema: {
        operationId: 'events_delete',
        tags: ['events'],
        summary: 'Delete an event (its creator or an admin)',
        params: UuidParams,
        response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), ...errors },
      },
      ...member,
    },
    async (request) => ok(await events.remove(viewerOf(request.auth)!, request.params.id)),
  );
}
