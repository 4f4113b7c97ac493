import { formatMoney, MoneyError, planPriceLabel } from '../index';

describe('formatMoney', () => {
  it.each([
    [129050, 'MYR', 'RM 1,290.50'],
    [123450, 'MYR', 'RM 1,234.50'],
    [0, 'MYR', 'RM 0.00'],
    [5, 'MYR', 'RM 0.05'],
    [-500, 'MYR', '-RM 5.00'],
    [100000000, 'MYR', 'RM 1,000,000.00'],
    [Number.MAX_SAFE_INTEGER, 'MYR', 'RM 90,071,992,547,409.91'],
    [129050, 'SGD', 'S$1,290.50'],
    [99, 'SGD', 'S$0.99'],
    [-1, 'SGD', '-S$0.01'],
    [129050, 'PHP', '₱1,290.50'],
    [1234567, 'PHP', '₱12,345.67'],
    [129050, 'THB', '฿1,290.50'],
    [100000, 'THB', '฿1,000.00'],
    [129000, 'TWD', 'NT$1,290'],
    [123450, 'TWD', 'NT$1,235'], // NT$1,234.50 rounds half-up
    [123449, 'TWD', 'NT$1,234'],
    [-123450, 'TWD', '-NT$1,235'],
    [-40, 'TWD', 'NT$0'], // rounds to zero: no minus sign
    [0, 'TWD', 'NT$0'],
    [100000000, 'TWD', 'NT$1,000,000'],
    [Number.MAX_SAFE_INTEGER, 'TWD', 'NT$90,071,992,547,410'], // rounds past the safe range without failing
  ] as const)('writes %i %s as %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('writes the bare number for input fields', () => {
    expect(formatMoney(129050, 'MYR', { withSymbol: false })).toBe('1,290.50');
    expect(formatMoney(-129000, 'TWD', { withSymbol: false })).toBe('-1,290');
  });

  it('drops all-zero decimals only when asked and only when they are zero', () => {
    expect(formatMoney(9900, 'MYR', { trimZeroDecimals: true })).toBe('RM 99');
    expect(formatMoney(9950, 'MYR', { trimZeroDecimals: true })).toBe('RM 99.50');
    expect(formatMoney(9905, 'SGD', { trimZeroDecimals: true })).toBe('S$99.05');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(12.5, 'MYR')).toThrow(MoneyError);
  });
});

describe('planPriceLabel', () => {
  it.each([
    [9900, 'MYR', 'monthly', 'RM 99/mo'],
    [99000, 'MYR', 'yearly', 'RM 990/yr'],
    [9950, 'MYR', 'monthly', 'RM 99.50/mo'],
    [12900, 'SGD', 'monthly', 'S$129/mo'],
    [4990, 'SGD', 'yearly', 'S$49.90/yr'],
    [99900, 'PHP', 'monthly', '₱999/mo'],
    [1199000, 'PHP', 'yearly', '₱11,990/yr'],
    [59000, 'THB', 'monthly', '฿590/mo'],
    [566400, 'THB', 'yearly', '฿5,664/yr'],
    [129000, 'TWD', 'monthly', 'NT$1,290/mo'],
    [1290000, 'TWD', 'yearly', 'NT$12,900/yr'],
  ] as const)('labels %i %s %s as %s', (amount, currency, period, expected) => {
    expect(planPriceLabel(amount, currency, period)).toBe(expected);
  });
});
