import { Category, CategorySearchQuery } from '../../../shared/contracts/categories.ts';
import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { searchCategories } from './categories.repository.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';

export async function categoriesRoutes(app: App) {
  app.get(
    '/assets/categories/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'categories_search',
        tags: ['catalogue'],
        summary: 'Categories, by group, in their ordering',
        querystring: CategorySearchQuery,
        response: { 200: Envelope(ListPayload(Category)), 400: ErrorBody },
      },
    },
    async (request) => ok(await searchCategories(app.database.db, request.query)),
  );
}
