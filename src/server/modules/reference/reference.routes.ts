import { Type } from 'typebox';
import { CountryItem, LanguageItem, PhoneCodeItem, UserAdditional } from '../../../shared/contracts/community.ts';
import { Envelope } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { referenceLists } from './reference-lists.ts';

/** The lists change only with a release: browsers and CDNs may keep them for a day, and serve stale for a week. */
const LONG_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

export async function referenceRoutes(app: App) {
  const lists: [string, string, string, () => unknown, Parameters<typeof Envelope>[0]][] = [
    ['/countries/list', 'reference_countries', 'Countries (ISO 3166-1 alpha-2 and English name)', () => referenceLists().countries, Type.Array(CountryItem)],
    ['/languages/list', 'reference_languages', 'Languages (ISO 639-1, English and native names)', () => referenceLists().languages, Type.Array(LanguageItem)],
    ['/phone-codes/list', 'reference_phone_codes', 'International dialling codes by country', () => referenceLists().phoneCodes, Type.Array(PhoneCodeItem)],
    ['/user-additional', 'reference_user_additional', 'The option lists of the profile form', () => referenceLists().userAdditional, UserAdditional],
  ];
  for (const [url, operationId, summary, get, schema] of lists) {
    app.get(url, { schema: { operationId, tags: ['reference'], summary, response: { 200: Envelope(schema) } } }, async (_request, reply) => {
      reply.header('cache-control', LONG_CACHE);
      return ok(get());
    });
  }
}
