import type { CheckoutTotals, CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { assertMinor, percentOf, roundForDisplay, sumMinor } from './arithmetic';
import { getCurrency } from './currency';
import { MoneyError } from './errors';
import { formatMoney } from './format';

/**
 * The discount terms of a coupon, exactly one of `percent_off` and `amount_off` set. A domain `Coupon` fits;
 * `currency` is checked against the checkout's for amount coupons.
 */
export type CouponTerms = {
  percent_off?: number | null;
  amount_off?: MinorUnits | null;
  currency?: CurrencyCode | null;
};

/**
 * How much a coupon takes off `amountMinor`: `percent_off` % of it rounded half-up, or `amount_off` minor
 * units capped at the amount, so what remains is never below zero. Coupons come off before tax.
 * @throws {MoneyError} `invalid_coupon` unless exactly one kind of discount is set, `currency_mismatch` when an
 * amount coupon is in another currency, `invalid_amount` / `invalid_percent` for bad numbers.
 */
export const couponDiscount = (amountMinor: MinorUnits, coupon: CouponTerms, currency: CurrencyCode): MinorUnits => {
  const amount = assertMinor(amountMinor, 'amount', { nonNegative: true });
  const hasPercent = coupon.percent_off !== undefined && coupon.percent_off !== null;
  const hasAmount = coupon.amount_off !== undefined && coupon.amount_off !== null;
  if (hasPercent === hasAmount) {
    throw new MoneyError('invalid_coupon', 'A coupon needs exactly one of percent_off and amount_off');
  }
  if (hasPercent) return percentOf(amount, coupon.percent_off as number);

  const off = assertMinor(coupon.amount_off, 'coupon amount_off', { nonNegative: true });
  if (coupon.currency && coupon.currency !== currency) {
    throw new MoneyError('currency_mismatch', `Coupon is in ${coupon.currency}, the charge in ${currency}`);
  }
  return Math.min(off, amount);
};

/**
 * Tax at `taxPercent` on an amount that is already discounted: `addTax(10000, 8)` → `{ tax: 800, total: 10800 }`.
 * Tax is rounded half-up to a minor unit.
 */
export const addTax = (amountMinor: MinorUnits, taxPercent: number): { tax: MinorUnits; total: MinorUnits } => {
  const amount = assertMinor(amountMinor, 'amount', { nonNegative: true });
  const tax = percentOf(amount, taxPercent);
  return { tax, total: sumMinor(amount, tax) };
};

/**
 * A plan's price after its own discount (spec §3 `subtotal` of a package): `netPrice(99000, 20)` → 79200.
 * The same figure {@link checkoutTotals} starts the coupon from.
 * @throws {MoneyError} for a negative or fractional price or a percent outside 0–100.
 */
export const netPrice = (priceMinor: MinorUnits, discountPercent: number): MinorUnits => {
  const price = assertMinor(priceMinor, 'price', { nonNegative: true });
  return price - percentOf(price, discountPercent);
};

export type CheckoutInput = {
  /** The plan's list price for one period. */
  price: MinorUnits;
  /** The plan's own discount in percent (yearly plans save 20); 0 when absent. */
  discountPercent?: number;
  coupon?: CouponTerms | null;
  /** Tax in percent of the discounted subtotal (8, 7.5...). */
  taxPercent: number;
  currency: CurrencyCode;
  /**
   * Round the total half-up to the currency's display decimals. Defaults to true; it changes only TWD, whose
   * total must be whole dollars to be charged (ECPay takes integers) and to match what the page shows.
   */
  round?: boolean;
};

/**
 * The checkout totals of spec §3, computed in this order, each step rounded half-up to a minor unit:
 * 1. `packageDiscount` = `discountPercent` % of `packagePrice`;
 * 2. `coupon` = the coupon's discount on what is left (percent of it, or `amount_off` capped at it);
 * 3. `subtotal` = `packagePrice` − `packageDiscount` − `coupon`, never below zero;
 * 4. `totalTax` = `taxPercent` % of `subtotal`;
 * 5. `roundingAmount` = what rounding `subtotal + totalTax` to display decimals added (TWD only; may be
 *    negative, down to −49, when the total rounds down). With `round` (the default) steps 1, 2 and 4 are
 *    already rounded half-up to the display decimals, so a TWD price of whole dollars needs none;
 * 6. `total` = `subtotal` + `totalTax` + `roundingAmount`, exactly.
 * Neither discount is ever more than what it discounts, rounded or not (a TWD price that is not whole dollars
 * can be discounted to exactly zero, never below).
 * Discounts are reported as positive amounts; screens and the gateway form put the minus sign in front.
 * Every field is an integer and only `roundingAmount` can be negative.
 * @throws {MoneyError} for a negative or fractional price, a percent outside 0–100 or a bad coupon.
 */
export const checkoutTotals = (input: CheckoutInput): CheckoutTotals => {
  const { currency, discountPercent = 0, coupon, taxPercent, round = true } = input;
  getCurrency(currency);
  const packagePrice = assertMinor(input.price, 'price', { nonNegative: true });
  // Rounding on: every part is in amounts the currency shows, so the lines on screen add up to the total
  // (TWD: whole dollars, as Taiwan's invoices state tax; a tax of NT$64.50 would show as NT$65 beside a
  // rounding line that no longer adds up). A no-op for the two-decimal currencies.
  const shown = (amount: MinorUnits): MinorUnits => (round ? roundForDisplay(amount, currency) : amount);
  // A discount rounded to a shown amount can round above what it discounts when that is not itself a shown
  // amount (100 % of NT$619,462,544.50 rounds to NT$619,462,545): it stops at the whole amount instead.
  const shownDiscount = (discount: MinorUnits, of: MinorUnits): MinorUnits => Math.min(shown(discount), of);
  const packageDiscount = shownDiscount(percentOf(packagePrice, discountPercent), packagePrice);
  const afterPackage = packagePrice - packageDiscount;
  const couponAmount = coupon ? shownDiscount(couponDiscount(afterPackage, coupon, currency), afterPackage) : 0;
  const subtotal = afterPackage - couponAmount;
  const totalTax = shown(addTax(subtotal, taxPercent).tax);
  const unrounded = sumMinor(subtotal, totalTax);
  const total = round ? roundForDisplay(unrounded, currency) : unrounded;
  return {
    packagePrice,
    packageDiscount,
    subtotal,
    totalTax,
    roundingAmount: total - unrounded,
    total,
    totalWithFormat: formatMoney(total, currency),
    coupon: couponAmount,
    currency,
  };
};
