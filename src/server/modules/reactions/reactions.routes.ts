import { Type } from 'typebox';
import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { ReactedItemsQuery, Reaction, ReactionBody, ReactionSearchQuery, ReactionState } from '../../../shared/contracts/reactions.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { itemsByIds } from '../catalogue/items-by-ids.ts';
import { reactedIds } from './reactions.repository.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export async function reactionsRoutes(app: App) {
  const reactions = app.services.reactions;
  const member = { preHandler: app.requireAuth };
  app.post(
    '/reactions',
    {
      schema: {
        operationId: 'reactions_create',
        tags: ['reactions'],
        summary: 'Like, favourite or watch later (idempotent); the item counters move once',
        body: ReactionBody,
        response: { 200: Envelope(ReactionState), ...errors },
      },
      ...member,
    },
    async (request) => ok(await reactions.set(request.auth!.user.id, request.body, true)),
  );
  app.delete(
    '/reactions',
    {
      schema: {
        operationId: 'reactions_delete',
        tags: ['reactions'],
        summary: 'Take a reaction back (idempotent)',
        body: ReactionBody,
        response: { 200: Envelope(ReactionState), ...errors },
      },
      ...member,
    },
    async (request) => ok(await reactions.set(request.auth!.user.id, request.body, false)),
  );
  app.get(
    '/reactions',
    {
      schema: {
        operationId: 'reactions_search',
        tags: ['reactions'],
        summary: "The member's reactions, newest first (filters action, objectType)",
        querystring: ReactionSearchQuery,
        response: { 200: Envelope(ListPayload(Reaction)), ...errors },
      },
      ...member,
    },
    async (request) => ok(await reactions.list(request.auth!.user.id, request.query)),
  );
  for (const [url, kind] of [
    ['/reactions/videos', 'video'],
    ['/reactions/galleries', 'gallery'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          operationId: `reactions_${kind === 'video' ? 'videos' : 'galleries'}`,
          tags: ['reactions'],
          summary: `The ${kind === 'video' ? 'videos' : 'galleries'} the member reacted to (with action, or any), newest first`,
          querystring: ReactedItemsQuery,
          response: { 200: Envelope(ListPayload(Type.Record(Type.String(), Type.Unknown()))), ...errors },
        },
        ...member,
      },
      async (request) => {
        const viewer = viewerOf(request.auth)!;
        const { ids, ...total } = await reactedIds(
          app.database.db,
          viewer.id,
          kind,
          request.query.action,
          request.query.limit ?? 12,
          request.query.offset ?? 0,
        );
        return ok({ data: await itemsByIds(app.database.db, app.services, viewer, kind, ids), ...total });
      },
    );
  }
}
