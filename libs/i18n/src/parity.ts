import { INTL_LOCALE_TAGS, type Locale } from './locale';
import { flattenMessages, placeholdersOf, type Messages } from './messages';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export type KeyMismatches = {
  /** Keys the language needs (from `en`, plural forms per the language's rules) but does not have. */
  missing: string[];
  /** Keys the language has that `en` does not explain. */
  extra: string[];
  /** Keys whose `{{placeholders}}` differ from the English text's. */
  placeholders: string[];
};

function pluralCategories(lng: Locale): string[] {
  return new Intl.PluralRules(INTL_LOCALE_TAGS[lng]).resolvedOptions().pluralCategories;
}

/**
 * The leaf keys `lng` must have for a namespace, each mapped to the English text it translates. A plural
 * family (`store_one`, `store_other` in English) needs exactly the forms the language's CLDR rules use:
 * `_other` alone in Malay, Chinese and Thai, six forms in Arabic.
 */
export function expectedKeys(en: Messages, lng: Locale): Map<string, string> {
  const english = flattenMessages(en);
  const expected = new Map<string, string>();
  for (const [key, text] of Object.entries(english)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const isPluralFamily = base !== key && `${base}_other` in english;
    if (!isPluralFamily) {
      expected.set(key, text);
    } else if (key === `${base}_other`) {
      for (const category of pluralCategories(lng)) expected.set(`${base}_${category}`, text);
    }
  }
  return expected;
}

function samePlaceholders(key: string, translation: string, english: string): boolean {
  const wanted = placeholdersOf(english);
  const found = placeholdersOf(translation);
  // A singular or dual form may spell the number out ("متجر واحد") instead of interpolating {{count}}.
  const countOptional = PLURAL_SUFFIX.test(key) && !key.endsWith('_other');
  const comparable = (names: string[]) => (countOptional ? names.filter((name) => name !== 'count') : names);
  return comparable(wanted).join() === comparable(found).join();
}

/** How one language's namespace differs from `en`: what the parity tests and the key-check tool report. */
export function keyMismatches(en: Messages, translation: Messages, lng: Locale): KeyMismatches {
  const expected = expectedKeys(en, lng);
  const actual = flattenMessages(translation);
  const missing = [...expected.keys()].filter((key) => !(key in actual));
  const extra = Object.keys(actual).filter((key) => !expected.has(key));
  const placeholders = Object.entries(actual)
    .filter(([key, text]) => expected.has(key) && !samePlaceholders(key, text, expected.get(key) ?? ''))
    .map(([key]) => key);
  return { missing: missing.sort(), extra: extra.sort(), placeholders: placeholders.sort() };
}
