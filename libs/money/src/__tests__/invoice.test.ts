import fc from 'fast-check';
import { CURRENCY_CODES } from '@merchant-hub/domain';
import type { CurrencyCode } from '@merchant-hub/domain';
import { applyCreditBalance, invoiceAmounts, invoiceTotals, MoneyError, roundForDisplay } from '../index';
import type { CouponTerms, CreditApplication, InvoiceTotals, InvoiceTotalsInput } from '../index';

const lines = (...amounts: number[]) => amounts.map((amount) => ({ amount }));

type TotalsCase = [name: string, input: InvoiceTotalsInput, expected: InvoiceTotals];

// Each expected value worked out by hand; the comments show the arithmetic.
const totalsCases: TotalsCase[] = [
  ['a renewal with 8% SST', { lines: lines(9900), taxPercent: 8, currency: 'MYR' }, { subtotal: 9900, discount: 0, tax: 792, rounding: 0, total: 10692 }],
  [
    'an upgrade: credit for unused time, charge for the rest, tax on the difference',
    // −4950 + 14950 = 10000; × 8% = 800
    { lines: lines(-4950, 14950), taxPercent: 8, currency: 'MYR' },
    { subtotal: 10000, discount: 0, tax: 800, rounding: 0, total: 10800 },
  ],
  [
    'a 20% coupon before 9% GST',
    // 12900 × 20% = 2580 → 10320; × 9% = 928.8 → 929
    { lines: lines(12900), coupon: { percent_off: 20 }, taxPercent: 9, currency: 'SGD' },
    { subtotal: 12900, discount: 2580, tax: 929, rounding: 0, total: 11249 },
  ],
  [
    'an amount coupon larger than the subtotal leaves nothing to tax',
    { lines: lines(700), coupon: { amount_off: 1000, currency: 'MYR' }, taxPercent: 8, currency: 'MYR' },
    { subtotal: 700, discount: 700, tax: 0, rounding: 0, total: 0 },
  ],
  [
    'a TWD total in whole dollars, its tax too',
    // 129000 × 5% = 6450 → tax shown whole: NT$65 (6500) → 135500 = NT$1,355, nothing left to round
    { lines: lines(129000), taxPercent: 5, currency: 'TWD' },
    { subtotal: 129000, discount: 0, tax: 6500, rounding: 0, total: 135500 },
  ],
  [
    'a downgrade-like negative subtotal becomes credit with its tax given back',
    // −10000 + 4000 = −6000; 6000 × 8% = 480 → −480; total −6480
    { lines: lines(-10000, 4000), taxPercent: 8, currency: 'MYR' },
    { subtotal: -6000, discount: 0, tax: -480, rounding: 0, total: -6480 },
  ],
  [
    'a coupon is never applied to a credit',
    { lines: lines(-5000), coupon: { percent_off: 50 }, taxPercent: 7, currency: 'THB' },
    { subtotal: -5000, discount: 0, tax: -350, rounding: 0, total: -5350 },
  ],
  [
    'a negative TWD total mirrors a positive one',
    // 12345 × 5% = 617 → tax shown whole: 600; 12945 → 12900 (−45); mirrored: tax −600, total −12900, rounding +45
    { lines: lines(-12345), taxPercent: 5, currency: 'TWD' },
    { subtotal: -12345, discount: 0, tax: -600, rounding: 45, total: -12900 },
  ],
  ['no lines at all', { lines: [], taxPercent: 8, currency: 'MYR' }, { subtotal: 0, discount: 0, tax: 0, rounding: 0, total: 0 }],
];

type CreditCase = [name: string, total: number, balance: number, apply: boolean | undefined, expected: CreditApplication];

const creditCases: CreditCase[] = [
  ['no credit: the card pays the total', 10800, 0, undefined, { appliedBalance: 0, amountDue: 10800, creditedToBalance: 0, endingBalance: 0 }],
  ['some credit: used up first, the card pays the rest', 10800, -3000, undefined, { appliedBalance: 3000, amountDue: 7800, creditedToBalance: 0, endingBalance: 0 }],
  ['more credit than the total: nothing due, the rest stays', 10800, -20000, undefined, { appliedBalance: 10800, amountDue: 0, creditedToBalance: 0, endingBalance: -9200 }],
  ['a debt balance is not added to the invoice', 10800, 500, undefined, { appliedBalance: 0, amountDue: 10800, creditedToBalance: 0, endingBalance: 500 }],
  ['credit left alone when the invoice must not use it', 10800, -3000, false, { appliedBalance: 0, amountDue: 10800, creditedToBalance: 0, endingBalance: -3000 }],
  ['a negative total goes to the credit balance', -6480, -1000, undefined, { appliedBalance: 0, amountDue: 0, creditedToBalance: 6480, endingBalance: -7480 }],
  ['a zero total takes no credit', 0, -1000, undefined, { appliedBalance: 0, amountDue: 0, creditedToBalance: 0, endingBalance: -1000 }],
];

describe('invoiceTotals', () => {
  it.each(totalsCases)('%s', (_name, input, expected) => {
    expect(invoiceTotals(input)).toEqual(expected);
  });

  it('refuses a fractional line amount', () => {
    expect(() => invoiceTotals({ lines: lines(10.5), taxPercent: 8, currency: 'MYR' })).toThrow(MoneyError);
  });
});

describe('applyCreditBalance', () => {
  it.each(creditCases)('%s', (_name, total, balance, apply, expected) => {
    expect(applyCreditBalance(total, balance, { apply })).toEqual(expected);
  });
});

describe('invoiceAmounts', () => {
  it('charges an upgrade after its credit balance', () => {
    // −4950 + 14950 = 10000; tax 800 → 10800; credit 3000 applied → 7800 due
    expect(invoiceAmounts({ lines: lines(-4950, 14950), taxPercent: 8, currency: 'MYR', balance: -3000 })).toEqual({
      subtotal: 10000,
      discount: 0,
      tax: 800,
      rounding: 0,
      total: 10800,
      appliedBalance: 3000,
      amountDue: 7800,
      creditedToBalance: 0,
      endingBalance: 0,
    });
  });
});

const currency = fc.constantFrom<CurrencyCode>(...CURRENCY_CODES);
const percent = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100);
const lineAmounts = fc.array(fc.integer({ min: -100_000_000, max: 100_000_000 }), { maxLength: 6 });
const balance = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(percent.map((p) => ({ percent_off: p })), fc.integer({ min: 0, max: 100_000_000 }).map((a) => ({ amount_off: a }))),
  { nil: null },
);

describe('invoice properties', () => {
  it('adds up exactly, never discounts below zero and keeps the total on the subtotal\'s side of zero', () => {
    fc.assert(
      fc.property(lineAmounts, coupon, percent, currency, (amounts, c, tax, code) => {
        const t = invoiceTotals({ lines: lines(...amounts), coupon: c, taxPercent: tax, currency: code });
        expect(t.subtotal).toBe(amounts.reduce((a, b) => a + b, 0));
        expect(t.total).toBe(t.subtotal - t.discount + t.tax + t.rounding);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(Math.max(t.subtotal, 0));
        expect(Math.sign(t.tax) * Math.sign(t.subtotal)).toBeGreaterThanOrEqual(0);
        expect(t.subtotal < 0 ? t.total <= 0 : t.total >= 0).toBe(true);
        expect(roundForDisplay(t.total, code)).toBe(t.total);
      }),
    );
  });

  it('makes a credit the exact mirror of the same charge without a coupon', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), percent, currency, (amount, tax, code) => {
        const charge = invoiceTotals({ lines: lines(amount), taxPercent: tax, currency: code });
        const credit = invoiceTotals({ lines: lines(-amount), taxPercent: tax, currency: code });
        expect(credit).toEqual({ subtotal: 0 - charge.subtotal, discount: 0, tax: 0 - charge.tax, rounding: 0 - charge.rounding, total: 0 - charge.total });
      }),
    );
  });

  it('never charges the card more than the total, never below zero, and keeps the ledger balanced', () => {
    fc.assert(
      fc.property(lineAmounts, coupon, percent, currency, balance, fc.boolean(), (amounts, c, tax, code, b, apply) => {
        const a = invoiceAmounts({ lines: lines(...amounts), coupon: c, taxPercent: tax, currency: code, balance: b, applyBalance: apply });
        expect(a.amountDue).toBeGreaterThanOrEqual(0);
        expect(a.amountDue + a.appliedBalance).toBe(Math.max(a.total, 0));
        expect(a.appliedBalance).toBeLessThanOrEqual(Math.max(-b, 0));
        expect(a.creditedToBalance).toBe(Math.max(-a.total, 0));
        // Positive = debit: credit taken raises the balance, credit granted lowers it.
        expect(a.endingBalance).toBe(b + a.appliedBalance - a.creditedToBalance);
        if (!apply) expect(a.appliedBalance).toBe(0);
      }),
    );
  });
});
