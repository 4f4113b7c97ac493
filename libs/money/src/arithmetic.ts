import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { getCurrency, isValidMinor } from './currency';
import { MoneyError } from './errors';

/** Percents are accepted with up to four decimals (7.5, 8.875) and held as integers of 1/10 000 percent. */
const PERCENT_SCALE = 10_000;
const WHOLE = 100n * BigInt(PERCENT_SCALE);

/** Throws unless `value` is a safe integer (and, when asked, not negative); names the field for the reader. */
export const assertMinor = (value: unknown, field: string, options: { nonNegative?: boolean } = {}): MinorUnits => {
  if (!isValidMinor(value)) {
    throw new MoneyError('invalid_amount', `${field} must be a safe integer of minor units, got ${String(value)}`);
  }
  if (options.nonNegative && value < 0) {
    throw new MoneyError('invalid_amount', `${field} must not be negative, got ${value}`);
  }
  return value;
};

/** Turns a safe bigint back into a number, refusing results that would lose precision. */
export const toSafeMinor = (value: bigint, field: string): MinorUnits => {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) {
    throw new MoneyError('invalid_amount', `${field} is too large to count exactly`);
  }
  return result;
};

/**
 * `numerator / denominator` rounded half away from zero, so a sign flip never changes the size of the
 * result (-2.5 → -3 like 2.5 → 3). `denominator` must be positive.
 */
export const divideHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
};

/**
 * The percent as an exact integer of 1/10 000 percent. Floats like 7.5 or 0.07 are read by rounding
 * `percent × 10 000` and accepted only when that was already (to float precision) a whole number, so
 * a percent with more than four decimals is refused instead of silently rounded.
 */
export const toScaledPercent = (percent: number, field: string, max = 100): bigint => {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > max) {
    throw new MoneyError('invalid_percent', `${field} must be a number from 0 to ${max}, got ${String(percent)}`);
  }
  const scaled = percent * PERCENT_SCALE;
  const whole = Math.round(scaled);
  if (Math.abs(scaled - whole) > 1e-6) {
    throw new MoneyError('invalid_percent', `${field} may have at most 4 decimals, got ${percent}`);
  }
  return BigInt(whole);
};

/**
 * `percent` % of `amountMinor`, rounded half-up to a whole minor unit (half away from zero for negative
 * amounts). Integer arithmetic throughout: 7.5% of RM 0.10 is 0.75 sen → 1 sen, never 0.7499999.
 * @param percent 0 to 100, at most 4 decimals.
 * @throws {MoneyError} `invalid_amount` or `invalid_percent`.
 */
export const percentOf = (amountMinor: MinorUnits, percent: number): MinorUnits => {
  const amount = assertMinor(amountMinor, 'amount');
  const scaled = toScaledPercent(percent, 'percent');
  return toSafeMinor(divideHalfUp(BigInt(amount) * scaled, WHOLE), 'percentOf result');
};

/**
 * The exact sum of minor amounts (0 for none).
 * @throws {MoneyError} `invalid_amount` when an addend is not a safe integer or the sum leaves the safe range.
 */
export const sumMinor = (...amountsMinor: MinorUnits[]): MinorUnits => {
  let total = 0n;
  amountsMinor.forEach((amount, index) => {
    total += BigInt(assertMinor(amount, `amount #${index + 1}`));
  });
  return toSafeMinor(total, 'sum');
};

/** Minor units in the smallest amount the currency shows: 100 for TWD (whole dollars), 1 elsewhere. */
export const displayStep = (currency: CurrencyCode): bigint => {
  const { minorExponent, displayDecimals } = getCurrency(currency);
  return 10n ** BigInt(minorExponent - displayDecimals);
};

/**
 * The amount rounded half-up to the currency's display decimals: TWD to whole dollars (a multiple of 100
 * minor units), the two-decimal currencies unchanged. What a TWD total must be before it is charged.
 */
export const roundForDisplay = (amountMinor: MinorUnits, currency: CurrencyCode): MinorUnits =>
  toSafeMinor(roundToDisplayStep(BigInt(assertMinor(amountMinor, 'amount')), currency), 'rounded amount');

/** {@link roundForDisplay} on a bigint, so formatting never fails for an amount near the safe-integer limit. */
export const roundToDisplayStep = (amount: bigint, currency: CurrencyCode): bigint => {
  const step = displayStep(currency);
  return divideHalfUp(amount, step) * step;
};
