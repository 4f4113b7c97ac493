import { INTL_LOCALE_TAGS, normalizeLocale } from './locale';

const displayNames = new Map<string, Intl.DisplayNames | null>();

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
  try {
    return regionNamesFor(INTL_LOCALE_TAGS[normalizeLocale(language)])?.of(isoCode.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
};
