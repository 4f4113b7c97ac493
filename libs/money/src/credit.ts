import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { assertMinor } from './arithmetic';
import { formatMoney } from './format';

/*
 * The credit ledger stores what the merchant owes (spec §3): a credit given to the merchant is a negative
 * amount, a debit a positive one. Every screen reads it as the merchant does: credit is positive. These are the
 * only place that turns a ledger amount into that reading, so the staff timeline, the balance cards and the
 * merchant's own ledger cannot disagree (issue 27 §2).
 */

/** The merchant's credit change of a ledger amount: `-1000` (a RM 10 credit) → `1000`. */
export const creditChangeMinor = (ledgerAmountMinor: MinorUnits): MinorUnits => {
  const amount = assertMinor(ledgerAmountMinor, 'amount');
  return amount === 0 ? 0 : -amount;
};

/**
 * A ledger entry as the merchant reads it: `formatCreditChange(-1000, 'MYR')` (credit given) → `+RM 10.00`,
 * `formatCreditChange(1000, 'MYR')` (credit used or taken back) → `-RM 10.00`; an amount that shows as zero has
 * no sign.
 */
export const formatCreditChange = (ledgerAmountMinor: MinorUnits, currency: CurrencyCode): string => {
  const change = creditChangeMinor(ledgerAmountMinor);
  const text = formatMoney(change, currency);
  return change > 0 && text !== formatMoney(0, currency) ? `+${text}` : text;
};

/** The credit a ledger balance leaves the merchant: `formatCreditBalance(-2500, 'MYR')` → `RM 25.00`. */
export const formatCreditBalance = (ledgerBalanceMinor: MinorUnits, currency: CurrencyCode): string => formatMoney(creditChangeMinor(ledgerBalanceMinor), currency);
