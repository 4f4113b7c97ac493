import { creditChangeMinor, formatCreditBalance, formatCreditChange, MoneyError } from '../index';

describe('formatCreditChange (a ledger amount as the merchant reads it)', () => {
  it.each([
    [-1000, 'MYR', '+RM 10.00'], // a RM 10 credit given to the merchant
    [1000, 'MYR', '-RM 10.00'], // credit used on an invoice or taken back
    [0, 'MYR', 'RM 0.00'],
    [-4900, 'SGD', '+S$49.00'],
    [-123450, 'TWD', '+NT$1,235'],
    [-40, 'TWD', 'NT$0'], // shows as zero: no sign either way
    [40, 'TWD', 'NT$0'],
  ] as const)('writes ledger amount %i %s as %s', (amount, currency, expected) => {
    expect(formatCreditChange(amount, currency)).toBe(expected);
  });

  it('refuses an amount that is not whole minor units', () => {
    expect(() => formatCreditChange(10.5, 'MYR')).toThrow(MoneyError);
  });
});

describe('formatCreditBalance and creditChangeMinor', () => {
  it('reads a negative ledger balance as credit left, with no sign', () => {
    expect(formatCreditBalance(-2500, 'MYR')).toBe('RM 25.00');
    expect(formatCreditBalance(0, 'MYR')).toBe('RM 0.00');
  });

  it('flips the sign and never answers negative zero', () => {
    expect(creditChangeMinor(-1000)).toBe(1000);
    expect(Object.is(creditChangeMinor(0), 0)).toBe(true);
  });
});
