import { Type, type Static } from 'typebox';

/** One derivative of an image, for `srcset`. */
export const ImageSource = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer(), format: Type.String() });

/**
 * An image as a viewer may see it. For a locked item `url` and `thumbnails` point at the server-made blurred preview,
 * `sources` is empty and `locked` is true; width and height are still the original's (no layout shift).
 */
export const ImageRef = Type.Object({
  url: Type.String(),
  thumbnails: Type.Array(Type.String()),
  sources: Type.Array(ImageSource),
  width: Type.Integer(),
  height: Type.Integer(),
  locked: Type.Boolean(),
});
export type ImageRef = Static<typeof ImageRef>;
export type ImageSource = Static<typeof ImageSource>;

/** A playable or downloadable file; `url` is a signed, expiring link, or null when the viewer may not have it. */
export const MediaFile = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Union([Type.Number(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  mimeType: Type.String(),
});
export type MediaFile = Static<typeof MediaFile>;
