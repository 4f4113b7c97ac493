import { countryName, regionName, regionNameTranslations } from '../region-names';

describe('regionName', () => {
  it("names a country in the page's language, the same on every ask (names are kept by language and code)", () => {
    expect(regionName('tw', 'Taiwan', 'zhtw')).toBe('台灣');
    expect(regionName('TW', 'Taiwan', 'zhtw')).toBe('台灣');
    expect(regionName('TW', 'Taiwan', 'en')).toBe('Taiwan');
    expect(regionName('MY', 'Malaysia', 'th')).toBe('มาเลเซีย');
  });

  it("falls back to the API's name for a code the runtime does not know, every time", () => {
    expect(regionName('XX', 'Nowhere', 'en')).toBe('Nowhere');
    expect(regionName('XX', 'Elsewhere', 'en')).toBe('Elsewhere');
    expect(regionName('X1', 'Bad code', 'en')).toBe('Bad code');
  });
});

describe('regionNameTranslations and countryName', () => {
  it("gives a country's name in the four other languages, for the API to send with it", () => {
    expect(regionNameTranslations('TW', 'Taiwan')).toEqual({ ms: 'Taiwan', zh: '台湾', zhtw: '台灣', th: 'ไต้หวัน' });
    expect(regionNameTranslations('XX', 'Nowhere')).toEqual({ ms: 'Nowhere', zh: 'Nowhere', zhtw: 'Nowhere', th: 'Nowhere' });
  });

  it("shows the API's translation when the country carries them, English as its name, without asking the runtime", () => {
    const sent = { name: 'Thailand', iso_code: 'TH', translations: { zhtw: '泰國 (API)' } };
    expect(countryName(sent, 'zhtw')).toBe('泰國 (API)');
    expect(countryName(sent, 'en')).toBe('Thailand');
    // A language the API left out: its English name, not the runtime's.
    expect(countryName(sent, 'th')).toBe('Thailand');
  });

  it("asks the runtime for a country sent without translations", () => {
    expect(countryName({ name: 'Thailand', iso_code: 'TH' }, 'th')).toBe('ไทย');
    expect(countryName({ name: 'Thailand', iso_code: 'TH', translations: null }, 'zhtw')).toBe('泰國');
  });
});
