import type { CurrencyCode, MinorUnits, UnixSeconds } from '@merchant-hub/domain';
import { prorate, sumMinor } from '@merchant-hub/money';

// The money of staff subscription controls (issue 27 capability 3): what a plan cancelled now gives back, and
// what a free month ("comp a month") is worth. The API only calls these; it does no money math of its own.

export type CancellationCreditInput = {
  /** What each cancelled subscription bills for its current period (unit amount × quantity, before tax). */
  periodAmountsMinor: readonly MinorUnits[];
  periodStart: UnixSeconds;
  periodEnd: UnixSeconds;
  /** The moment of the cancellation; clamped into the period. */
  at: UnixSeconds;
  /**
   * What the merchant was billed for this period (each paid invoice's subtotal, before tax): a period never paid
   * (past due) or paid in part gives back no more than that, less `deductedMinor`.
   */
  paidForPeriodMinor: readonly MinorUnits[];
  /** The discounts of those invoices and the refunds already made of them. */
  deductedMinor?: readonly MinorUnits[];
  currency: CurrencyCode;
};

/**
 * The prorated credit of a plan cancelled now: the unused share of the period, to the second (Stripe's
 * proration), never more than what was paid for the period and never below zero.
 */
export const cancellationCredit = ({ periodAmountsMinor, periodStart, periodEnd, at, paidForPeriodMinor, deductedMinor = [], currency }: CancellationCreditInput): MinorUnits => {
  if (periodEnd <= periodStart) return 0;
  const unused = sumMinor(...periodAmountsMinor.map((amount) => prorate({ amount, periodStart, periodEnd, at, currency })));
  const paid = sumMinor(...paidForPeriodMinor, ...deductedMinor.map((amount) => -amount));
  return Math.max(0, Math.min(unused, paid));
};

export type CompInput = {
  /** The plan's price for one period (subtotal, before tax), in minor units. */
  periodAmountMinor: MinorUnits;
  period: 'monthly' | 'yearly';
  currency: CurrencyCode;
};

/**
 * What one free month of the plan is worth, as the credit note's amount: a monthly plan's price, or one twelfth
 * of a yearly plan's price rounded as prorations are (whole dollars for TWD).
 */
export const compMonthCredit = ({ periodAmountMinor, period, currency }: CompInput): MinorUnits =>
  period === 'monthly' ? periodAmountMinor : prorate({ amount: periodAmountMinor, periodStart: 0, periodEnd: 12, at: 11, currency });

/** How far staff may push a past-due plan's next attempt: at most this many days from now, in steps of 1–30 days. */
export const GRACE_EXTENSION_MAX_DAYS = 30;
export const GRACE_HORIZON_DAYS = 60;
