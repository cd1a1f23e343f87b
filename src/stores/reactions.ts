import { map } from 'nanostores';
import { client } from '../client/api.ts';
import * as catalogueCalls from '../shared/calls/catalogue.ts';
import * as reactionsCalls from '../shared/calls/reactions.ts';
import type { DetailItems, DetailKind } from '../shared/calls/catalogue.ts';
import type { ReactionAction, ReactionBody } from '../shared/contracts/reactions.ts';
import { onResetAll } from './reset.ts';
import { payload, requestFamily } from './request.ts';

/** The member's reactions and the counts of one item as this page knows them (seeded by the page, then the server's answers). */
export interface ItemReactions {
  on: Record<ReactionAction, boolean>;
  likes: number;
  favourites: number;
}

/** Per item (`objectType:objectId`). */
export const $reactions = map<Record<string, ItemReactions>>({});

/** The requests, per item and action (`objectType:objectId:action`). */
export const reactionRequests = requestFamily((_key: string, body: ReactionBody, on: boolean) =>
  payload(on ? reactionsCalls.react(client(), body) : reactionsCalls.unreact(client(), body)),
);

/**
 * The member's own reactions to an item whose page was rendered without them (a page shared with visitors), read
 * from the item's API answer for them (no view counted), per item (`objectType:objectId`).
 */
export const ownReactions = requestFamily((_key: string, objectType: DetailKind, objectId: string) =>
  payload<DetailItems[DetailKind]>(catalogueCalls.ITEM_CALLS[objectType](client(), objectId, { countView: false })),
);

/** Reads the member's own reactions to an item once (again only after a failed try), and seeds the item with them. */
export async function readOwnReactions(objectType: DetailKind, objectId: string): Promise<void> {
  const key = `${objectType}:${objectId}`;
  const { status } = ownReactions.of(ownReactions.$states.get(), key);
  if (status === 'loading' || status === 'ok') return;
  const result = await ownReactions.run(key, objectType, objectId);
  if (!result.ok) return;
  const item = result.data;
  seedReactions(key, {
    on: { like: item.isLiked, favourite: item.isFavourited, watch_later: 'isWatchedLater' in item && item.isWatchedLater },
    likes: item.stats.likes,
    favourites: item.stats.favourites,
  });
}

/** Seeds an item with what the page rendered (the first time only: later answers win). */
export function seedReactions(key: string, value: ItemReactions): void {
  if (!$reactions.get()[key]) $reactions.setKey(key, value);
}

/** Turns one reaction on or off: shown at once, then the server's counts; put back when the server refused. */
export async function toggleReaction(body: ReactionBody): Promise<boolean> {
  const key = `${body.objectType}:${body.objectId}`;
  const before = $reactions.get()[key];
  if (!before) return false;
  const on = !before.on[body.action];
  $reactions.setKey(key, { ...before, on: { ...before.on, [body.action]: on } });
  const result = await reactionRequests.run(`${key}:${body.action}`, body, on);
  const now = $reactions.get()[key]!;
  if (result.ok) $reactions.setKey(key, { ...now, likes: result.data.likes, favourites: result.data.favourites });
  else $reactions.setKey(key, { ...now, on: { ...now.on, [body.action]: !on } });
  return result.ok;
}

onResetAll(() => $reactions.set({}));
