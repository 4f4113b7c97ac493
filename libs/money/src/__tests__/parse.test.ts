import { parseMoney } from '../index';

describe('parseMoney', () => {
  it.each([
    ['1,234.50', 'MYR', 123450],
    ['1234.5', 'MYR', 123450],
    [' RM 12.3 ', 'MYR', 1230],
    ['RM12', 'MYR', 1200],
    ['0.01', 'MYR', 1],
    ['0', 'MYR', 0],
    ['1,000,000', 'MYR', 100000000],
    ['S$1,290.50', 'SGD', 129050],
    ['49.9', 'SGD', 4990],
    ['₱999', 'PHP', 99900],
    ['12,345.6', 'PHP', 1234560],
    ['฿590.00', 'THB', 59000],
    ['1,290', 'TWD', 129000],
    ['NT$1,290', 'TWD', 129000],
    ['12900', 'TWD', 1290000],
  ] as const)('reads %p in %s as %i minor units', (input, currency, value) => {
    expect(parseMoney(input, currency)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'MYR', 'empty'],
    ['   ', 'SGD', 'empty'],
    ['abc', 'MYR', 'invalid_format'],
    ['1,23.00', 'MYR', 'invalid_format'], // a group of two is a typo, not a thousands separator
    ['12,3456', 'PHP', 'invalid_format'],
    ['1.', 'MYR', 'invalid_format'],
    ['.5', 'MYR', 'invalid_format'],
    ['1e3', 'THB', 'invalid_format'],
    ['1 000', 'MYR', 'invalid_format'],
    ['RM 5', 'THB', 'invalid_format'], // another currency's symbol
    ['NT$', 'TWD', 'invalid_format'],
    ['1.234', 'MYR', 'too_many_decimals'],
    ['1,290.505', 'SGD', 'too_many_decimals'],
    ['1.000', 'PHP', 'too_many_decimals'],
    ['10.001', 'THB', 'too_many_decimals'],
    ['1,290.5', 'TWD', 'too_many_decimals'],
    ['1290.00', 'TWD', 'too_many_decimals'], // TWD is typed in whole dollars
    ['-5', 'MYR', 'negative'],
    ['-NT$5', 'TWD', 'negative'],
    ['99999999999999999', 'MYR', 'too_large'],
  ] as const)('refuses %p in %s: %s', (input, currency, error) => {
    expect(parseMoney(input, currency)).toEqual({ ok: false, error });
  });

  it('reads negative amounts, symbol after the sign, when allowed', () => {
    expect(parseMoney('-5', 'MYR', { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(parseMoney('-RM 5.00', 'MYR', { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(parseMoney('-NT$1,235', 'TWD', { allowNegative: true })).toEqual({ ok: true, value: -123500 });
    expect(parseMoney('-0', 'MYR', { allowNegative: true })).toEqual({ ok: true, value: 0 });
    expect(Object.is((parseMoney('-0', 'MYR', { allowNegative: true }) as { value: number }).value, -0)).toBe(false);
  });

  it('treats a non-string as empty instead of throwing', () => {
    expect(parseMoney(undefined as unknown as string, 'MYR')).toEqual({ ok: false, error: 'empty' });
  });
});
