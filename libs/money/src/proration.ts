import type { CurrencyCode, MinorUnits, UnixSeconds } from '@merchant-hub/domain';
import { assertMinor, displayStep, divideHalfUp, toSafeMinor } from './arithmetic';
import { MoneyError } from './errors';

export type ProrationInput = {
  /** The price of the whole period. */
  amount: MinorUnits;
  periodStart: UnixSeconds;
  periodEnd: UnixSeconds;
  /** The moment of the change; clamped into the period. */
  at: UnixSeconds;
  /**
   * When given, the result is rounded to the currency's display decimals instead of to a minor unit, so a
   * TWD share stays whole dollars (a multiple of 100) as every TWD amount must. Pass it for TWD.
   */
  currency?: CurrencyCode;
};

const assertSeconds = (value: unknown, field: string): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new MoneyError('invalid_period', `${field} must be whole unix seconds, got ${String(value)}`);
  }
  return value;
};

/**
 * The share of `amount` that belongs to the rest of the period, `[at, periodEnd)`, prorated by the second
 * like Stripe: `amount × (periodEnd − at) / (periodEnd − periodStart)`, rounded half-up to a minor unit (to a
 * whole dollar for TWD when `currency` is given).
 * A moment before the period gives the whole amount, one at or after its end gives 0, so for a non-negative
 * amount the result is always between 0 and `amount`.
 * @throws {MoneyError} `invalid_period` unless the times are whole seconds with `periodEnd` after
 * `periodStart`; `invalid_amount` for an amount that is not a safe integer.
 */
export const prorate = ({ amount, periodStart, periodEnd, at, currency }: ProrationInput): MinorUnits => {
  const amountMinor = assertMinor(amount, 'amount');
  const start = assertSeconds(periodStart, 'periodStart');
  const end = assertSeconds(periodEnd, 'periodEnd');
  const now = assertSeconds(at, 'at');
  if (end <= start) {
    throw new MoneyError('invalid_period', `periodEnd (${end}) must be after periodStart (${start})`);
  }
  const step = currency === undefined ? 1n : displayStep(currency);
  const remaining = Math.min(Math.max(end - now, 0), end - start);
  // One division rounds straight to the step; rounding to a minor unit first could round twice.
  const steps = divideHalfUp(BigInt(amountMinor) * BigInt(remaining), BigInt(end - start) * step);
  return toSafeMinor(steps * step, 'prorated amount');
};

export type PlanChangeInput = {
  /** The old plan's price for the whole current period. */
  oldAmount: MinorUnits;
  /** The new plan's price for a period of the same length. */
  newAmount: MinorUnits;
  periodStart: UnixSeconds;
  periodEnd: UnixSeconds;
  at: UnixSeconds;
  /** As in {@link ProrationInput}: pass it for TWD so both parts stay whole dollars. */
  currency?: CurrencyCode;
};

export type PlanChangeProration = {
  /** Unused time on the old plan, given back. */
  credit: MinorUnits;
  /** The remaining time on the new plan. */
  charge: MinorUnits;
  /** `charge − credit`: positive is due now, negative goes to the credit balance. */
  net: MinorUnits;
};

/**
 * A change of plan inside the current period, prorated by the second: credit for the unused time of the old
 * plan, charge for the rest of the period on the new one, each rounded half-up on its own (as two invoice lines
 * would be), and `net` their exact difference. Monthly 10.00 → 20.00 halfway through gives credit 500,
 * charge 1000, net +500 (Stripe's example). Both prices must be for the same period length; a monthly ↔ yearly
 * switch starts a new period instead and only uses the credit part.
 * @throws {MoneyError} as {@link prorate}, and `invalid_amount` for a negative price.
 */
export const planChangeProration = ({
  oldAmount,
  newAmount,
  periodStart,
  periodEnd,
  at,
  currency,
}: PlanChangeInput): PlanChangeProration => {
  const period = { periodStart, periodEnd, at, currency };
  const credit = prorate({ amount: assertMinor(oldAmount, 'oldAmount', { nonNegative: true }), ...period });
  const charge = prorate({ amount: assertMinor(newAmount, 'newAmount', { nonNegative: true }), ...period });
  return { credit, charge, net: charge - credit };
};
