import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { ListQuery } from './common.ts';

export const REACTION_ACTIONS = ['like', 'favourite', 'watch_later'] as const;
export type ReactionAction = (typeof REACTION_ACTIONS)[number];
export const REACTION_OBJECTS = ['video', 'gallery', 'story', 'product', 'post', 'comment'] as const;
export type ReactionObject = (typeof REACTION_OBJECTS)[number];

export const ReactionBody = Type.Object({
  objectType: Literals(REACTION_OBJECTS),
  objectId: Type.String({ format: 'uuid' }),
  action: Literals(REACTION_ACTIONS),
});
export type ReactionBody = Static<typeof ReactionBody>;

/** A member's reaction (API.md): `objectInfo` is the reacted item's title, slug and kind. */
export const Reaction = Type.Object({
  _id: Type.String(),
  action: Literals(REACTION_ACTIONS),
  objectType: Literals(REACTION_OBJECTS),
  objectId: Type.String(),
  objectInfo: Type.Union([Type.Object({ title: Type.String(), slug: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
});
export type Reaction = Static<typeof Reaction>;

/** Answer of POST/DELETE /reactions: whether the member now has it, and the item's counters. */
export const ReactionState = Type.Object({
  active: Type.Boolean(),
  changed: Type.Boolean({ description: 'false when the call found it already so (idempotent)' }),
  likes: Type.Integer(),
  favourites: Type.Integer(),
});
export type ReactionState = Static<typeof ReactionState>;

export const ReactionSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({ action: Type.Optional(Literals(REACTION_ACTIONS)), objectType: Type.Optional(Literals(REACTION_OBJECTS)) }),
]);
export type ReactionSearchQuery = ListQuery & { action?: ReactionAction; objectType?: ReactionObject };

export const ReactedItemsQuery = Type.Intersect([ListQuery, Type.Object({ action: Type.Optional(Literals(REACTION_ACTIONS)) })]);
export type ReactedItemsQuery = ListQuery & { action?: ReactionAction };
