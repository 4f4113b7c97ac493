import type { CheckoutTotals, Coupon } from '@merchant-hub/domain';
import { addTax, checkoutTotals, couponDiscount, MoneyError } from '../index';
import type { CheckoutInput } from '../index';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'not a MoneyError';
  }
  return undefined;
};

type Case = [name: string, input: CheckoutInput, expected: Omit<CheckoutTotals, 'currency'>];

// Each expected value worked out by hand; the comments show the arithmetic.
const cases: Case[] = [
  [
    'MYR monthly plan with 8% SST', // 9900 × 8% = 792
    { price: 9900, taxPercent: 8, currency: 'MYR' },
    { packagePrice: 9900, packageDiscount: 0, coupon: 0, subtotal: 9900, totalTax: 792, roundingAmount: 0, total: 10692, totalWithFormat: 'RM 106.92' },
  ],
  [
    'MYR yearly plan saving 20% with a 20% coupon on top',
    // 118800 × 20% = 23760 → 95040; × 20% = 19008 → 76032; × 8% = 6082.56 → 6083
    { price: 118800, discountPercent: 20, coupon: { percent_off: 20 }, taxPercent: 8, currency: 'MYR' },
    { packagePrice: 118800, packageDiscount: 23760, coupon: 19008, subtotal: 76032, totalTax: 6083, roundingAmount: 0, total: 82115, totalWithFormat: 'RM 821.15' },
  ],
  [
    'SGD plan with S$10 off and 9% GST', // 12900 − 1000 = 11900; × 9% = 1071
    { price: 12900, coupon: { amount_off: 1000, currency: 'SGD' }, taxPercent: 9, currency: 'SGD' },
    { packagePrice: 12900, packageDiscount: 0, coupon: 1000, subtotal: 11900, totalTax: 1071, roundingAmount: 0, total: 12971, totalWithFormat: 'S$129.71' },
  ],
  [
    'PHP plan with a 15% coupon and 12% VAT', // 99900 × 15% = 14985 → 84915; × 12% = 10189.8 → 10190
    { price: 99900, coupon: { percent_off: 15 }, taxPercent: 12, currency: 'PHP' },
    { packagePrice: 99900, packageDiscount: 0, coupon: 14985, subtotal: 84915, totalTax: 10190, roundingAmount: 0, total: 95105, totalWithFormat: '₱951.05' },
  ],
  [
    'THB plan with ฿5 off and a fractional 7.5% rate', // 59900 − 500 = 59400; × 7.5% = 4455
    { price: 59900, coupon: { amount_off: 500, currency: 'THB' }, taxPercent: 7.5, currency: 'THB' },
    { packagePrice: 59900, packageDiscount: 0, coupon: 500, subtotal: 59400, totalTax: 4455, roundingAmount: 0, total: 63855, totalWithFormat: '฿638.55' },
  ],
  [
    'THB tax rounded half-up to a satang', // 1999 × 7% = 139.93 → 140
    { price: 1999, taxPercent: 7, currency: 'THB' },
    { packagePrice: 1999, packageDiscount: 0, coupon: 0, subtotal: 1999, totalTax: 140, roundingAmount: 0, total: 2139, totalWithFormat: '฿21.39' },
  ],
  [
    'TWD monthly plan: tax in whole dollars, so every line shown adds up to the total', // 129000 × 5% = 6450 → 6500
    { price: 129000, taxPercent: 5, currency: 'TWD' },
    { packagePrice: 129000, packageDiscount: 0, coupon: 0, subtotal: 129000, totalTax: 6500, roundingAmount: 0, total: 135500, totalWithFormat: 'NT$1,355' },
  ],
  [
    'TWD yearly plan saving 20% with NT$10 off',
    // 1548000 × 20% = 309600 → 1238400; − 1000 = 1237400; × 5% = 61870 → 61900; total 1299300
    { price: 1548000, discountPercent: 20, coupon: { amount_off: 1000, currency: 'TWD' }, taxPercent: 5, currency: 'TWD' },
    { packagePrice: 1548000, packageDiscount: 309600, coupon: 1000, subtotal: 1237400, totalTax: 61900, roundingAmount: 0, total: 1299300, totalWithFormat: 'NT$12,993' },
  ],
  [
    'TWD tax rounds down to a whole dollar too', // 100900 × 5% = 5045 → 5000
    { price: 100900, taxPercent: 5, currency: 'TWD' },
    { packagePrice: 100900, packageDiscount: 0, coupon: 0, subtotal: 100900, totalTax: 5000, roundingAmount: 0, total: 105900, totalWithFormat: 'NT$1,059' },
  ],
  [
    'TWD percent coupon: discount in whole dollars, a whole total with no rounding line',
    // 100900 × 15% = 15135 → 15100; 85800 × 5% = 4290 → 4300; total 90100
    { price: 100900, coupon: { percent_off: 15 }, taxPercent: 5, currency: 'TWD' },
    { packagePrice: 100900, packageDiscount: 0, coupon: 15100, subtotal: 85800, totalTax: 4300, roundingAmount: 0, total: 90100, totalWithFormat: 'NT$901' },
  ],
  [
    'TWD without rounding keeps the exact total',
    { price: 129000, taxPercent: 5, currency: 'TWD', round: false },
    { packagePrice: 129000, packageDiscount: 0, coupon: 0, subtotal: 129000, totalTax: 6450, roundingAmount: 0, total: 135450, totalWithFormat: 'NT$1,355' },
  ],
  [
    'MYR coupon larger than the price stops at zero',
    { price: 500, coupon: { amount_off: 1000, currency: 'MYR' }, taxPercent: 8, currency: 'MYR' },
    { packagePrice: 500, packageDiscount: 0, coupon: 500, subtotal: 0, totalTax: 0, roundingAmount: 0, total: 0, totalWithFormat: 'RM 0.00' },
  ],
  [
    'SGD plan discounted 100% leaves nothing for a percent coupon',
    { price: 12900, discountPercent: 100, coupon: { percent_off: 50 }, taxPercent: 9, currency: 'SGD' },
    { packagePrice: 12900, packageDiscount: 12900, coupon: 0, subtotal: 0, totalTax: 0, roundingAmount: 0, total: 0, totalWithFormat: 'S$0.00' },
  ],
];

describe('checkoutTotals', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(checkoutTotals(input)).toEqual({ ...expected, currency: input.currency });
  });

  // Found by the property test with fast-check seed 1984363561 (issue 28): 100 % of NT$619,462,544.50 was
  // rounded to the whole dollar above the price, leaving a subtotal of -50 and throwing.
  it('discounts a TWD price that is not whole dollars by 100 % to exactly zero, never below (seed 1984363561)', () => {
    expect(checkoutTotals({ price: 61946254450, discountPercent: 100, currency: 'TWD', round: true, taxPercent: 0 })).toEqual({
      packagePrice: 61946254450,
      packageDiscount: 61946254450,
      coupon: 0,
      subtotal: 0,
      totalTax: 0,
      roundingAmount: 0,
      total: 0,
      totalWithFormat: 'NT$0',
      currency: 'TWD',
    });
  });

  it('stops a TWD coupon rounded to a whole dollar at what is left to discount', () => {
    // 150 × 99.99 % = 149.985 → 150 → NT$2 (200) shown, capped at the 150 left
    expect(checkoutTotals({ price: 150, coupon: { percent_off: 99.99 }, currency: 'TWD', taxPercent: 5 })).toMatchObject({ coupon: 150, subtotal: 0, total: 0 });
  });

  it('takes a domain coupon (promotion code) as it comes from the API', () => {
    const welcome: Coupon = { id: 'promo_1', code: 'WELCOME20', name: 'Welcome', object: 'promotion_code', amount_off: null, percent_off: 20, currency: null };
    // 9900 × 20% = 1980 → 7920; × 8% = 633.6 → 634
    expect(checkoutTotals({ price: 9900, coupon: welcome, taxPercent: 8, currency: 'MYR' })).toMatchObject({ coupon: 1980, subtotal: 7920, totalTax: 634, total: 8554 });
  });

  it.each([
    ['a coupon in another currency', { price: 9900, coupon: { amount_off: 1000, currency: 'SGD' }, taxPercent: 8, currency: 'MYR' }, 'currency_mismatch'],
    ['a coupon with both kinds of discount', { price: 9900, coupon: { amount_off: 1000, percent_off: 10 }, taxPercent: 8, currency: 'MYR' }, 'invalid_coupon'],
    ['a coupon with no discount', { price: 9900, coupon: { amount_off: null, percent_off: null }, taxPercent: 8, currency: 'MYR' }, 'invalid_coupon'],
    ['a coupon above 100%', { price: 9900, coupon: { percent_off: 120 }, taxPercent: 8, currency: 'MYR' }, 'invalid_percent'],
    ['a negative coupon amount', { price: 9900, coupon: { amount_off: -100 }, taxPercent: 8, currency: 'MYR' }, 'invalid_amount'],
    ['a negative price', { price: -1, taxPercent: 8, currency: 'MYR' }, 'invalid_amount'],
    ['a fractional price', { price: 99.5, taxPercent: 8, currency: 'MYR' }, 'invalid_amount'],
    ['a tax above 100%', { price: 9900, taxPercent: 101, currency: 'MYR' }, 'invalid_percent'],
    ['a tax with five decimals', { price: 9900, taxPercent: 7.12345, currency: 'MYR' }, 'invalid_percent'],
    ['a negative plan discount', { price: 9900, discountPercent: -20, taxPercent: 8, currency: 'MYR' }, 'invalid_percent'],
    ['an unknown currency', { price: 9900, taxPercent: 8, currency: 'USD' }, 'unknown_currency'],
  ] as [string, CheckoutInput, string][])('refuses %s', (_name, input, code) => {
    expect(codeOf(() => checkoutTotals(input))).toBe(code);
  });
});

describe('couponDiscount', () => {
  it.each([
    [10000, { percent_off: 25 }, 'MYR', 2500],
    [999, { percent_off: 50 }, 'SGD', 500], // 499.5 → 500
    [99900, { amount_off: 1000 }, 'PHP', 1000],
    [300, { amount_off: 1000, currency: 'THB' }, 'THB', 300],
    [129000, { amount_off: 10000, currency: 'TWD' }, 'TWD', 10000],
  ] as const)('takes %i minus %j in %s down by %i', (amount, coupon, currency, expected) => {
    expect(couponDiscount(amount, coupon, currency)).toBe(expected);
  });
});

describe('addTax', () => {
  it.each([
    [10000, 8, 800, 10800],
    [11900, 9, 1071, 12971],
    [84915, 12, 10190, 95105],
    [1999, 7, 140, 2139],
    [129000, 5, 6450, 135450],
    [0, 8, 0, 0],
  ])('adds tax to %i at %d%%: tax %i, total %i', (amount, percent, tax, total) => {
    expect(addTax(amount, percent)).toEqual({ tax, total });
  });

  it('refuses tax on a negative amount', () => {
    expect(codeOf(() => addTax(-100, 8))).toBe('invalid_amount');
  });
});
