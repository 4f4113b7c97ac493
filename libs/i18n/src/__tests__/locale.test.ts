import { LANGUAGE_NAMES, RTL_LOCALES, SUPPORTED_LOCALES, dir, isRtl, isSupportedLocale, normalizeLocale } from '../locale';

describe('normalizeLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['ms', 'ms'],
    ['ms-MY', 'ms'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh_CN', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-Hans-TW', 'zh'],
    ['zhtw', 'zhtw'],
    ['ZHTW', 'zhtw'],
    ['zh-TW', 'zhtw'],
    ['zh-tw', 'zhtw'],
    ['zh-Hant', 'zhtw'],
    ['zh_TW', 'zhtw'],
    ['zh-Hant-HK', 'zhtw'],
    ['zh-HK', 'zhtw'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['th_TH', 'th'],
    [' th-TH ', 'th'],
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['he', 'he'],
    ['he-IL', 'he'],
    ['iw', 'he'],
  ])('maps %j to %s', (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });

  it.each(['fr', 'ru', 'ja', 'de-DE', 'my', 'zhcn', '', '   ', null, undefined])('renders %j in English', (input) => {
    expect(normalizeLocale(input)).toBe('en');
  });
});

describe('text direction', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-SA', 'rtl'],
    ['he', 'rtl'],
    ['he_IL', 'rtl'],
    ['en', 'ltr'],
    ['zhtw', 'ltr'],
    ['th', 'ltr'],
    // Persian is right to left, but it is not a product language: the page renders in English, left to right.
    ['fa', 'ltr'],
    [undefined, 'ltr'],
  ])('%j is laid out %s', (lng, direction) => {
    expect(dir(lng)).toBe(direction);
    expect(isRtl(lng)).toBe(direction === 'rtl');
  });
});

describe('locale lists', () => {
  it('names every language in itself', () => {
    expect(LANGUAGE_NAMES).toEqual({
      en: 'English',
      ms: 'Bahasa Melayu',
      zh: '简体中文',
      zhtw: '繁體中文',
      th: 'ไทย',
      ar: 'العربية',
      he: 'עברית',
    });
  });

  it('keeps the right-to-left test languages apart from the product languages', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'ms', 'zh', 'zhtw', 'th']);
    expect(RTL_LOCALES).toEqual(['ar', 'he']);
    expect(isSupportedLocale('zhtw')).toBe(true);
    expect(isSupportedLocale('ar')).toBe(false);
    expect(isSupportedLocale('zh-TW')).toBe(false);
  });
});
