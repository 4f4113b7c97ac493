import { CURRENCY_CODES, MARKET_CURRENCY } from '@merchant-hub/domain';
import type { CurrencyCode, Market, MinorUnits } from '@merchant-hub/domain';
import { MoneyError } from './errors';

/** How one currency is counted and written. */
export type Currency = {
  code: CurrencyCode;
  /** Written before the amount. */
  symbol: string;
  /** Whether a space separates the symbol from the digits (`RM 1.00` but `S$1.00`). */
  spaceAfterSymbol: boolean;
  /** Decimals shown to people; may be fewer than `minorExponent` (TWD shows whole dollars). */
  displayDecimals: number;
  /** ISO 4217 exponent: how many minor units make one major unit, as a power of ten. */
  minorExponent: number;
  thousandsSeparator: string;
  decimalSeparator: string;
};

/** Decimals shown when a currency does not say otherwise (spec §9). */
export const DEFAULT_DISPLAY_DECIMALS = 2;

const twoDecimal = (code: CurrencyCode, symbol: string, spaceAfterSymbol: boolean): Currency => ({
  code,
  symbol,
  spaceAfterSymbol,
  displayDecimals: DEFAULT_DISPLAY_DECIMALS,
  minorExponent: 2,
  thousandsSeparator: ',',
  decimalSeparator: '.',
});

/**
 * The currencies of the five markets. Only MYR takes a space after its symbol, as the spec writes
 * `RM 1,234.50`; the spec's `NT$1,235` sets the pattern that S$, ₱ and ฿ follow.
 * TWD is counted in ISO minor units like Stripe (exponent 2: NT$1,290 is 129000) but shown with no decimals,
 * because our TWD prices are whole dollars and ECPay takes whole dollars only.
 */
export const CURRENCIES: Readonly<Record<CurrencyCode, Readonly<Currency>>> = {
  MYR: twoDecimal('MYR', 'RM', true),
  SGD: twoDecimal('SGD', 'S$', false),
  PHP: twoDecimal('PHP', '₱', false),
  THB: twoDecimal('THB', '฿', false),
  TWD: { ...twoDecimal('TWD', 'NT$', false), displayDecimals: 0 },
};

/** True when `value` is one of the product's currency codes. */
export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);

/**
 * The table entry for `code`.
 * @throws {MoneyError} `unknown_currency` when data carries a code outside the table (types do not hold at runtime).
 */
export const getCurrency = (code: CurrencyCode): Readonly<Currency> => {
  if (!isCurrencyCode(code)) {
    throw new MoneyError('unknown_currency', `Unknown currency: ${String(code)}`);
  }
  return CURRENCIES[code];
};

/** The currency a market sells in (MY → MYR ... TW → TWD). */
export const currencyOf = (market: Market): CurrencyCode => {
  const code = MARKET_CURRENCY[market];
  if (code === undefined) {
    throw new MoneyError('unknown_currency', `No currency for market: ${String(market)}`);
  }
  return code;
};

/**
 * The market that sells in `currency` (MYR → MY ... TWD → TW), the inverse of {@link currencyOf}.
 * @throws {MoneyError} `unknown_currency` for a code outside the table.
 */
export const marketOf = (currency: CurrencyCode): Market => {
  const entry = (Object.entries(MARKET_CURRENCY) as [Market, CurrencyCode][]).find(([, code]) => code === currency);
  if (entry === undefined) {
    throw new MoneyError('unknown_currency', `No market sells in: ${String(currency)}`);
  }
  return entry[0];
};

/** True for an integer amount of minor units that arithmetic can carry without losing precision. */
export const isValidMinor = (value: unknown): value is MinorUnits =>
  typeof value === 'number' && Number.isSafeInteger(value);

/**
 * The amount in major units as a float (129050 MYR → 1290.5), for charts and other display only.
 * Never compute with the result: floats drift, minor units do not.
 */
export const toMajor = (amountMinor: MinorUnits, currency: CurrencyCode): number => {
  const { minorExponent } = getCurrency(currency);
  return amountMinor / 10 ** minorExponent;
};

/**
 * The amount in major units as an exact decimal string with every minor digit and no grouping or symbol
 * (129050 MYR → `1290.50`, 129000 TWD → `1290.00`, -5 → `-0.05`): for plain-text messages and logs.
 * @throws {MoneyError} `invalid_amount` or `unknown_currency`.
 */
export const toMajorString = (amountMinor: MinorUnits, currency: CurrencyCode): string => {
  const { minorExponent } = getCurrency(currency);
  const amount = assertSafe(amountMinor);
  const digits = Math.abs(amount).toString().padStart(minorExponent + 1, '0');
  const whole = digits.slice(0, digits.length - minorExponent);
  const fraction = digits.slice(digits.length - minorExponent);
  return `${amount < 0 ? '-' : ''}${whole}${minorExponent > 0 ? `.${fraction}` : ''}`;
};

/**
 * The amount as a whole number of major units, for gateways that take whole dollars (ECPay's `TotalAmount`:
 * 129000 TWD → 1290).
 * @throws {MoneyError} `invalid_amount` when the amount has a fraction of a major unit: it must be rounded
 * (see `roundForDisplay`) before it is charged, never silently here.
 */
export const toWholeMajor = (amountMinor: MinorUnits, currency: CurrencyCode): number => {
  const unit = 10 ** getCurrency(currency).minorExponent;
  const amount = assertSafe(amountMinor);
  if (amount % unit !== 0) {
    throw new MoneyError('invalid_amount', `${amount} ${currency} minor units is not a whole number of major units`);
  }
  return amount / unit;
};

/**
 * Whole major units back into minor units (ECPay's `TradeAmt` 1290 TWD → 129000).
 * @throws {MoneyError} `invalid_amount` for a fractional or unsafe number.
 */
export const fromWholeMajor = (amountMajor: number, currency: CurrencyCode): MinorUnits => {
  const unit = 10 ** getCurrency(currency).minorExponent;
  const major = assertSafe(amountMajor);
  return assertSafe(major * unit);
};

const assertSafe = (value: unknown): number => {
  if (!isValidMinor(value)) {
    throw new MoneyError('invalid_amount', `Expected a safe integer, got ${String(value)}`);
  }
  return value;
};
