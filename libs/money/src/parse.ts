import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { getCurrency } from './currency';

/** Why typed text is not an amount; a form maps each code to its own message. */
export type ParseMoneyErrorCode = 'empty' | 'invalid_format' | 'too_many_decimals' | 'negative' | 'too_large';

export type ParseMoneyResult = { ok: true; value: MinorUnits } | { ok: false; error: ParseMoneyErrorCode };

export type ParseMoneyOptions = {
  /** Accept a leading minus sign (default false: amounts people type are prices, coupons, top-ups). */
  allowNegative?: boolean;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an amount typed by a person, in the currency's display units, into minor units:
 * `parseMoney('1,234.50', 'MYR')` → `{ ok: true, value: 123450 }`, `parseMoney('1,290', 'TWD')` → 129000.
 * Accepts surrounding spaces, the currency's own symbol in front (so whatever {@link formatMoney} writes reads
 * back), thousands separators only in correct groups of three, and at most the currency's display decimals
 * (two, none for TWD — `'1,290.00'` in TWD is refused rather than guessed at). Never throws for bad text:
 * the result says why instead.
 */
export const parseMoney = (
  input: string,
  currency: CurrencyCode,
  options: ParseMoneyOptions = {},
): ParseMoneyResult => {
  const info = getCurrency(currency);
  let text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, error: 'empty' };

  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  if (text.startsWith(info.symbol)) text = text.slice(info.symbol.length).trimStart();

  const group = escapeRegExp(info.thousandsSeparator);
  const point = escapeRegExp(info.decimalSeparator);
  const pattern = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${point}(\\d+))?$`);
  const match = pattern.exec(text);
  if (match === null) return { ok: false, error: 'invalid_format' };

  const [, wholeText, fractionText = ''] = match;
  if (fractionText.length > info.displayDecimals) return { ok: false, error: 'too_many_decimals' };
  if (negative && !options.allowNegative) return { ok: false, error: 'negative' };

  const digits = `${wholeText.split(info.thousandsSeparator).join('')}${fractionText.padEnd(info.minorExponent, '0')}`;
  const magnitude = BigInt(digits);
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'too_large' };
  const value = Number(magnitude);
  // `-0` would slip past equality checks downstream.
  return { ok: true, value: negative && value !== 0 ? -value : value };
};
