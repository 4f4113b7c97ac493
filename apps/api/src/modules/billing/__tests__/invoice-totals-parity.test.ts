import fc from 'fast-check';
import { CURRENCY_CODES } from '@merchant-hub/domain';
import type { CurrencyCode } from '@merchant-hub/domain';
import { invoiceTotals as moneyInvoiceTotals } from '@merchant-hub/money';
import type { CouponTerms } from '@merchant-hub/money';
import { invoiceTotals as engineInvoiceTotals } from '../billing.engine';

// The engine's invoiceTotals is what the API has always charged; libs/money's is what pages show and what the
// engine is moving onto (issue 15). Until it has, this proves the two agree for every input, negative
// subtotals included. Negative zeros are folded: they store and serialize as 0.
const fold = (totals: Record<string, number>) => Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, value + 0]));

const currency = fc.constantFrom<CurrencyCode>(...CURRENCY_CODES);
const percent = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100);
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(percent.map((p) => ({ percent_off: p })), fc.integer({ min: 0, max: 100_000_000 }).map((a) => ({ amount_off: a }))),
  { nil: null },
);
const amounts = fc.array(fc.integer({ min: -100_000_000, max: 100_000_000 }), { maxLength: 5 });

describe('invoice totals: engine and libs/money', () => {
  it('agree for any lines, coupon, tax and currency, negative subtotals included', () => {
    fc.assert(
      fc.property(amounts, coupon, percent, currency, (lineAmounts, c, tax, code) => {
        const lines = lineAmounts.map((amount) => ({ description: '', amount, periodStart: 0, periodEnd: 1 }));
        expect(fold(moneyInvoiceTotals({ lines, coupon: c, taxPercent: tax, currency: code }))).toEqual(fold(engineInvoiceTotals(lines, c, tax, code)));
      }),
      { numRuns: 500 },
    );
  });
});
