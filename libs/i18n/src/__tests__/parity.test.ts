import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES, RTL_LOCALES } from '../locale';
import { flattenMessages } from '../messages';
import { expectedKeys, keyMismatches } from '../parity';
import { NAMESPACES, enResources, resources } from '../resources';

const TRANSLATED = SUPPORTED_LOCALES.filter((lng) => lng !== 'en');

/**
 * Proper nouns a translation may write exactly as English does, as whole texts: brand names in every language,
 * and the market names Malay spells the English way (Singapore and the Philippines are Singapura and Filipina,
 * so they are not here). Anything else identical to English is an untranslated copy.
 */
const PROPER_NOUNS: { readonly [lng in (typeof TRANSLATED)[number]]?: readonly string[] } & { readonly all: readonly string[] } = {
  all: ['Merchant Hub', 'ECPay'],
  ms: ['Malaysia', 'Taiwan', 'Thailand'],
};

const isProperNoun = (lng: (typeof TRANSLATED)[number], text: string): boolean =>
  PROPER_NOUNS.all.includes(text) || (PROPER_NOUNS[lng] ?? []).includes(text);

/** The namespace files a language's folder holds (one file per namespace, plus the index wiring them). */
const namespaceFiles = (lng: string): string[] =>
  readdirSync(join(__dirname, '..', 'locales', lng))
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();

describe('key parity with en', () => {
  describe.each(NAMESPACES)('namespace %s', (ns) => {
    it.each(SUPPORTED_LOCALES)('%s has exactly the keys en has, plural forms per its own rules', (lng) => {
      const { missing, extra } = keyMismatches(enResources[ns], resources[lng][ns], lng);
      expect({ lng, ns, missing, extra }).toEqual({ lng, ns, missing: [], extra: [] });
    });

    it.each(SUPPORTED_LOCALES)('%s interpolates the same {{placeholders}} as en', (lng) => {
      const { placeholders } = keyMismatches(enResources[ns], resources[lng][ns], lng);
      expect({ lng, ns, placeholders }).toEqual({ lng, ns, placeholders: [] });
    });

    it.each(TRANSLATED)('%s translates every text instead of copying the English', (lng) => {
      const english = expectedKeys(enResources[ns], lng);
      const copied = Object.entries(flattenMessages(resources[lng][ns]))
        .filter(([key, text]) => text === english.get(key) && !isProperNoun(lng, text))
        .map(([key]) => key);
      expect({ lng, ns, copied }).toEqual({ lng, ns, copied: [] });
    });

    it.each(SUPPORTED_LOCALES)('%s has no empty or padded text', (lng) => {
      const blank = Object.entries(flattenMessages(resources[lng][ns]))
        .filter(([, text]) => text.trim() === '' || text !== text.trim())
        .map(([key]) => key);
      expect({ lng, ns, blank }).toEqual({ lng, ns, blank: [] });
    });
  });

  it.each(RTL_LOCALES)('right-to-left test language %s carries a complete, translated common namespace', (lng) => {
    expect(keyMismatches(enResources.common, resources[lng].common, lng)).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
    });
    expect(Object.keys(resources[lng])).toEqual(['common']);
  });

  it('wires every namespace file of en into NAMESPACES', () => {
    expect(NAMESPACES).toEqual(namespaceFiles('en'));
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'errors', 'validation']));
  });

  it.each(SUPPORTED_LOCALES)('%s has a file and a bundled namespace for every namespace of en', (lng) => {
    expect({ lng, files: namespaceFiles(lng) }).toEqual({ lng, files: [...NAMESPACES] });
    expect({ lng, bundled: Object.keys(resources[lng]).sort() }).toEqual({ lng, bundled: [...NAMESPACES] });
  });
});

describe('keyMismatches', () => {
  const en = {
    title: 'Billing',
    coupon: { apply: 'Apply', removed: 'Coupon {{code}} removed' },
    store_one: '{{count}} store',
    store_other: '{{count}} stores',
  };

  it('names a key en has that the translation lacks, however deep', () => {
    const ms = { title: 'Pengebilan', coupon: { apply: 'Guna' }, store_other: '{{count}} kedai' };
    expect(keyMismatches(en, ms, 'ms').missing).toEqual(['coupon.removed']);
  });

  it('names a key the translation has that en lacks', () => {
    const ms = {
      title: 'Pengebilan',
      subtitle: 'Langganan',
      coupon: { apply: 'Guna', removed: 'Kupon {{code}} dibuang' },
      store_other: '{{count}} kedai',
    };
    expect(keyMismatches(en, ms, 'ms').extra).toEqual(['subtitle']);
  });

  it('accepts _other alone for a language without a singular form, and flags an unused _one', () => {
    const th = { title: 'บิล', coupon: { apply: 'ใช้', removed: 'ลบคูปอง {{code}} แล้ว' }, store_other: '{{count}} ร้าน' };
    expect(keyMismatches(en, th, 'th')).toEqual({ missing: [], extra: [], placeholders: [] });
    expect(keyMismatches(en, { ...th, store_one: '{{count}} ร้าน' }, 'th').extra).toEqual(['store_one']);
  });

  it('requires both forms in English and every CLDR form in Arabic', () => {
    const { store_one: _dropped, ...enWithoutOne } = en;
    expect(keyMismatches(en, enWithoutOne, 'en').missing).toEqual(['store_one']);
    const ar = { title: 'الفوترة', coupon: { apply: 'تطبيق', removed: 'أزيلت القسيمة {{code}}' }, store_other: '{{count}} متجر' };
    expect(keyMismatches(en, ar, 'ar').missing).toEqual(['store_few', 'store_many', 'store_one', 'store_two', 'store_zero']);
  });

  it('flags a lost, renamed or invented placeholder but lets a singular form spell out its count', () => {
    const zh = {
      title: '账单',
      coupon: { apply: '使用', removed: '已移除优惠券 {{coupon}}' },
      store_other: '{{amount}} 家店铺',
    };
    expect(keyMismatches(en, zh, 'zh').placeholders).toEqual(['coupon.removed', 'store_other']);
    const he = { title: 'חיובים', coupon: { apply: 'החלה', removed: 'הקופון {{code}} הוסר' } };
    const heStores = { store_one: 'חנות אחת', store_two: 'שתי חנויות', store_other: '{{count}} חנויות' };
    expect(keyMismatches(en, { ...he, ...heStores }, 'he')).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
