import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanChangePreview } from '@merchant-hub/api-client';
import { CURRENCY_CODES } from '@merchant-hub/domain';
import type { CurrencyCode } from '@merchant-hub/domain';
import { invoiceTotals } from '@merchant-hub/money';
import { upgradeSummary } from '../components/charge-summary';
import { pkg } from './fixtures';

/**
 * The preview exactly as the API's plan-change preview builds it: the engine's invoice totals (libs/money's
 * `invoiceTotals`, proven equal to the engine's by the API's invoice-totals-parity test), then credit applied
 * only to a positive total and an amount due that never goes below zero.
 */
const apiPreview = (amounts: number[], taxPercent: number, currency: CurrencyCode, balance: number): PlanChangePreview => {
  const lines = amounts.map((amount, index) => ({ description: `line ${index}`, amount, proration: true, period: { start: 0, end: 1 } }));
  const totals = invoiceTotals({ lines, taxPercent, currency });
  const applied = totals.total > 0 && balance < 0 ? Math.min(totals.total, -balance) : 0;
  return {
    change: 'upgrade',
    effect: { kind: 'review' },
    must_acknowledge_coupon_removal: false,
    currency,
    package: pkg({ id: 2, currency, tax: taxPercent }),
    lines,
    subtotal: totals.subtotal,
    tax: totals.tax,
    tax_percent: taxPercent,
    rounding_amount: totals.rounding,
    total: totals.total,
    applied_balance: applied,
    amount_due: Math.max(totals.total, 0) - applied,
  };
};

describe('upgradeSummary', () => {
  it('gives back the tax with a credit that outweighs the charge, and charges nothing', () => {
    // −10000 + 4000 = −6000; 8% of 6000 = 480 given back → −6480 goes to the credit balance
    const summary = upgradeSummary(apiPreview([-10000, 4000], 8, 'MYR', -500));
    expect(summary).toEqual({ credit: -10000, charge: 4000, subtotal: -6000, tax: -480, rounding: 0, total: -6480, creditApplied: 0, amountDue: 0 });
  });

  it('rounds a TWD upgrade to whole dollars as the API does', () => {
    // 129000 − 64500 = 64500; 5% = 3225 → tax shown whole: NT$32 (3200) → 67700 = NT$677, nothing left to round
    const summary = upgradeSummary(apiPreview([-64500, 129000], 5, 'TWD', 0));
    expect(summary).toMatchObject({ subtotal: 64500, tax: 3200, rounding: 0, total: 67700, amountDue: 67700 });
  });

  it('agrees with the API preview for any lines, credit balance, tax and currency, negative subtotals included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
        fc.constantFrom<CurrencyCode>(...CURRENCY_CODES),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        (amounts, taxPercent, currency, balance) => {
          const preview = apiPreview(amounts, taxPercent, currency, balance);
          const summary = upgradeSummary(preview);
          expect(summary.credit + summary.charge).toBe(preview.subtotal);
          expect({ subtotal: summary.subtotal, tax: summary.tax, rounding: summary.rounding, total: summary.total, applied: summary.creditApplied, due: summary.amountDue }).toEqual({
            subtotal: preview.subtotal,
            tax: preview.tax,
            rounding: preview.rounding_amount,
            total: preview.total,
            applied: preview.applied_balance,
            due: preview.amount_due,
          });
        },
      ),
    );
  });
});
