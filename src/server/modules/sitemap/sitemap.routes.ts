import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { SITEMAP_KINDS, SitemapEntries, SitemapEntriesParams, SitemapMonths } from '../../../shared/contracts/sitemap.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';
import { ok, type App } from '../../types.ts';
import { publishedIn, publishedMonths, SITEMAP_MAX_URLS } from './sitemap.repository.ts';

/** What the site's sitemap is made of: the months each kind has public items in, and one month's items. */
export async function sitemapRoutes(app: App) {
  const { db } = app.database;
  app.get(
    '/sitemap/months',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'sitemap_months',
        tags: ['catalogue'],
        summary: 'For each catalogue kind, the months (UTC) in which its public items were published: one sitemap file each',
        response: { 200: Envelope(SitemapMonths), 400: ErrorBody },
      },
    },
    async () => {
      const months = await Promise.all(SITEMAP_KINDS.map((kind) => publishedMonths(db, kind)));
      return ok(Object.fromEntries(SITEMAP_KINDS.map((kind, i) => [kind, months[i]!])) as SitemapMonths);
    },
  );
  app.get(
    '/sitemap/:kind/:month',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'sitemap_entries',
        tags: ['catalogue'],
        summary: `The public items of a kind published in one month (UTC), oldest first, at most ${SITEMAP_MAX_URLS}: address and dates`,
        params: SitemapEntriesParams,
        response: { 200: Envelope(SitemapEntries), 400: ErrorBody },
      },
    },
    async (request) => ok({ data: await publishedIn(db, request.params.kind, request.params.month) }),
  );
}
