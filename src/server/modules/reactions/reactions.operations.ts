import { Type } from 'typebox';
import type { ListResult } from '../../../shared/api-client.ts';
import { ListPayload } from '../../../shared/contracts/common.ts';
import { ReactedItemsQuery, Reaction, ReactionBody, ReactionSearchQuery, ReactionState } from '../../../shared/contracts/reactions.ts';
import { REACTIONS } from '../../../shared/operations/reactions.ts';
import { operations, type ErrorStatus } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import type { Viewer } from '../catalogue/access.ts';
import { itemsByIds } from '../catalogue/items-by-ids.ts';
import { reactedIds } from './reactions.repository.ts';

const errors: ErrorStatus[] = [400, 401, 404];

export function reactionsOperations(app: App) {
  const reactions = app.services.reactions;
  /** The items of a kind the member reacted to (with `action`, or any), newest first. */
  const reacted = async <T>(viewer: NonNullable<Viewer>, kind: 'video' | 'gallery', query: ReactedItemsQuery): Promise<ListResult<T>> => {
    const { ids, ...total } = await reactedIds(app.database.db, viewer.id, kind, query.action, query.limit ?? 12, query.offset ?? 0);
    return { data: (await itemsByIds(app.database.db, app.services, viewer, kind, ids)) as T[], ...total };
  };
  const ReactedItems = ListPayload(Type.Record(Type.String(), Type.Unknown()));
  return operations(REACTIONS, {
    create: {
      operationId: 'reactions_create',
      summary: 'Like, favourite or watch later (idempotent); the item counters move once',
      tags: ['reactions'],
      access: 'member',
      body: ReactionBody,
      response: ReactionState,
      errors,
      run: ({ body }, { auth }) => reactions.set(auth!.user.id, body, true),
    },
    remove: {
      operationId: 'reactions_delete',
      summary: 'Take a reaction back (idempotent)',
      tags: ['reactions'],
      access: 'member',
      body: ReactionBody,
      response: ReactionState,
      errors,
      run: ({ body }, { auth }) => reactions.set(auth!.user.id, body, false),
    },
    search: {
      operationId: 'reactions_search',
      summary: "The member's reactions, newest first (filters action, objectType)",
      tags: ['reactions'],
      access: 'member',
      query: ReactionSearchQuery,
      response: ListPayload(Reaction),
      errors,
      run: ({ query }, { auth }) => reactions.list(auth!.user.id, query),
    },
    videos: {
      operationId: 'reactions_videos',
      summary: 'The videos the member reacted to (with action, or any), newest first',
      tags: ['reactions'],
      access: 'member',
      query: ReactedItemsQuery,
      response: ReactedItems,
      errors,
      run: ({ query }, { viewer }) => reacted(viewer!, 'video', query),
    },
    galleries: {
      operationId: 'reactions_galleries',
      summary: 'The galleries the member reacted to (with action, or any), newest first',
      tags: ['reactions'],
      access: 'member',
      query: ReactedItemsQuery,
      response: ReactedItems,
      errors,
      run: ({ query }, { viewer }) => reacted(viewer!, 'gallery', query),
    },
  });
}
