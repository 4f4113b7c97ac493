import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { assertMinor, sumMinor } from './arithmetic';
import { checkoutTotals } from './checkout';
import type { CouponTerms } from './checkout';

/** One line of an invoice: a charge (positive) or a credit for unused time (negative), in minor units. */
export type InvoiceLineAmount = { amount: MinorUnits };

export type InvoiceTotalsInput = {
  lines: readonly InvoiceLineAmount[];
  /** Taken off a positive subtotal only; a credit (negative subtotal) is never discounted. */
  coupon?: CouponTerms | null;
  /** Tax in percent of the discounted subtotal. */
  taxPercent: number;
  currency: CurrencyCode;
};

/** An invoice's figures before the credit balance, as the invoice stores them. */
export type InvoiceTotals = {
  /** The sum of the lines, before the coupon; negative when the credits outweigh the charges. */
  subtotal: MinorUnits;
  /** The coupon's discount, a positive amount (0 without a coupon or on a negative subtotal). */
  discount: MinorUnits;
  /** Tax on `subtotal − discount`; negative on a negative subtotal: the tax refunded with the credit. */
  tax: MinorUnits;
  /** What rounding the total to the currency's display decimals added (TWD only). */
  rounding: MinorUnits;
  /** `subtotal − discount + tax + rounding`, exactly; negative means credit for the merchant. */
  total: MinorUnits;
};

/** `-amount` without a negative zero, which would tell two equal amounts apart. */
const negate = (amount: MinorUnits): MinorUnits => 0 - amount;

/**
 * The totals of an invoice from its lines, the one rule the API charges and every page shows:
 * - a subtotal of zero or more goes through {@link checkoutTotals}: the coupon comes off (never below zero),
 *   tax is a percent of what remains, TWD totals round to whole dollars;
 * - a negative subtotal (an upgrade whose credit for unused time outweighs the new charge) is the mirror
 *   image: no coupon, tax and rounding computed on its size and given back with the minus sign, so the
 *   credit includes the tax that was paid on the unused time. The negative total goes to the credit balance
 *   ({@link applyCreditBalance}).
 * @throws {MoneyError} for fractional amounts, a percent outside 0–100 or a bad coupon.
 */
export const invoiceTotals = (input: InvoiceTotalsInput): InvoiceTotals => {
  const { coupon, taxPercent, currency } = input;
  const subtotal = sumMinor(...input.lines.map((line) => line.amount));
  if (subtotal >= 0) {
    const t = checkoutTotals({ price: subtotal, coupon, taxPercent, currency });
    return { subtotal, discount: t.coupon, tax: t.totalTax, rounding: t.roundingAmount, total: t.total };
  }
  const credit = checkoutTotals({ price: -subtotal, taxPercent, currency });
  return { subtotal, discount: 0, tax: negate(credit.totalTax), rounding: negate(credit.roundingAmount), total: negate(credit.total) };
};

export type CreditBalanceOptions = {
  /** False leaves the balance alone (an invoice the customer pays by hand); default true. */
  apply?: boolean;
};

/** How an invoice's total meets the merchant's credit balance. */
export type CreditApplication = {
  /** Credit taken from the balance to pay this invoice (0 or more, never more than the total). */
  appliedBalance: MinorUnits;
  /** What the card is charged: the positive total less the credit applied; never negative. */
  amountDue: MinorUnits;
  /** Credit a negative total adds to the balance, as a positive amount. */
  creditedToBalance: MinorUnits;
  /** The balance afterwards (negative = credit the merchant holds, as Stripe counts it). */
  endingBalance: MinorUnits;
};

/**
 * Applies the credit balance before the card is charged. `balanceMinor` counts as Stripe's customer balance:
 * negative is credit the merchant holds, positive is debt (debt is never added to an invoice here).
 * A positive total takes as much credit as there is, up to the total; a negative total goes to the balance
 * as new credit and leaves nothing due.
 * @throws {MoneyError} `invalid_amount` for fractional amounts.
 */
export const applyCreditBalance = (totalMinor: MinorUnits, balanceMinor: MinorUnits, options: CreditBalanceOptions = {}): CreditApplication => {
  const total = assertMinor(totalMinor, 'total');
  const balance = assertMinor(balanceMinor, 'balance');
  if (total < 0) {
    return { appliedBalance: 0, amountDue: 0, creditedToBalance: -total, endingBalance: sumMinor(balance, total) };
  }
  const available = options.apply === false || balance >= 0 ? 0 : -balance;
  const appliedBalance = Math.min(total, available);
  return { appliedBalance, amountDue: total - appliedBalance, creditedToBalance: 0, endingBalance: sumMinor(balance, appliedBalance) };
};

export type InvoiceAmountsInput = InvoiceTotalsInput & {
  /** The merchant's credit balance before this invoice (negative = credit), in minor units. */
  balance: MinorUnits;
  applyBalance?: boolean;
};

export type InvoiceAmounts = InvoiceTotals & CreditApplication;

/** {@link invoiceTotals} then {@link applyCreditBalance}: every figure of an invoice or of its preview. */
export const invoiceAmounts = (input: InvoiceAmountsInput): InvoiceAmounts => {
  const totals = invoiceTotals(input);
  return { ...totals, ...applyCreditBalance(totals.total, input.balance, { apply: input.applyBalance }) };
};
