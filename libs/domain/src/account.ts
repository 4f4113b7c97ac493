import type { IsoDateTime, UnixSeconds } from './billing';

export const ROLE_NAMES = ['main_user', 'support', 'superadmin', 'readonly', 'chat_store_staff', 'user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/**
 * Staff roles (spec §6). Support and superadmin act on behalf of a chosen merchant; `readonly` (issue 27
 * capability 4) sees every console page and read call and changes nothing: the API refuses its writes.
 */
export const STAFF_ROLES = ['support', 'superadmin', 'readonly'] as const satisfies readonly RoleName[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The staff role a user acts with: superadmin over support over readonly, so a member holding a writing role
 * is never held back by a leftover `readonly`; null for anyone else.
 */
export const staffRoleOf = (roles: readonly string[]): StaffRole | null =>
  roles.includes('superadmin') ? 'superadmin' : roles.includes('support') ? 'support' : roles.includes('readonly') ? 'readonly' : null;

export type Role = { name: RoleName };

export type User = {
  id: number;
  user_id: number;
  name: string;
  email: string;
  image: string | null;
  image_url: string | null;
  phone: string | null;
  roles: Role[];
  skip_otp?: boolean;
  inventory_users: { inventory_store_users: { store_id: number | null } };
};

export type LoginResponse = {
  user: User;
  access_token: string;
  /** When the session ends. */
  expires_at: IsoDateTime;
  message: string;
  /** Seconds until `expires_at`. */
  expires_in: number;
};

/** What the one-time-code screen needs to show its countdown and attempts (spec §3). */
export type OtpData = {
  email: string;
  mobile_attempts_left: number;
  mobile_verify_code_sent_at: UnixSeconds | null;
  seconds_of_validation: number;
  mobile_last_attempt_date: UnixSeconds | null;
  attempts_ban_seconds: number;
};

export const OTP_STATUS_ERRORS = ['banned', 'expired', 'out_of_credit', 'invalid'] as const;
export type OtpStatusError = (typeof OTP_STATUS_ERRORS)[number];

export type Banner = {
  banner_type: number;
  images_details: { banner_image: string; background_image: string; link: string | null }[];
};

/** The product's languages besides English: reference lists and catalogue content carry a name in each (issue 31 #5). */
export const TRANSLATED_LANGUAGES = ['ms', 'zh', 'zhtw', 'th'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
/** A list entry's name in the other languages; a language without one shows the English name. */
export type ListTranslations = Partial<Record<TranslatedLanguage, string>>;
/** A market's country; the API sends its name in the other languages too (`translations`). */
export type Country = { id: number; name: string; dial_code: string; iso_code: string; translations?: ListTranslations };

export type State = { id: number; name: string; translations?: ListTranslations };
export type Language = { languageId: number; locale: string; name: string; icon: string | null };
export type CurrencyOption = { code: string; symbol_left: string; decimal_places: number };

/** The 16 store industries of spec §3, in the spec's order; ids are 1-based positions. */
export const STORE_INDUSTRIES = [
  'Automotive & Motorcycles',
  'Book/Music/Video',
  'Baby & Toys',
  'Electronic Devices and Accessories',
  'Fashion',
  'Flower/Gifts',
  'Groceries',
  'Home Appliances',
  'Health & Beauty',
  'Home & Living / Home Improvement',
  'Hardware/Housewares',
  'Jewelry',
  'Office Supplies',
  'Pets',
  'Sports & Travel & Hobby',
  'Other',
] as const;
export type StoreIndustry = (typeof STORE_INDUSTRIES)[number];

/** `paid_conflict`: paid, but the e-mail was registered meanwhile; support settles it by the order number. */
export const PAYMENT_RESULT_STATUSES = ['success', 'pending', 'expired', 'invalid_token', 'failed', 'paid_conflict'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/** After checkout the browser receives a single-use sign-in ticket, never a password. */
export type PaymentStatusResponse = {
  status: PaymentResultStatus;
  loginInfo: { email: string; ticket: string } | null;
  /** Present for `paid_conflict`, so the buyer can quote it to support. */
  order_no?: string;
};
