import { isCardNumber } from '@merchant-hub/validation';

/** Why a card entry cannot be used yet, in the order the fields are filled in. */
export type CardEntryError =
  | 'numberIncomplete'
  | 'numberInvalid'
  | 'expiryIncomplete'
  | 'expiryInvalid'
  | 'expiryPast'
  | 'cvcIncomplete';

export type CardEntry = { number: string; expiry: string; cvc: string };

export type CardEntryField = keyof CardEntry;

export type CardEntryCheck = {
  complete: boolean;
  /** Errors by field; a field left empty has none until it is touched. */
  errors: Partial<Record<CardEntryField, CardEntryError>>;
};

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** American Express numbers are 15 digits with a 4-digit code; the others the product meets are 16 and 3. */
const isAmex = (digits: string): boolean => /^3[47]/.test(digits);
export const expectedNumberLength = (digits: string): number => (isAmex(digits) ? 15 : 16);
export const expectedCvcLength = (digits: string): number => (isAmex(digits) ? 4 : 3);

/** `4242424242424242` → `4242 4242 4242 4242`; Amex groups 4-6-5. */
export const formatCardNumber = (value: string): string => {
  const all = digitsOf(value);
  const digits = all.slice(0, expectedNumberLength(all));
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
};

/** `122` → `12 / 2`, `1230` → `12 / 30`; a leading 2–9 means a single-digit month (`4` → `04 / `). */
export const formatExpiry = (value: string): string => {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
};

const numberError = (value: string): CardEntryError | null => {
  const digits = digitsOf(value);
  if (digits.length < expectedNumberLength(digits)) return 'numberIncomplete';
  if (!isCardNumber(digits)) return 'numberInvalid';
  return null;
};

const expiryError = (value: string, now: Date): CardEntryError | null => {
  const parsed = parseExpiry(value);
  if (parsed === null) return 'expiryIncomplete';
  if (parsed.month < 1 || parsed.month > 12) return 'expiryInvalid';
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (parsed.year < thisYear || (parsed.year === thisYear && parsed.month < thisMonth)) return 'expiryPast';
  return null;
};

const cvcError = (value: string, number: string): CardEntryError | null =>
  digitsOf(value).length === expectedCvcLength(digitsOf(number)) ? null : 'cvcIncomplete';

/**
 * Checks the whole entry. `touched` fields report their error even while empty; untouched empty fields stay
 * quiet, so a fresh form shows no red text while Add Card stays disabled.
 */
export const checkCardEntry = (
  entry: CardEntry,
  touched: Partial<Record<CardEntryField, boolean>> = {},
  now: Date = new Date(),
): CardEntryCheck => {
  const found: Record<CardEntryField, CardEntryError | null> = {
    number: numberError(entry.number),
    expiry: expiryError(entry.expiry, now),
    cvc: cvcError(entry.cvc, entry.number),
  };
  const errors: CardEntryCheck['errors'] = {};
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const error = found[field];
    if (error !== null && (touched[field] || digitsOf(entry[field]).length > 0)) {
      // While the user is still typing a field, "incomplete" is not yet an error worth showing.
      const stillTyping = !touched[field] && (error === 'numberIncomplete' || error === 'expiryIncomplete' || error === 'cvcIncomplete');
      if (!stillTyping) errors[field] = error;
    }
  }
  return { complete: found.number === null && found.expiry === null && found.cvc === null, errors };
};

/** Spec §5: the first card-entry error is the one displayed. */
export const firstCardError = (check: CardEntryCheck): CardEntryError | null =>
  check.errors.number ?? check.errors.expiry ?? check.errors.cvc ?? null;
