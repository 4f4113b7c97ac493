import { isLocale, isMarket, MARKET_CURRENCY, MARKETS, STORE_INDUSTRIES } from '../index';

describe('markets', () => {
  it('maps every market to its currency', () => {
    expect(MARKETS.map((m) => MARKET_CURRENCY[m])).toEqual(['MYR', 'SGD', 'PHP', 'THB', 'TWD']);
  });

  it('recognises markets and locales and rejects anything else', () => {
    expect(isMarket('TW')).toBe(true);
    expect(isMarket('US')).toBe(false);
    expect(isMarket(undefined)).toBe(false);
    expect(isLocale('zhtw')).toBe(true);
    expect(isLocale('zh-TW')).toBe(false);
  });

  it('lists the 16 store industries of the spec', () => {
    expect(STORE_INDUSTRIES).toHaveLength(16);
    expect(STORE_INDUSTRIES[15]).toBe('Other');
  });
});
