import type { CountryCheck } from '../contracts/settings.ts';
import { op } from './operation.ts';

/** Whether the caller's country is blocked (every page asks). */
export const COUNTRY_BLOCK = {
  check: op<object, CountryCheck>('GET', '/country-block/check'),
};
