import type { i18n, InitOptions } from 'i18next';
import { DEFAULT_NAMESPACE } from './default-namespace';
import { ALL_LOCALES, FALLBACK_LOCALE, INTL_LOCALE_TAGS, type Locale } from './locale';

/**
 * i18next picks plural forms with `Intl.PluralRules`, which rejects the code `zhtw` and would then apply
 * English rules (`_one` for 1), missing the Traditional Chinese text and falling back to English. Resolve
 * plural rules through the real BCP 47 tag of each product code instead.
 */
export function usePluralRulesOfIntlTags(instance: i18n): void {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => {
    const tag = (INTL_LOCALE_TAGS as Readonly<Record<string, string>>)[code];
    return getRule(tag ?? code, options);
  };
}

/** What `createI18n` and `loadI18n` both give i18next; each adds where the texts come from. */
export const sharedInitOptions = (lng: Locale, namespaces: string[]): InitOptions => ({
  lng,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...ALL_LOCALES],
  load: 'currentOnly',
  ns: namespaces,
  defaultNS: DEFAULT_NAMESPACE,
  // React escapes what it renders; escaping here too would show &amp; and friends.
  interpolation: { escapeValue: false },
  // An empty translation is a mistake, not a wish to show nothing: fall back to English instead.
  returnEmptyString: false,
});
