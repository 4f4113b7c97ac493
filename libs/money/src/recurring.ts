import type { BillingPeriod, MinorUnits } from '@merchant-hub/domain';
import { assertMinor, divideHalfUp, toSafeMinor } from './arithmetic';
import { netPrice } from './checkout';

const MONTHS_PER_YEAR = 12n;

/**
 * `quantity` units at `unitAmountMinor` each (an add-on's channels, a line's seats), exactly.
 * @throws {MoneyError} `invalid_amount` for a fractional or unsafe amount or quantity, or an unsafe product.
 */
export const amountForQuantity = (unitAmountMinor: MinorUnits, quantity: number): MinorUnits => {
  const unit = assertMinor(unitAmountMinor, 'unit amount');
  const count = assertMinor(quantity, 'quantity');
  return toSafeMinor(BigInt(unit) * BigInt(count), 'amount for quantity');
};

/**
 * What a plan brings in per month after its list discount: a yearly plan's net price spread over twelve
 * months, rounded half-up to a minor unit (the staff directory's MRR column).
 * @throws {MoneyError} for a negative or fractional price or a percent outside 0–100.
 */
export const monthlyRevenue = (priceMinor: MinorUnits, discountPercent: number, period: BillingPeriod): MinorUnits => {
  const net = netPrice(priceMinor, discountPercent);
  return period === 'yearly' ? toSafeMinor(divideHalfUp(BigInt(net), MONTHS_PER_YEAR), 'monthly revenue') : net;
};

/**
 * How much a yearly plan saves against twelve months of the monthly plan, in whole percent rounded down (19.6 %
 * is 19, so it does not pass for 20 %; a yearly plan dearer by 0.4 % is -1); null when there is no monthly price
 * to compare with. Integer arithmetic: an exact 20 % is 20, never 19.999….
 */
export const yearlySavingPercent = (monthlySubtotalMinor: MinorUnits, yearlySubtotalMinor: MinorUnits): number | null => {
  const monthly = assertMinor(monthlySubtotalMinor, 'monthly subtotal');
  const yearly = assertMinor(yearlySubtotalMinor, 'yearly subtotal');
  if (monthly <= 0) return null;
  const twelveMonths = BigInt(monthly) * MONTHS_PER_YEAR;
  const saved = (twelveMonths - BigInt(yearly)) * 100n;
  const truncated = saved / twelveMonths;
  // BigInt division truncates toward zero; a saving below zero rounds down, away from it.
  return Number(saved < 0n && saved % twelveMonths !== 0n ? truncated - 1n : truncated);
};
