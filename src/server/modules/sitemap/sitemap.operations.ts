import { SITEMAP_KINDS, SitemapEntries, SitemapEntriesParams, SitemapMonths } from '../../../shared/contracts/sitemap.ts';
import { SITEMAP } from '../../../shared/operations/sitemap.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { publishedIn, publishedMonths, SITEMAP_MAX_URLS } from './sitemap.repository.ts';

/** What the site's sitemap is made of: the months each kind has public items in, and one month's items. */
export function sitemapOperations(app: App) {
  const { db } = app.database;
  return operations(SITEMAP, {
    months: {
      operationId: 'sitemap_months',
      summary: 'For each catalogue kind, the months (UTC) in which its public items were published: one sitemap file each',
      tags: ['catalogue'],
      access: 'anyone',
      response: SitemapMonths,
      errors: [400],
      route: SHARED_ANSWER,
      run: async () => {
        const months = await Promise.all(SITEMAP_KINDS.map((kind) => publishedMonths(db, kind)));
        return Object.fromEntries(SITEMAP_KINDS.map((kind, i) => [kind, months[i]!])) as SitemapMonths;
      },
    },
    entries: {
      operationId: 'sitemap_entries',
      summary: `The public items of a kind published in one month (UTC), oldest first, at most ${SITEMAP_MAX_URLS}: address and dates`,
      tags: ['catalogue'],
      access: 'anyone',
      params: SitemapEntriesParams,
      response: SitemapEntries,
      errors: [400],
      route: SHARED_ANSWER,
      run: async ({ params }) => ({ data: await publishedIn(db, params.kind, params.month) }),
    },
  });
}
