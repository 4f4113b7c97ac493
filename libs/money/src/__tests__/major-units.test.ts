import fc from 'fast-check';
import { fromWholeMajor, marketOf, MoneyError, netPrice, toMajorString, toWholeMajor } from '../index';
import { currencyOf } from '../index';
import { MARKETS } from '@merchant-hub/domain';

describe('toMajorString', () => {
  it.each([
    [129050, 'MYR', '1290.50'],
    [129000, 'TWD', '1290.00'],
    [5, 'SGD', '0.05'],
    [-5, 'MYR', '-0.05'],
    [0, 'THB', '0.00'],
  ] as const)('writes %i %s as %s', (amount, currency, expected) => {
    expect(toMajorString(amount, currency)).toBe(expected);
  });

  it('matches the old `(amount / 100).toFixed(2)` for every two-decimal amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (amount) => expect(toMajorString(amount, 'MYR')).toBe((amount / 100).toFixed(2))));
  });
});

describe('toWholeMajor / fromWholeMajor', () => {
  it('turns a TWD amount into the whole dollars ECPay takes and back', () => {
    expect(toWholeMajor(129000, 'TWD')).toBe(1290);
    expect(fromWholeMajor(1290, 'TWD')).toBe(129000);
  });

  it('refuses to drop a fraction of a dollar', () => {
    expect(() => toWholeMajor(129050, 'TWD')).toThrow(MoneyError);
    expect(() => fromWholeMajor(12.5, 'TWD')).toThrow(MoneyError);
  });

  it('round-trips every whole amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (major) => expect(toWholeMajor(fromWholeMajor(major, 'TWD'), 'TWD')).toBe(major)));
  });
});

describe('marketOf', () => {
  it('is the inverse of currencyOf for every market', () => {
    expect(MARKETS.map((m) => marketOf(currencyOf(m)))).toEqual([...MARKETS]);
  });

  it('refuses a currency no market sells in', () => {
    expect(() => marketOf('EUR' as never)).toThrow(MoneyError);
  });
});

describe('netPrice', () => {
  it('takes the plan discount off, rounded half-up', () => {
    // 118800 × 20% = 23760 → 95040; 12345 × 15% = 1851.75 → 1852 → 10493
    expect(netPrice(118800, 20)).toBe(95040);
    expect(netPrice(12345, 15)).toBe(10493);
    expect(netPrice(9900, 0)).toBe(9900);
  });
});
