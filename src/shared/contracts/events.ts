import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { ListQuery } from './common.ts';
import { PublicUser } from './users.ts';

export const EVENT_END_BEFORE_START = 'The end must be after the start.';

export const EventBody = Type.Object(
  {
    title: Type.String({ maxLength: 200, description: 'required (not blank)' }),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    location: Type.Optional(Type.String({ maxLength: 300 })),
    startAt: Type.String({ format: 'date-time', title: 'Start' }),
    endAt: Type.String({ format: 'date-time', title: 'End' }),
    status: Type.Optional(Literals(['active', 'inactive'] as const)),
  },
  { additionalProperties: false },
);
export type EventBody = Static<typeof EventBody>;

export const Event = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  location: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  status: Literals(['active', 'inactive'] as const),
  createdBy: Type.String(),
  creator: Type.Union([PublicUser, Type.Null()]),
  canEdit: Type.Boolean({ description: 'the viewer created it or is an admin' }),
  createdAt: Type.String(),
});
export type Event = Static<typeof Event>;

export const EventSearchQuery = Type.Intersect([
  ListQuery,
  Type.Object({ mine: Type.Optional(Type.Boolean({ description: 'only the viewer’s own events, also inactive and past' })) }),
]);
export type EventSearchQuery = ListQuery & { mine?: boolean };
