import { regionName } from '../region-names';

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
