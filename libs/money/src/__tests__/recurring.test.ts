import { amountForQuantity, MoneyError, monthlyRevenue, yearlySavingPercent } from '../index';

describe('amountForQuantity', () => {
  it.each([
    [3000, 0, 0],
    [3000, 1, 3000],
    [3000, 7, 21000],
    [1, 9, 9],
  ])('%i × %i is %i', (unit, quantity, expected) => {
    expect(amountForQuantity(unit, quantity)).toBe(expected);
  });

  it('refuses a fractional quantity and a product past the safe range instead of rounding it', () => {
    expect(() => amountForQuantity(3000, 1.5)).toThrow(MoneyError);
    expect(() => amountForQuantity(Number.MAX_SAFE_INTEGER, 2)).toThrow(MoneyError);
  });
});

describe('monthlyRevenue', () => {
  it.each([
    [9900, 0, 'monthly', 9900],
    [99000, 20, 'monthly', 79200],
    [99000, 0, 'yearly', 8250],
    [99006, 0, 'yearly', 8251], // 8250.5 → half up
    [99005, 0, 'yearly', 8250], // 8250.41… → down
    [120000, 10, 'yearly', 9000], // 108000 / 12
  ] as const)('%i at %d%% off, %s, is %i a month', (price, discount, period, expected) => {
    expect(monthlyRevenue(price, discount, period)).toBe(expected);
  });
});

describe('yearlySavingPercent', () => {
  it.each([
    [10000, 96000, 20], // exactly 20 %: the float form gave 19.999… and needed a fudge
    [10000, 96001, 19], // 19.99… rounds down
    [10000, 120000, 0],
    [10000, 120480, -1], // dearer by 0.4 % rounds down, away from zero
    [10000, 132000, -10],
    [3333, 0, 100],
    [7, 67, 20], // 84 → 67: 20.2 %
  ])('monthly %i against yearly %i saves %i %%', (monthly, yearly, expected) => {
    expect(yearlySavingPercent(monthly, yearly)).toBe(expected);
  });

  it('has nothing to compare with when the monthly plan is free', () => {
    expect(yearlySavingPercent(0, 96000)).toBeNull();
  });
});
