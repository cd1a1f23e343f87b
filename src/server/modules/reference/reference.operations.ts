import { Type } from 'typebox';
import { CountryItem, LanguageItem, PhoneCodeItem, UserAdditional } from '../../../shared/contracts/community.ts';
import { REFERENCE } from '../../../shared/operations/reference.ts';
import { operations, type OperationContext } from '../../operations/define.ts';
import { referenceLists } from './reference-lists.ts';

/** The lists change only with a release: browsers and CDNs may keep them for a day, and serve stale for a week. */
const LONG_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** `list`, with the answer's long cache header. */
const cached =
  <T>(list: () => T) =>
  (_input: unknown, ctx: OperationContext) => {
    ctx.answerHeaders['cache-control'] = LONG_CACHE;
    return list();
  };

export const referenceOperations = () =>
  operations(REFERENCE, {
    countries: {
      operationId: 'reference_countries',
      summary: 'Countries (ISO 3166-1 alpha-2 and English name)',
      tags: ['reference'],
      access: 'anyone',
      response: Type.Array(CountryItem),
      errors: [],
      run: cached(() => referenceLists().countries),
    },
    languages: {
      operationId: 'reference_languages',
      summary: 'Languages (ISO 639-1, English and native names)',
      tags: ['reference'],
      access: 'anyone',
      response: Type.Array(LanguageItem),
      errors: [],
      run: cached(() => referenceLists().languages),
    },
    phoneCodes: {
      operationId: 'reference_phone_codes',
      summary: 'International dialling codes by country',
      tags: ['reference'],
      access: 'anyone',
      response: Type.Array(PhoneCodeItem),
      errors: [],
      run: cached(() => referenceLists().phoneCodes),
    },
    userAdditional: {
      operationId: 'reference_user_additional',
      summary: 'The option lists of the profile form',
      tags: ['reference'],
      access: 'anyone',
      response: UserAdditional,
      errors: [],
      run: cached(() => referenceLists().userAdditional),
    },
  });
