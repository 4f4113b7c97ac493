import { MoneyError, planChangeProration, prorate } from '../index';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
};

const start = 1_700_000_000;
const days30 = 2_592_000;
const end = start + days30;

describe('prorate', () => {
  it.each([
    ['MYR half a month', 1000, start + 1_296_000, undefined, 500],
    ['SGD with a third of the month left', 12900, start + 1_728_000, undefined, 4300],
    ['PHP with 13 seconds left (0.501 → 1)', 99900, end - 13, undefined, 1],
    ['PHP with 12 seconds left (0.4625 → 0)', 99900, end - 12, undefined, 0],
    ['THB with a third left (19666.67 → 19667)', 59000, start + 1_728_000, undefined, 19667],
    ['TWD with a third left, whole dollars', 129000, start + 1_728_000, 'TWD', 43000],
    ['TWD with a quarter used, to the minor unit', 129000, start + 648_000, undefined, 96750],
    ['TWD with a quarter used, whole dollars (967.50 → 968)', 129000, start + 648_000, 'TWD', 96800],
    ['at the very start: everything', 1000, start, undefined, 1000],
    ['before the period: everything', 1000, start - 10, undefined, 1000],
    ['at the end: nothing', 1000, end, undefined, 0],
    ['after the period: nothing', 1000, end + 100, undefined, 0],
  ] as const)('%s', (_name, amount, at, currency, expected) => {
    expect(prorate({ amount, periodStart: start, periodEnd: end, at, currency })).toBe(expected);
  });

  it('rounds a half minor unit up and a TWD half dollar up, in one step', () => {
    expect(prorate({ amount: 1, periodStart: 0, periodEnd: 2, at: 1 })).toBe(1);
    expect(prorate({ amount: 3, periodStart: 0, periodEnd: 2, at: 1 })).toBe(2);
    // 129000 / 7 = 18428.57 minor units, or NT$184.29 → NT$184
    expect(prorate({ amount: 129000, periodStart: 0, periodEnd: 7, at: 6 })).toBe(18429);
    expect(prorate({ amount: 129000, periodStart: 0, periodEnd: 7, at: 6, currency: 'TWD' })).toBe(18400);
    // 9900 / 200 = 49.5 minor units = NT$0.495 → NT$0; rounding to 50 minor units first would give NT$1
    expect(prorate({ amount: 9900, periodStart: 0, periodEnd: 200, at: 199 })).toBe(50);
    expect(prorate({ amount: 9900, periodStart: 0, periodEnd: 200, at: 199, currency: 'TWD' })).toBe(0);
  });

  it.each([
    ['an empty period', { amount: 1000, periodStart: start, periodEnd: start, at: start }, 'invalid_period'],
    ['a period ending before it starts', { amount: 1000, periodStart: end, periodEnd: start, at: start }, 'invalid_period'],
    ['fractional seconds', { amount: 1000, periodStart: start, periodEnd: end, at: start + 0.5 }, 'invalid_period'],
    ['milliseconds beyond the safe range', { amount: 1000, periodStart: start, periodEnd: 2 ** 60, at: start }, 'invalid_period'],
    ['a fractional amount', { amount: 10.5, periodStart: start, periodEnd: end, at: start }, 'invalid_amount'],
  ])('refuses %s', (_name, input, code) => {
    expect(codeOf(() => prorate(input))).toBe(code);
  });
});

describe('planChangeProration', () => {
  it.each([
    ['MYR 10 → 20 halfway: Stripe’s example', 1000, 2000, start + 1_296_000, undefined, { credit: 500, charge: 1000, net: 500 }],
    ['SGD upgrade with two thirds left', 12900, 25800, start + 864_000, undefined, { credit: 8600, charge: 17200, net: 8600 }],
    ['PHP upgrade on the first second', 99900, 199900, start, undefined, { credit: 99900, charge: 199900, net: 100000 }],
    ['THB downgrade with a third left goes to credit', 59000, 29900, start + 1_728_000, undefined, { credit: 19667, charge: 9967, net: -9700 }],
    ['TWD upgrade a quarter in, to the minor unit', 129000, 258000, start + 648_000, undefined, { credit: 96750, charge: 193500, net: 96750 }],
    ['TWD upgrade a quarter in, whole dollars', 129000, 258000, start + 648_000, 'TWD', { credit: 96800, charge: 193500, net: 96700 }],
    ['change at the period end costs nothing', 1000, 2000, end, undefined, { credit: 0, charge: 0, net: 0 }],
  ] as const)('%s', (_name, oldAmount, newAmount, at, currency, expected) => {
    expect(planChangeProration({ oldAmount, newAmount, periodStart: start, periodEnd: end, at, currency })).toEqual(expected);
  });

  it('refuses a negative price', () => {
    expect(codeOf(() => planChangeProration({ oldAmount: -1, newAmount: 2000, periodStart: start, periodEnd: end, at: start }))).toBe('invalid_amount');
  });
});
