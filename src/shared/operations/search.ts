import type { SearchTotal } from '../contracts/search.ts';
import { op } from './operation.ts';

/** The search page's totals per kind. */
export const SEARCH = {
  totals: op<{ query: { q?: string } }, SearchTotal>('GET', '/search/total'),
};
