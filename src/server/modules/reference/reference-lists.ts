import countries from 'i18n-iso-countries';
import ISO6391 from 'iso-639-1';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { BIO_MAX, GENDERS, type CountryItem, type LanguageItem, type PhoneCodeItem, type UserAdditional } from '../../../shared/contracts/community.ts';

/** The form reference lists, from maintained data packages, built once per process (they never change at run time). */
let built: { countries: CountryItem[]; languages: LanguageItem[]; phoneCodes: PhoneCodeItem[]; userAdditional: UserAdditional } | null = null;

export function referenceLists() {
  if (built) return built;
  const names = countries.getNames('en', { select: 'official' });
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
  built = {
    countries: Object.entries(names)
      .map(([code, name]) => ({ code, name }))
      .sort(byName),
    languages: ISO6391.getAllCodes()
      .map((code) => ({ code, name: ISO6391.getName(code), nativeName: ISO6391.getNativeName(code) }))
      .sort(byName),
    phoneCodes: getCountries()
      .map((code) => ({ code, name: names[code] ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
      .sort(byName),
    userAdditional: { genders: GENDERS.map((g) => ({ ...g })), bioMaxLength: BIO_MAX },
  };
  return built;
}

export const isCountryCode = (code: string) => referenceLists().countries.some((c) => c.code === code);
export const isLanguageCode = (code: string) => ISO6391.validate(code);
export const isGender = (key: string) => GENDERS.some((g) => g.key === key);
