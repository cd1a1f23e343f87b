import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';

/** The kinds a sitemap lists, one file per month of publication each. */
export const SITEMAP_KINDS = ['video', 'gallery', 'story', 'post', 'product'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM (UTC)' });

/** `GET /sitemap/months`: for each kind, the months (UTC) in which public items of it were published, oldest first. */
export const SitemapMonths = Type.Object({
  video: Type.Array(Month),
  gallery: Type.Array(Month),
  story: Type.Array(Month),
  post: Type.Array(Month),
  product: Type.Array(Month),
});
export type SitemapMonths = Static<typeof SitemapMonths>;

export const SitemapEntriesParams = Type.Object({ kind: Literals(SITEMAP_KINDS), month: Month });

/** `GET /sitemap/{kind}/{month}`: the public items of that kind published in that month, oldest first. */
export const SitemapEntries = Type.Object({
  data: Type.Array(
    Type.Object({
      slug: Type.String(),
      createdAt: Type.String(),
      updatedAt: Type.String(),
      publishedAt: Type.Optional(Type.String()),
    }),
  ),
});
export type SitemapEntries = Static<typeof SitemapEntries>;
