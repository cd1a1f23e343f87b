import type { CountryItem, LanguageItem, PhoneCodeItem, UserAdditional } from '../contracts/community.ts';
import { op } from './operation.ts';

/** The reference lists (they change only with a release). */
export const REFERENCE = {
  countries: op<object, CountryItem[]>('GET', '/countries/list'),
  languages: op<object, LanguageItem[]>('GET', '/languages/list'),
  phoneCodes: op<object, PhoneCodeItem[]>('GET', '/phone-codes/list'),
  userAdditional: op<object, UserAdditional>('GET', '/user-additional'),
};
