import type { SitemapEntries, SitemapKind, SitemapMonths } from '../contracts/sitemap.ts';
import { op } from './operation.ts';

/** What the sitemap is made of. */
export const SITEMAP = {
  months: op<object, SitemapMonths>('GET', '/sitemap/months'),
  entries: op<{ params: { kind: SitemapKind; month: string } }, SitemapEntries>('GET', '/sitemap/:kind/:month'),
};
