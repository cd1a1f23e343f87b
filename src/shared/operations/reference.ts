import type { CountryItem, LanguageItem, PhoneCodeItem, UserAdditional } from '../contracts/community.ts';
import { op } from './operation.ts';

/** The reference lists (they change only with a release). */
export const REFERENCE = {
  countries: op<object, CountryItem[]>('reference_countries', 'GET', '/countries/list'),
  languages: op<object, LanguageItem[]>('reference_languages', 'GET', '/languages/list'),
  phoneCodes: op<object, PhoneCodeItem[]>('reference_phone_codes', 'GET', '/phone-codes/list'),
  userAdditional: op<object, UserAdditional>('reference_user_additional', 'GET', '/user-additional'),
};
