import type { CurrencyCode } from './market';

/** Amounts are integers in the currency's ISO 4217 minor units (NT$1,290 is 129000). */
export type MinorUnits = number;
/** Seconds since the Unix epoch. */
export type UnixSeconds = number;
/** ISO-8601 timestamp as sent by the API. */
export type IsoDateTime = string;

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Stripe-style subscription statuses (spec §3, §4); the product shows the first three. */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** `default` is the plan, `multistore` the sales-channel add-on. */
export const SUBSCRIPTION_NAMES = ['default', 'multistore'] as const;
export type SubscriptionName = (typeof SUBSCRIPTION_NAMES)[number];

/** A usage limit: a count or '*' for unlimited. */
export type UsageLimit = number | '*';

export const USAGE_ITEMS = ['order', 'item', 'channel', 'staff', 'warehouse', 'competitor_products'] as const;
export type UsageItem = (typeof USAGE_ITEMS)[number];

export type DescriptionLists = { basic: string[]; features: string[]; report: string[] };

export type PackageDescriptions = {
  basic: string[];
  features: string[];
  /** Plans without a report list are quoted on request ("Call for Quote"). */
  report: string[];
  /** The lists in other languages, edited in the staff catalog (issue 31 #5); an empty list shows the English one. */
  translations?: Partial<Record<string, DescriptionLists>>;
};

/** A plan's lists in a language: each translated list, or the English one where it has none. */
export const descriptionsIn = (descriptions: PackageDescriptions, language: string): DescriptionLists & { translated: Record<keyof DescriptionLists, boolean> } => {
  const other = language === 'en' ? undefined : descriptions.translations?.[language];
  const pick = (list: keyof DescriptionLists) => (other && other[list].length > 0 ? other[list] : descriptions[list]);
  const translated = (list: keyof DescriptionLists) => Boolean(other && other[list].length > 0);
  return {
    basic: pick('basic'),
    features: pick('features'),
    report: pick('report'),
    translated: { basic: translated('basic'), features: translated('features'), report: translated('report') },
  };
};

export type Package = {
  id: number;
  name: string;
  billing_period: BillingPeriod;
  /** Price per period in minor units. */
  price: MinorUnits;
  /** Discount in percent shown against the price (yearly plans save 20). */
  discount: number;
  subtotal: MinorUnits;
  /** Tax in percent. */
  tax: number;
  tax_label: string;
  currency: CurrencyCode;
  image: string | null;
  sort_order: number;
  hide: boolean;
  stripe_id: string;
  descriptions: PackageDescriptions;
  next_billing_date?: IsoDateTime | null;
  is_addon?: boolean;
} & {
  [K in UsageItem as `max_${K}`]: UsageLimit;
} & {
  [K in UsageItem as `current_${K}`]?: number;
};

export type Subscription = {
  id: number;
  name: SubscriptionName;
  stripe_status: SubscriptionStatus;
  /** The package's price id (its `stripe_id`). */
  stripe_plan: string;
  stripe_id: string;
  quantity: number;
  ends_at: IsoDateTime | null;
  trial_ends_at: IsoDateTime | null;
  current_period_start: IsoDateTime | null;
  current_period_end: IsoDateTime | null;
  coupon: Coupon | null;
  package: Package | null;
};

export type Coupon = {
  id: string;
  code?: string;
  name: string | null;
  /** `promotion_code` wraps a coupon and carries the code the customer typed. */
  object: 'promotion_code' | 'coupon';
  /** Minor units of the coupon's currency, or null for a percent coupon. */
  amount_off: MinorUnits | null;
  percent_off: number | null;
  currency?: CurrencyCode | null;
  duration?: CouponDuration;
  duration_in_months?: number | null;
};

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export type BillingInfo = {
  user_merchant_id: number;
  name: string;
  email: string;
  address1: string;
  address2: string | null;
  city: string;
  postal_code: string;
  country: string;
  state_or_region: string;
  created_at: IsoDateTime;
};

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export type Card = {
  id: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
};

export const PAYMENT_TYPES = ['card', 'fpx', 'manual'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * What a ledger entry the system wrote is, for the billing pages to word in the reader's language (a key of
 * `billing:ledger.*` and its values); `description` keeps the English. Staff-typed text and entries written before
 * have none. A reversal names what it reverses: `params.description` (as typed) and, when that was worded too, `params.of`.
 */
export const LEDGER_LABEL_KEYS = ['freeMonth', 'unusedCancelled', 'reversal', 'invoiceCredit', 'appliedToInvoice', 'invoiceVoided'] as const;
export type LedgerLabelKey = (typeof LEDGER_LABEL_KEYS)[number];
export type LedgerLabel = { key: LedgerLabelKey; params: { [name: string]: string | number | LedgerLabel | undefined; of?: LedgerLabel } };

export type BalanceTransaction = {
  id: string;
  type: string;
  description: string | null;
  /** A LedgerLabel as the API sends it (a key a newer server knows and this build not: the description is shown). */
  label?: { key: string; params: Record<string, unknown> };
  /** Positive is a debit, negative a credit. */
  amount: MinorUnits;
  currency: CurrencyCode;
  ending_balance: MinorUnits;
  created: UnixSeconds;
};

export type CreditBalance = {
  balance: { balance: MinorUnits; currency: CurrencyCode };
  balanceTransactions: { data: BalanceTransaction[]; hasNext: boolean; hasPrevious: boolean };
};

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const COLLECTION_METHODS = ['charge_automatically', 'send_invoice'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

/**
 * What a charge line is, for a page or document to word in its reader's language (issue 31 #5); the English
 * description stays beside it. `at`: seconds since the epoch (the day the proration starts).
 */
export type ChargeLineWords = {
  kind: 'unused' | 'remaining' | 'unusedQuantity' | 'plan' | 'prorated';
  plan: string;
  quantity?: number;
  period?: BillingPeriod;
  discount?: number;
  at?: number;
};

export type InvoiceLine = {
  id: string;
  description: string;
  label?: ChargeLineWords;
  amount: MinorUnits;
  quantity: number;
  proration: boolean;
  period: { start: UnixSeconds; end: UnixSeconds };
};

export type Invoice = {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: CurrencyCode;
  subtotal: MinorUnits;
  discount: MinorUnits;
  tax: MinorUnits;
  total: MinorUnits;
  amount_paid: MinorUnits;
  amount_due: MinorUnits;
  starting_balance: MinorUnits;
  collection_method: CollectionMethod;
  hosted_invoice_url: string;
  invoice_pdf: string;
  created: UnixSeconds;
  /** What the invoice pays for: from the earliest line's start to the latest line's end (a period switch: the new plan's cycle). */
  period_start?: UnixSeconds;
  period_end?: UnixSeconds;
  lines: { data: InvoiceLine[] };
  /** Refunded so far, the sum of the credit notes. */
  amount_refunded?: MinorUnits;
  credit_notes?: CreditNote[];
  disputes?: InvoiceDispute[];
};

/** A refund of a paid invoice, as the merchant's document: numbered `CN-<invoice number>-<n>`. */
export type CreditNote = { number: string; amount: MinorUnits; currency: CurrencyCode; created: UnixSeconds; source: 'staff' | 'gateway' };

/** A card dispute (chargeback) the gateway reported on the invoice's payment, as its latest event left it. */
export type InvoiceDispute = { id: string; status: string; reason: string | null; amount: MinorUnits | null; created: UnixSeconds };

export type BillingHistory = { data: Invoice[]; has_more: boolean; hasMore?: boolean };

export type UsageAddOnInfo = {
  quantity: number;
  unit_price: MinorUnits;
  tax_percentage: number;
  sub_total_amount: MinorUnits;
  applied_balance: MinorUnits;
  grand_total_amount: MinorUnits;
  lock_channel_count: number;
  billing_cycle_start_date: IsoDateTime;
  billing_cycle_end_date: IsoDateTime;
  isInvalidCoupon: boolean;
  currency: CurrencyCode;
};

export type AddOnPackage = { billing_period: BillingPeriod; sub_total: MinorUnits };

export type SelectedPackage = { data: Package; selected: boolean };

export type BillingUserData = {
  payment_type: PaymentType;
  default_payment_methods: string | null;
  inventory_users: { inventory_store_users: { store_id: number } };
};

export type BillingResponse = {
  billing: BillingInfo | null;
  selectedPackage: SelectedPackage[];
  all: Subscription[];
  userData: BillingUserData;
  paymentMethod: { data: Card[] };
  currentBillingPeriod: BillingPeriod | null;
  addOnIsPastDue: boolean;
  creditBalance: MinorUnits;
  currency: CurrencyCode;
  /** What a past-due subscription owes: its open invoice, so every request for payment names it (issue 31 #4). */
  openInvoices?: OpenInvoiceDue[];
};

/** The open invoice of a past-due subscription (`default`: the plan; `multistore`: the sales-channel add-on). */
export type OpenInvoiceDue = {
  type: 'default' | 'multistore';
  id: string;
  number: string;
  amount_due: MinorUnits;
  currency: CurrencyCode;
  hosted_invoice_url: string;
};

/** The checkout totals object of spec §3; every amount in minor units. */
export type CheckoutTotals = {
  packagePrice: MinorUnits;
  packageDiscount: MinorUnits;
  subtotal: MinorUnits;
  totalTax: MinorUnits;
  roundingAmount: MinorUnits;
  total: MinorUnits;
  totalWithFormat: string;
  coupon: MinorUnits;
  currency: CurrencyCode;
};

export type MerchantStore = {
  id: number;
  inventory_stores: { name: string; email: string };
  users: { auth_server_user_id: number };
};
