/** The five product languages; each one carries every namespace (the parity test holds them to `en`). */
export const SUPPORTED_LOCALES = ['en', 'ms', 'zh', 'zhtw', 'th'] as const;

/**
 * Right-to-left languages kept so the RTL theme option can be exercised on real text. They carry only the
 * `common` namespace; every other key falls back to English.
 */
export const RTL_LOCALES = ['ar', 'he'] as const;

export const ALL_LOCALES = [...SUPPORTED_LOCALES, ...RTL_LOCALES] as const;

export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export type RtlLocale = (typeof RTL_LOCALES)[number];
export type Locale = (typeof ALL_LOCALES)[number];
export type TextDirection = 'ltr' | 'rtl';

export const FALLBACK_LOCALE = 'en' satisfies Locale;

/** Each language named in itself, for a language switcher. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ms: 'Bahasa Melayu',
  zh: '简体中文',
  zhtw: '繁體中文',
  th: 'ไทย',
  ar: 'العربية',
  he: 'עברית',
};

/**
 * BCP 47 tag of each code, for Intl APIs (dates, numbers, plural rules). `zhtw` is the product's own code and
 * not a valid tag, so Intl would reject it.
 */
export const INTL_LOCALE_TAGS: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  ms: 'ms-MY',
  zh: 'zh-CN',
  zhtw: 'zh-TW',
  th: 'th-TH',
  ar: 'ar',
  he: 'he-IL',
};

const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

function chineseVariant(subtags: readonly string[]): 'zh' | 'zhtw' {
  // An explicit script wins over the region: zh-Hans-TW is Simplified text read in Taiwan.
  if (subtags.includes('hans')) return 'zh';
  if (subtags.includes('hant')) return 'zhtw';
  return subtags.some((subtag) => TRADITIONAL_CHINESE_REGIONS.has(subtag)) ? 'zhtw' : 'zh';
}

/**
 * Maps the spellings the product meets (query strings, browser languages, legacy settings: `en-US`, `ms-MY`,
 * `zh_CN`, `zh-Hant`, `zh-TW`, `th_TH`, `zhtw`...) to a product code. Anything unknown renders in English.
 */
export function normalizeLocale(input: string | null | undefined): Locale {
  const [language = '', ...subtags] = (input ?? '').trim().toLowerCase().replace(/_/g, '-').split('-');
  switch (language) {
    case 'en':
      return 'en';
    case 'ms':
      return 'ms';
    case 'zh':
      return chineseVariant(subtags);
    case 'zhtw':
      return 'zhtw';
    case 'th':
      return 'th';
    case 'ar':
      return 'ar';
    case 'he':
    case 'iw': // Hebrew's withdrawn ISO code, still reported by older Java and Android stacks
      return 'he';
    default:
      return FALLBACK_LOCALE;
  }
}

export function isSupportedLocale(input: string): input is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(input);
}

/** Whether the language the product would render for `lng` is written right to left. */
export function isRtl(lng: string | null | undefined): boolean {
  return (RTL_LOCALES as readonly string[]).includes(normalizeLocale(lng));
}

/** Value for `<html dir>` and Mantine's DirectionProvider. */
export function dir(lng: string | null | undefined): TextDirection {
  return isRtl(lng) ? 'rtl' : 'ltr';
}
