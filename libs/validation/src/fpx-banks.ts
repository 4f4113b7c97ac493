// Plain data (no zod): the checkout page lists the banks in its first render without downloading the schemas.

/**
 * The FPX banks Stripe accepts as `payment_method_data[fpx][bank]` (stripe SDK 23,
 * `PaymentIntentCreateParams.PaymentMethodData.Fpx.Bank`). The sandbox's bank page stands in for every one
 * of them, so both gateways offer the same list. SDK 23 also knows `bnp_paribas`, `citibank` and `mbsb_bank`
 * (added 2026-07-29); they are not offered yet.
 */
export const FPX_BANK_CODES = [
  'affin_bank',
  'agrobank',
  'alliance_bank',
  'ambank',
  'bank_islam',
  'bank_muamalat',
  'bank_of_china',
  'bank_rakyat',
  'bsn',
  'cimb',
  'deutsche_bank',
  'hong_leong_bank',
  'hsbc',
  'kfh',
  'maybank2e',
  'maybank2u',
  'ocbc',
  'pb_enterprise',
  'public_bank',
  'rhb',
  'standard_chartered',
  'uob',
] as const;

export type FpxBankCode = (typeof FPX_BANK_CODES)[number];

export type FpxBank = {
  code: FpxBankCode;
  /** The bank's own name for its online banking, as the customer knows it (not translated). */
  name: string;
  /** Corporate online banking only: the payment goes through FPX's business (B2B) channel. */
  business: boolean;
};

const bank = (code: FpxBankCode, name: string, business = false): FpxBank => ({ code, name, business });

/** What the bank pickers show, ordered by name. */
export const FPX_BANKS: readonly FpxBank[] = [
  bank('affin_bank', 'Affin Bank'),
  bank('agrobank', 'AGRONet'),
  bank('alliance_bank', 'Alliance Bank'),
  bank('ambank', 'AmBank'),
  bank('bank_islam', 'Bank Islam'),
  bank('bank_muamalat', 'Bank Muamalat'),
  bank('bank_of_china', 'Bank of China', true),
  bank('bank_rakyat', 'Bank Rakyat'),
  bank('bsn', 'BSN'),
  bank('cimb', 'CIMB Clicks'),
  bank('deutsche_bank', 'Deutsche Bank', true),
  bank('hong_leong_bank', 'Hong Leong Bank'),
  bank('hsbc', 'HSBC Bank'),
  bank('kfh', 'KFH'),
  bank('maybank2e', 'Maybank2E', true),
  bank('maybank2u', 'Maybank2u'),
  bank('ocbc', 'OCBC Bank'),
  bank('pb_enterprise', 'PB Enterprise', true),
  bank('public_bank', 'Public Bank'),
  bank('rhb', 'RHB Bank'),
  bank('standard_chartered', 'Standard Chartered'),
  bank('uob', 'UOB Bank'),
];

export const isBusinessFpxBank = (code: FpxBankCode): boolean => FPX_BANKS.some((entry) => entry.code === code && entry.business);
