import { INTL_LOCALE_TAGS, normalizeLocale, SUPPORTED_LOCALES } from './locale';

const displayNames = new Map<string, Intl.DisplayNames | null>();
/**
 * Names already asked for, by language tag and code: a country list (about 250) asks for every name on each
 * render of its form, and `Intl.DisplayNames.of` took 70 ms of one at 4x CPU throttling.
 */
const regionNames = new Map<string, string | null>();

const regionNamesFor = (tag: string): Intl.DisplayNames | null => {
  if (!displayNames.has(tag)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
    } catch {
      // A runtime without region names: the API's (English) name is shown.
    }
    displayNames.set(tag, names);
  }
  return displayNames.get(tag) ?? null;
};

/**
 * A country's name in the language shown (`regionName('TW', 'Taiwan', 'zhtw')` → `台灣`), from the browser's
 * own region names (`Intl.DisplayNames`); the API's name when the code is unknown or the runtime has none.
 */
export const regionName = (isoCode: string | null | undefined, fallback: string, language: string | null | undefined): string => {
  if (!isoCode || !/^[A-Za-z]{2}$/.test(isoCode)) return fallback;
  const tag = INTL_LOCALE_TAGS[normalizeLocale(language)];
  const key = `${tag} ${isoCode.toUpperCase()}`;
  if (!regionNames.has(key)) {
    let name: string | null = null;
    try {
      name = regionNamesFor(tag)?.of(isoCode.toUpperCase()) ?? null;
    } catch {
      // An unknown code: the API's name.
    }
    regionNames.set(key, name);
  }
  return regionNames.get(key) ?? fallback;
};

/**
 * A country's name in each product language but English, for the API to send with the country: a page then
 * shows `countryName` without asking the browser, whose first `Intl.DisplayNames` of a language loads its ICU
 * region data (150–290 ms of one task at 4x CPU throttling on the checkout pages, issue 30).
 */
export const regionNameTranslations = (isoCode: string, englishName: string): Partial<Record<string, string>> =>
  Object.fromEntries(SUPPORTED_LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, regionName(isoCode, englishName, locale)]));

/**
 * A country's name in the language shown: the name the API sent in `translations` (English: its `name`), else
 * the runtime's own (`regionName`) for a country sent without them.
 */
export const countryName = (
  country: { name: string; iso_code?: string | null; translations?: Readonly<Record<string, string | undefined>> | null },
  language: string | null | undefined,
): string => (country.translations ? listEntryName(country, language) : regionName(country.iso_code, country.name, language));

const languageNames = new Map<string, Intl.DisplayNames | null>();

/** Our locale codes as the BCP 47 languages Intl names: the two Chinese ones by script. */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = { en: 'en', ms: 'ms', zh: 'zh-Hans', zhtw: 'zh-Hant', th: 'th' };

/**
 * A language's name in the language shown (`languageName('ms', 'Malay', 'zhtw')` → `馬來文`), from the runtime's
 * own names (`Intl.DisplayNames`); the API's name when the code is unknown or the runtime has none.
 */
export const languageName = (locale: string | null | undefined, fallback: string, language: string | null | undefined): string => {
  const code = locale ? LANGUAGE_TAGS[locale.trim().toLowerCase()] : undefined;
  if (!code) return fallback;
  const tag = INTL_LOCALE_TAGS[normalizeLocale(language)];
  try {
    if (!languageNames.has(tag)) languageNames.set(tag, new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }));
    return languageNames.get(tag)?.of(code) ?? fallback;
  } catch {
    languageNames.set(tag, null);
    return fallback;
  }
};

/**
 * A reference list entry's name in the language shown (a state, an industry, a shop category): its translation
 * from the API (`translations`, issue 31 #5), else the English name it is stored under.
 */
export const listEntryName = (entry: { name: string; translations?: Readonly<Record<string, string | undefined>> | null }, language: string | null | undefined): string => {
  const locale = normalizeLocale(language);
  return (locale !== 'en' ? entry.translations?.[locale]?.trim() : '') || entry.name;
};
