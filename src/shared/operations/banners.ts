import type { ListResult } from '../api-client.ts';
import type { Banner, BannerSearchQuery } from '../contracts/banners.ts';
import { op } from './operation.ts';

/** Banners (SPEC.md: /site-promo). */
export const BANNERS = {
  search: op<{ query: BannerSearchQuery }, ListResult<Banner>>('GET', '/site-promo/search'),
};
