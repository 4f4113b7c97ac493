import { cancellationCredit, compMonthCredit } from '../subscription-controls';

const DAY = 86_400;
const start = 1_767_225_600; // 2026-01-01T00:00:00Z
const end = start + 31 * DAY;

describe('cancellationCredit', () => {
  it('gives back the unused share of the period, to the second', () => {
    // 10 of 31 days used: 21/31 of RM 99.00 = RM 67.06 (half-up).
    expect(cancellationCredit({ periodAmountsMinor: [9900], periodStart: start, periodEnd: end, at: start + 10 * DAY, paidForPeriodMinor: [9900], currency: 'MYR' })).toBe(6706);
  });

  it('adds the add-on’s unused share to the plan’s', () => {
    expect(cancellationCredit({ periodAmountsMinor: [9900, 3000], periodStart: start, periodEnd: end, at: start + 10 * DAY, paidForPeriodMinor: [12_900], currency: 'MYR' })).toBe(6706 + 2032);
  });

  it('never gives back more than was paid for the period (a coupon, a period left unpaid)', () => {
    expect(cancellationCredit({ periodAmountsMinor: [9900], periodStart: start, periodEnd: end, at: start, paidForPeriodMinor: [4950], currency: 'MYR' })).toBe(4950);
    expect(cancellationCredit({ periodAmountsMinor: [9900], periodStart: start, periodEnd: end, at: start + DAY, paidForPeriodMinor: [], currency: 'MYR' })).toBe(0);
    expect(cancellationCredit({ periodAmountsMinor: [9900], periodStart: start, periodEnd: end, at: start, paidForPeriodMinor: [9900], deductedMinor: [4000, 5000], currency: 'MYR' })).toBe(900);
  });

  it('gives nothing at or after the period end, and whole dollars in TWD', () => {
    expect(cancellationCredit({ periodAmountsMinor: [9900], periodStart: start, periodEnd: end, at: end, paidForPeriodMinor: [9900], currency: 'MYR' })).toBe(0);
    const twd = cancellationCredit({ periodAmountsMinor: [99_900], periodStart: start, periodEnd: end, at: start + 10 * DAY, paidForPeriodMinor: [99_900], currency: 'TWD' });
    expect(twd % 100).toBe(0);
    expect(twd).toBe(67_700);
  });
});

describe('compMonthCredit', () => {
  it('is a monthly plan’s price', () => {
    expect(compMonthCredit({ periodAmountMinor: 9900, period: 'monthly', currency: 'MYR' })).toBe(9900);
  });

  it('is one twelfth of a yearly plan’s price, rounded half-up (whole dollars in TWD)', () => {
    expect(compMonthCredit({ periodAmountMinor: 100_000, period: 'yearly', currency: 'MYR' })).toBe(8333);
    expect(compMonthCredit({ periodAmountMinor: 1_000_000, period: 'yearly', currency: 'TWD' })).toBe(83_300);
  });
});
