import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { SearchTotal, SearchTotalQuery } from '../../../shared/contracts/search.ts';
import { ok, type App } from '../../types.ts';
import { countMatches } from '../catalogue/catalogue.repository.ts';
import { SEARCH_COUNT_AHEAD } from '../../../shared/contracts/common.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from '../catalogue/tables.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';

export async function searchRoutes(app: App) {
  app.get(
    '/search/total',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'search_totals',
        tags: ['catalogue'],
        summary: `How many items of each type match q, each counted up to ${SEARCH_COUNT_AHEAD} (that number reads "${SEARCH_COUNT_AHEAD} or more")`,
        querystring: SearchTotalQuery,
        response: { 200: Envelope(SearchTotal), 400: ErrorBody },
      },
    },
    async (request) => {
      const { db } = app.database;
      const q = request.query.q;
      const [totalVideos, totalGalleries, totalStories, totalPosts, totalProducts] = await Promise.all(
        [VIDEOS, GALLERIES, STORIES, POSTS, PRODUCTS].map((spec) => countMatches(db, spec as never, q, SEARCH_COUNT_AHEAD)),
      );
      return ok({
        totalVideos: totalVideos!,
        totalGalleries: totalGalleries!,
        totalStories: totalStories!,
        totalPosts: totalPosts!,
        totalProducts: totalProducts!,
      });
    },
  );
}
