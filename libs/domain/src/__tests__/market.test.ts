import { checkoutChannelsOf, isLocale, isMarket, MARKET_CURRENCY, MARKETS, STORE_INDUSTRIES } from '../index';

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

  it.each([
    ['MY', ['card', 'fpx']],
    ['SG', ['card']],
    ['PH', ['card']],
    ['TH', ['card']],
    ['TW', ['ecpay']],
  ] as const)('lets a plan of %s be paid with %j only', (market, channels) => {
    expect(checkoutChannelsOf(market)).toEqual(channels);
  });
});
