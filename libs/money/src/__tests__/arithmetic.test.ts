import { MoneyError, percentOf, roundForDisplay, sumMinor } from '../index';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
};

describe('percentOf', () => {
  it.each([
    [10000, 8, 800],
    [9900, 8, 792],
    [10, 7.5, 1], // 0.75 → 1
    [1000, 0.05, 1], // exactly 0.5 rounds up
    [999, 0.05, 0], // 0.4995 → 0
    [10000, 0.07, 7], // 0.07 is not exact in binary; must still give 7
    [123, 33.3333, 41], // 40.9999959 → 41
    [76032, 8, 6083], // 6082.56 → 6083
    [5, 50, 3], // 2.5 → 3
    [-5, 50, -3], // half away from zero: the size does not depend on the sign
    [-10, 5, -1], // -0.5 → -1
    [0, 12, 0],
    [12345, 0, 0],
    [12345, 100, 12345],
    [Number.MAX_SAFE_INTEGER, 100, Number.MAX_SAFE_INTEGER], // no float overflow on the way
  ])('%i at %d%% is %i', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });

  it.each([
    [1.5, 10, 'invalid_amount'],
    [Number.MAX_SAFE_INTEGER + 1, 10, 'invalid_amount'],
    [100, -1, 'invalid_percent'],
    [100, 100.01, 'invalid_percent'],
    [100, Number.NaN, 'invalid_percent'],
    [100, 7.12345, 'invalid_percent'], // a fifth decimal would be silently lost
  ])('refuses %p at %p%% with %s', (amount, percent, code) => {
    expect(codeOf(() => percentOf(amount, percent))).toBe(code);
  });
});

describe('sumMinor', () => {
  it('adds exactly and gives 0 for nothing', () => {
    expect(sumMinor()).toBe(0);
    expect(sumMinor(1, 2, 3)).toBe(6);
    expect(sumMinor(9900, -792, 50)).toBe(9158);
  });

  it('refuses fractional addends and sums beyond the safe range', () => {
    expect(codeOf(() => sumMinor(1, 0.5))).toBe('invalid_amount');
    expect(codeOf(() => sumMinor(Number.MAX_SAFE_INTEGER, 1))).toBe('invalid_amount');
  });
});

describe('roundForDisplay', () => {
  it.each([
    [12349, 'TWD', 12300],
    [12350, 'TWD', 12400], // NT$123.50 → NT$124
    [-12350, 'TWD', -12400],
    [49, 'TWD', 0],
    [129000, 'TWD', 129000],
    [12349, 'MYR', 12349],
    [12349, 'SGD', 12349],
    [12349, 'PHP', 12349],
    [12349, 'THB', 12349],
  ] as const)('rounds %i %s to %i', (amount, currency, expected) => {
    expect(roundForDisplay(amount, currency)).toBe(expected);
  });
});
