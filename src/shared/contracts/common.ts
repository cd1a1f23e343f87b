import { Type, type Static, type TSchema } from 'typebox';

/** `{ status: 0, data }`: the success envelope of every JSON response (API.md, Transport). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ status: Type.Literal(0), data });

/**
 * The deepest `offset` a list serves: an OFFSET reads and throws away every row before it, so a list is a window of its
 * first rows; a 400 beyond it (narrow the list with its filters, search, dates, or the other order).
 */
export const MAX_OFFSET = 10_000;

/** How far past the page's start a list counts its matches. */
export const COUNT_AHEAD = 1_000;

/**
 * How far past the page's start a search (a list with `q`) counts its matches, and where `/search/total`'s counts stop:
 * a frequent word's matches are tested one by one in the rows, and a search ranks its most viewed 200 anyway.
 */
export const SEARCH_COUNT_AHEAD = 200;

/**
 * `{ data: [...], total }`: the payload of every list call. `total` counts the matches up to `offset + COUNT_AHEAD`
 * (a search: `offset + SEARCH_COUNT_AHEAD`), cheap at any size; where there are more, it is that bound and
 * `totalCapped` is true: "at least `total`".
 */
export const ListPayload = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    total: Type.Integer(),
    totalCapped: Type.Optional(
      Type.Literal(true, { description: 'There are at least `total` matches (counting stopped 1,000 past the offset, 200 for a search).' }),
    ),
  });

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String({ description: 'stable machine-readable code, e.g. VALIDATION_ERROR' }),
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
    fields: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: 'VALIDATION_ERROR only: each failing field (its path as sent, e.g. `password`, `products.1.quantity`) and what to do about it',
      }),
    ),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** A route schema's error answers: each of these statuses answered with the contract's ErrorBody. */
export const errorBodies = (statuses: readonly number[]): Record<number, typeof ErrorBody> => Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/**
 * The `{id}` of a route, by one rule. Where it names a stored row by its `_id` only, it is `UuidParams`: anything but
 * a UUID is a 400 `VALIDATION_ERROR` before any SQL runs, and a UUID that names nothing is a 404. Where it may also be
 * a slug or a username (the public detail routes, unlocks, `/users/view/{id}`), it is `IdParams`: 1 to 200 characters,
 * looked up by `_id` only when it is a UUID (`isUuid`), else a 404 when nothing has that slug. (A back-office resource
 * whose items are not rows says its own, e.g. the blocked countries' country code.)
 */
export const UuidParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'the `_id` (a UUID)' }) });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'the `_id`, or the slug (a member: the username)' }) });

/** Query parameters shared by every list call; resources add their own filters. */
export const ListQuery = Type.Object({
  /** Free text; longer input is cut to its first 200 characters, never refused. */
  q: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 12 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type ListQuery = Static<typeof ListQuery>;

/** A coupon code as a member types it (any case, trimmed by the server); what it is worth is the server's to say. */
export const CouponCodeInput = Type.String({ minLength: 1, maxLength: 40, title: 'Coupon code' });
