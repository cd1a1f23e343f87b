import { Type, type Static } from 'typebox';
import { BASE_SORTS, CategoryRef, Flags, Stats, catalogueQuery, type CatalogueQuery } from './catalogue.ts';
import { ImageRef, MediaFile } from './media.ts';

/**
 * The adaptive stream (HLS) of a video: a signed master playlist link and its expiry. `url` is null when the viewer
 * may not watch, the premiere has not passed, in lists, or the video has no renditions yet (then `video.url` plays).
 * The link is short-lived; a player renews it with `GET /assets/videos/{id}/stream` while watching.
 */
export const VideoStream = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type VideoStream = Static<typeof VideoStream>;

/** `native=true`: a link for a player that cannot renew it (Safari's own HLS), valid for the video's duration and a margin. */
export const VideoStreamQuery = Type.Object({ native: Type.Optional(Type.Boolean()) });
export type VideoStreamQuery = Static<typeof VideoStreamQuery>;

export const Video = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  categories: Type.Array(CategoryRef),
  thumbnail: ImageRef,
  /** A public 10 s preview of a priced video (everybody may play it); null when the video is free or has none yet. */
  teaser: Type.Union([MediaFile, Type.Null()]),
  /** The single file: `url` only when the viewer may watch (null in lists); plays until the stream is ready, and for downloads. */
  video: MediaFile,
  stream: VideoStream,
  isSale: Type.Boolean(),
  price: Type.Integer(),
  isSchedule: Type.Boolean(),
  scheduledAt: Type.Union([Type.String(), Type.Null()]),
  stats: Stats,
  ...Flags,
  status: Type.String(),
  createdAt: Type.String(),
  /** When the item itself was last edited (views, likes and comments do not count). */
  updatedAt: Type.String(),
});
export type Video = Static<typeof Video>;

export const VIDEO_SORTS = [...BASE_SORTS, 'title', 'price', 'createdAt'] as const;
export const VideoSearchQuery = catalogueQuery(VIDEO_SORTS, { isSale: Type.Optional(Type.Boolean()) });
export type VideoSearchQuery = CatalogueQuery<(typeof VIDEO_SORTS)[number]> & { isSale?: boolean };
