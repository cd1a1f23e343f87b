import { Type, type Static } from 'typebox';
import { MAX_OFFSET } from './common.ts';

/** A stored file as the back office shows it, and the reference a form sends to use it (an upload's answer, a pick's). */
export const AdminMediaBody = Type.Object({
  ref: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  name: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  mimeType: Type.Optional(Type.String()),
  size: Type.Optional(Type.Integer()),
});

export const MediaKind = Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('file')], { title: 'Kind' });
export type MediaKind = Static<typeof MediaKind>;

/** The library's list: a search of names, a kind, and a page after a cursor (or, for a jump, at an offset). */
export const MediaListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, title: 'Search' })),
    kind: Type.Optional(MediaKind),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, title: 'Cursor', description: 'the `nextCursor` of the page before' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
  },
  { additionalProperties: false },
);
export type MediaListQuery = Static<typeof MediaListQuery>;

/** One file of the library. `url`: a picture's preview or a video's (signed); null for a download. */
export const MediaAsset = Type.Object({
  _id: Type.String(),
  kind: MediaKind,
  name: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  size: Type.Integer(),
  mimeType: Type.String(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  uploadedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type MediaAsset = Static<typeof MediaAsset>;

/** An item that uses a library file: its back-office page, and whether it is in the trash. */
export const MediaUse = Type.Object({
  resource: Type.String(),
  _id: Type.String(),
  title: Type.String(),
  field: Type.String(),
  deleted: Type.Boolean(),
  href: Type.String(),
});
export type MediaUse = Static<typeof MediaUse>;

export const MediaAssetDetail = Type.Object({ ...MediaAsset.properties, uses: Type.Array(MediaUse) });
export type MediaAssetDetail = Static<typeof MediaAssetDetail>;

export const MediaListPayload = Type.Object({
  data: Type.Array(MediaAsset),
  total: Type.Integer(),
  totalCapped: Type.Optional(Type.Literal(true)),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'pass it as `cursor` for the next page; null on the last' }),
});
export type MediaListPayload = Static<typeof MediaListPayload>;
