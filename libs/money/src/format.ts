import type { BillingPeriod, CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { assertMinor, roundToDisplayStep } from './arithmetic';
import { getCurrency } from './currency';

export type FormatMoneyOptions = {
  /** Write the currency symbol (default true); false gives the bare number an input field shows. */
  withSymbol?: boolean;
  /** Leave out the decimals when they are all zero (`RM 99` instead of `RM 99.00`); default false. */
  trimZeroDecimals?: boolean;
};

const groupThousands = (digits: string, separator: string): string =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/**
 * The amount as people read it: `formatMoney(129050, 'MYR')` → `RM 1,290.50`,
 * `formatMoney(123450, 'TWD')` → `NT$1,235`, `formatMoney(-500, 'MYR')` → `-RM 5.00`.
 * Amounts are rounded half-up to the display decimals first (only TWD, which shows whole dollars, is affected);
 * the minus sign goes before the symbol and disappears when the rounded amount is zero.
 * @throws {MoneyError} `invalid_amount` or `unknown_currency`.
 */
export const formatMoney = (
  amountMinor: MinorUnits,
  currency: CurrencyCode,
  options: FormatMoneyOptions = {},
): string => {
  const { withSymbol = true, trimZeroDecimals = false } = options;
  const info = getCurrency(currency);
  const rounded = roundToDisplayStep(BigInt(assertMinor(amountMinor, 'amount')), currency);
  const magnitude = rounded < 0n ? -rounded : rounded;
  const unit = 10n ** BigInt(info.minorExponent);
  const whole = groupThousands((magnitude / unit).toString(), info.thousandsSeparator);
  // Rounding made every digit past the display decimals zero, so cutting them loses nothing.
  const fraction = (magnitude % unit).toString().padStart(info.minorExponent, '0').slice(0, info.displayDecimals);
  const showFraction = fraction.length > 0 && !(trimZeroDecimals && /^0+$/.test(fraction));
  const number = showFraction ? `${whole}${info.decimalSeparator}${fraction}` : whole;
  const prefix = withSymbol ? `${info.symbol}${info.spaceAfterSymbol ? ' ' : ''}` : '';
  return `${rounded < 0n ? '-' : ''}${prefix}${number}`;
};

/**
 * A plan's price per period as the plan cards show it: `planPriceLabel(9900, 'MYR', 'monthly')` → `RM 99/mo`,
 * `planPriceLabel(99050, 'MYR', 'yearly')` → `RM 990.50/yr`. Whole amounts drop their `.00`; every period
 * but `monthly` reads `/yr`, as the spec asks. The suffix is not translated here; a localized screen may
 * build its own label from {@link formatMoney} with `trimZeroDecimals`.
 */
export const planPriceLabel = (amountMinor: MinorUnits, currency: CurrencyCode, period: BillingPeriod): string =>
  `${formatMoney(amountMinor, currency, { trimZeroDecimals: true })}${period === 'monthly' ? '/mo' : '/yr'}`;
