import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { ListQuery } from './common.ts';
import { ImageRef } from './media.ts';

export const BannerPosition = Literals(['top', 'middle', 'bottom'] as const);

export const Banner = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  link: Type.String(),
  position: BannerPosition,
  photo: ImageRef,
  status: Type.String(),
});
export type Banner = Static<typeof Banner>;

export const BannerSearchQuery = Type.Intersect([ListQuery, Type.Object({ position: Type.Optional(BannerPosition) })]);
export type BannerSearchQuery = ListQuery & { position?: 'top' | 'middle' | 'bottom' };
