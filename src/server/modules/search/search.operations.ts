import { SEARCH_COUNT_AHEAD } from '../../../shared/contracts/common.ts';
import { SearchTotal, SearchTotalQuery } from '../../../shared/contracts/search.ts';
import { SEARCH } from '../../../shared/operations/search.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { countMatches } from '../catalogue/catalogue.repository.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from '../catalogue/tables.ts';

export const searchOperations = (app: App) =>
  operations(SEARCH, {
    totals: {
      operationId: 'search_totals',
      summary: `How many items of each type match q, each counted up to ${SEARCH_COUNT_AHEAD} (that number reads "${SEARCH_COUNT_AHEAD} or more")`,
      tags: ['catalogue'],
      access: 'anyone',
      query: SearchTotalQuery,
      response: SearchTotal,
      errors: [400],
      route: SHARED_ANSWER,
      run: async ({ query }) => {
        const [totalVideos, totalGalleries, totalStories, totalPosts, totalProducts] = await Promise.all(
          [VIDEOS, GALLERIES, STORIES, POSTS, PRODUCTS].map((spec) => countMatches(app.database.db, spec as never, query.q, SEARCH_COUNT_AHEAD)),
        );
        return {
          totalVideos: totalVideos!,
          totalGalleries: totalGalleries!,
          totalStories: totalStories!,
          totalPosts: totalPosts!,
          totalProducts: totalProducts!,
        };
      },
    },
  });
