import type { ListResult } from '../api-client.ts';
import type { Category, CategorySearchQuery } from '../contracts/categories.ts';
import { op } from './operation.ts';

/** Categories of the catalogue. */
export const CATEGORIES = {
  search: op<{ query: CategorySearchQuery }, ListResult<Category>>('GET', '/assets/categories/search'),
};
