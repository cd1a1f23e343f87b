import { Category, CategorySearchQuery } from '../../../shared/contracts/categories.ts';
import { ListPayload } from '../../../shared/contracts/common.ts';
import { CATEGORIES } from '../../../shared/operations/categories.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { searchCategories } from './categories.repository.ts';

export const categoriesOperations = (app: App) =>
  operations(CATEGORIES, {
    search: {
      operationId: 'categories_search',
      summary: 'Categories, by group, in their ordering',
      tags: ['catalogue'],
      access: 'anyone',
      query: CategorySearchQuery,
      response: ListPayload(Category),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }) => searchCategories(app.database.db, query),
    },
  });
