export {
  ALL_LOCALES,
  FALLBACK_LOCALE,
  INTL_LOCALE_TAGS,
  LANGUAGE_NAMES,
  RTL_LOCALES,
  SUPPORTED_LOCALES,
  dir,
  isRtl,
  isSupportedLocale,
  normalizeLocale,
} from './locale';
export type { Locale, RtlLocale, SupportedLocale, TextDirection } from './locale';
export { createI18n } from './create-i18n';
export type { CreateI18nOptions, ExtraNamespaces, ResourceOverrides } from './create-i18n';
export { NAMESPACE_NAMES, loadAllNamespaces, loadI18n } from './load-i18n';
export type { LoadI18nOptions, LocaleBundle } from './load-i18n';
export { DEFAULT_NAMESPACE, NAMESPACES, enResources, resources } from './resources';
export type { EnResources, LocaleResources, Namespace, Resources, RtlLocaleResources } from './resources';
export { flattenMessages, placeholdersOf } from './messages';
export type { Messages } from './messages';
export { expectedKeys, keyMismatches } from './parity';
export type { KeyMismatches } from './parity';
export { countryName, languageName, listEntryName, regionName, regionNameTranslations } from './region-names';
export { chargeLineText, ledgerEntryText, taxNameKey } from './billing-words';
export type { ChargeLineLabelWords, LedgerLabelWords, Translate } from './billing-words';
