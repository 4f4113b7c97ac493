import { MoneyError, CURRENCIES, currencyOf, exceedsChargeCeiling, getCurrency, isCurrencyCode, isValidMinor, toMajor } from '../index';
import type { CurrencyCode } from '@merchant-hub/domain';

describe('currency table', () => {
  it.each([
    ['MYR', 'RM', true, 2, 2, 5_000_000],
    ['SGD', 'S$', false, 2, 2, 2_000_000],
    ['PHP', '₱', false, 2, 2, 60_000_000],
    ['THB', '฿', false, 2, 2, 40_000_000],
    ['TWD', 'NT$', false, 0, 2, 50_000_000],
  ] as const)('describes %s: symbol %s, space %s, %i display decimals, ISO exponent %i, charge ceiling %i', (code, symbol, space, shown, exponent, ceiling) => {
    expect(getCurrency(code)).toEqual({
      maxChargeMinor: ceiling,
      code,
      symbol,
      spaceAfterSymbol: space,
      displayDecimals: shown,
      minorExponent: exponent,
      thousandsSeparator: ',',
      decimalSeparator: '.',
    });
  });

  it('holds exactly the five market currencies', () => {
    expect(Object.keys(CURRENCIES).sort()).toEqual(['MYR', 'PHP', 'SGD', 'THB', 'TWD']);
  });

  it('refuses a currency code that only the data, not the type, allowed', () => {
    expect(() => getCurrency('USD' as CurrencyCode)).toThrow(MoneyError);
    expect(() => getCurrency('USD' as CurrencyCode)).toThrow(expect.objectContaining({ code: 'unknown_currency' }));
    expect(isCurrencyCode('TWD')).toBe(true);
    expect(isCurrencyCode('twd')).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });

  it.each([
    ['MY', 'MYR'],
    ['SG', 'SGD'],
    ['PH', 'PHP'],
    ['TH', 'THB'],
    ['TW', 'TWD'],
  ] as const)('sells in the market %s in %s', (market, currency) => {
    expect(currencyOf(market)).toBe(currency);
  });

  it.each([
    [129050, 'MYR', 1290.5],
    [129050, 'SGD', 1290.5],
    [99900, 'PHP', 999],
    [1, 'THB', 0.01],
    [129000, 'TWD', 1290],
    [-500, 'MYR', -5],
  ] as const)('converts %i minor units of %s to %d major units for display', (minor, currency, major) => {
    expect(toMajor(minor, currency)).toBe(major);
  });

  it.each([
    [0, true],
    [-3, true],
    [Number.MAX_SAFE_INTEGER, true],
    [1.5, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [Number.NaN, false],
    [Infinity, false],
    ['100', false],
    [null, false],
  ])('judges %p as valid minor units: %p', (value, valid) => {
    expect(isValidMinor(value)).toBe(valid);
  });
});

describe('exceedsChargeCeiling', () => {
  it.each([
    ['MYR', 5_000_000, false],
    ['MYR', 5_000_001, true],
    ['TWD', 2_699_990_000_000, true],
    ['PHP', 14_398_800, false],
    ['SGD', Number.MAX_SAFE_INTEGER + 1, true],
    ['THB', 0, false],
  ] as const)('%s %p → %p', (currency, amount, exceeds) => {
    expect(exceedsChargeCeiling(amount, currency)).toBe(exceeds);
  });

  it('sits above every yearly Enterprise plan with ten add-on stores and below Stripe’s cap', () => {
    for (const currency of Object.values(CURRENCIES)) {
      expect(currency.maxChargeMinor).toBeLessThan(99_999_999);
      expect(currency.maxChargeMinor).toBeGreaterThan(1_000_000);
    }
  });
});
