import { z } from 'zod';
import { descriptionTranslationsSchema } from './catalog.schema.js';

// Billing's response schemas: what the API answers under /users/billing, /users/usage-addon and /merchants. The API client parses with
// them (in development and tests), and the API's own tests parse its real answers with them, so a field that
// drifts on either side fails a test instead of a page. Objects are loose: fields the client does not read yet
// pass through untouched. `@merchant-hub/api-client` checks at compile time that each schema's output fits
// the domain type it stands for; this package stays free of the domain library so it can be published alone.

const minor = z.number().int();
const isoDateTime = z.string();
const currency = z.enum(['MYR', 'SGD', 'PHP', 'THB', 'TWD']);
const billingPeriod = z.enum(['monthly', 'yearly']);
const usageLimit = z.union([z.number(), z.literal('*')]);
const count = z.number().optional();

/** A catalog package (spec §3 Package) with its usage limits and, in billing/all, its current usage. */
export const packageResponseSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  billing_period: billingPeriod,
  price: minor,
  discount: z.number(),
  subtotal: minor,
  tax: z.number(),
  tax_label: z.string(),
  currency,
  image: z.string().nullable(),
  sort_order: z.number(),
  hide: z.boolean(),
  stripe_id: z.string(),
  descriptions: z.looseObject({ basic: z.array(z.string()), features: z.array(z.string()), report: z.array(z.string()), translations: descriptionTranslationsSchema }),
  next_billing_date: isoDateTime.nullish(),
  is_addon: z.boolean().optional(),
  max_order: usageLimit,
  max_item: usageLimit,
  max_channel: usageLimit,
  max_staff: usageLimit,
  max_warehouse: usageLimit,
  max_competitor_products: usageLimit,
  current_order: count,
  current_item: count,
  current_channel: count,
  current_staff: count,
  current_warehouse: count,
  current_competitor_products: count,
});

export const couponResponseSchema = z.looseObject({
  id: z.string(),
  code: z.string().optional(),
  name: z.string().nullable(),
  object: z.enum(['promotion_code', 'coupon']),
  amount_off: minor.nullable(),
  percent_off: z.number().nullable(),
  currency: currency.nullish(),
  duration: z.enum(['once', 'repeating', 'forever']).optional(),
  duration_in_months: z.number().int().nullish(),
});

const subscriptionResponseSchema = z.looseObject({
  id: z.number().int(),
  name: z.enum(['default', 'multistore']),
  stripe_status: z.enum(['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid']),
  stripe_plan: z.string(),
  stripe_id: z.string(),
  quantity: z.number().int(),
  ends_at: isoDateTime.nullable(),
  trial_ends_at: isoDateTime.nullable(),
  current_period_start: isoDateTime.nullable(),
  current_period_end: isoDateTime.nullable(),
  coupon: couponResponseSchema.nullable(),
  package: packageResponseSchema.nullable(),
});

export const billingInfoResponseSchema = z.looseObject({
  user_merchant_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  state_or_region: z.string(),
  created_at: isoDateTime,
});

export const cardResponseSchema = z.looseObject({
  id: z.string(),
  brand: z.enum(['visa', 'mastercard', 'amex', 'unknown']),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

/** GET /users/billing/all: the billing page's whole state (spec §7), plus the fields this API adds. */
export const billingAllResponseSchema = z.looseObject({
  billing: billingInfoResponseSchema.nullable(),
  selectedPackage: z.array(z.looseObject({ data: packageResponseSchema, selected: z.boolean() })),
  all: z.array(subscriptionResponseSchema),
  userData: z.looseObject({
    payment_type: z.enum(['card', 'fpx', 'manual']),
    default_payment_methods: z.string().nullable(),
    inventory_users: z.looseObject({ inventory_store_users: z.looseObject({ store_id: z.number().int() }) }),
  }),
  paymentMethod: z.looseObject({ data: z.array(cardResponseSchema) }),
  currentBillingPeriod: billingPeriod.nullable(),
  addOnIsPastDue: z.boolean(),
  creditBalance: minor,
  currency,
  addOnSectionVisible: z.boolean().optional(),
  balance: minor.optional(),
  now: isoDateTime.optional(),
  openInvoices: z
    .array(z.looseObject({ type: z.enum(['default', 'multistore']), id: z.string(), number: z.string(), amount_due: minor, currency, hosted_invoice_url: z.string() }))
    .optional(),
});

/**
 * What a charge line is, for the page to word in the merchant's language (issue 31 #5): the English
 * `description` stays for the invoice and older clients. `at`: seconds since the epoch.
 */
export const chargeLineLabelSchema = z.looseObject({
  kind: z.enum(['unused', 'remaining', 'unusedQuantity', 'plan', 'prorated']),
  plan: z.string(),
  quantity: z.number().int().optional(),
  period: billingPeriod.optional(),
  discount: z.number().optional(),
  at: z.number().int().optional(),
});
export type ChargeLineLabel = z.infer<typeof chargeLineLabelSchema>;

/**
 * A billing change's acknowledgement as a key and values, for the page to word in the merchant's language
 * (issue 31 #5); `message` stays in English for older clients. `at`: seconds since the epoch.
 */
export const billingNoticeSchema = z.looseObject({
  kind: z.enum(['planUpgraded', 'planSwitched', 'planScheduled', 'welcomePlan', 'welcome', 'planEnding', 'planResumed', 'paymentReceived', 'nextPlanCanceled', 'couponApplied', 'addOnSubscribed']),
  plan: z.string().optional(),
  /** couponApplied: the promotion code as the merchant typed it (upper case). */
  code: z.string().optional(),
  period: billingPeriod.optional(),
  at: z.number().int().optional(),
});
export type BillingNotice = z.infer<typeof billingNoticeSchema>;

/** GET /users/billing/plan-change-preview: `{ data }` with the figures the upgrade page shows. */
export const planChangePreviewResponseSchema = z.looseObject({
  data: z.looseObject({
    change: z.enum(['upgrade', 'downgrade', 'period_switch', 'same']),
    effect: z.looseObject({ kind: z.string(), reason: z.string().optional(), effectiveAt: isoDateTime.nullish() }),
    must_acknowledge_coupon_removal: z.boolean(),
    currency,
    package: packageResponseSchema,
    lines: z.array(z.looseObject({ description: z.string(), label: chargeLineLabelSchema.optional(), amount: minor, proration: z.boolean(), period: z.looseObject({ start: z.number(), end: z.number() }) })),
    subtotal: minor,
    tax: minor,
    tax_percent: z.number().optional(),
    rounding_amount: minor.optional(),
    total: minor,
    applied_balance: minor,
    amount_due: minor,
    period_end: isoDateTime.nullish(),
    /** Staff only: what the change's commit must bring back (the account as this preview saw it). */
    preview_token: z.string().optional(),
  }),
});

export type PlanChangePreview = z.infer<typeof planChangePreviewResponseSchema>['data'];
export type PlanChangePreviewLine = PlanChangePreview['lines'][number];

const invoiceResponseSchema = z.looseObject({
  id: z.string(),
  number: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  currency,
  subtotal: minor,
  discount: minor,
  tax: minor,
  total: minor,
  amount_paid: minor,
  amount_due: minor,
  starting_balance: minor,
  collection_method: z.enum(['charge_automatically', 'send_invoice']),
  hosted_invoice_url: z.string(),
  invoice_pdf: z.string(),
  created: z.number().int(),
  period_start: z.number().int().optional(),
  period_end: z.number().int().optional(),
  lines: z.looseObject({
    data: z.array(
      z.looseObject({ id: z.string(), description: z.string(), label: chargeLineLabelSchema.optional(), amount: minor, quantity: z.number(), proration: z.boolean(), period: z.looseObject({ start: z.number(), end: z.number() }) }),
    ),
  }),
  /** Refunds of the invoice's payment, each a numbered credit note, and card disputes the gateway reported. */
  amount_refunded: minor.optional(),
  credit_notes: z.array(z.looseObject({ number: z.string(), amount: minor, currency, created: z.number().int(), source: z.enum(['staff', 'gateway']) })).optional(),
  disputes: z.array(z.looseObject({ id: z.string(), status: z.string(), reason: z.string().nullable(), amount: minor.nullable(), created: z.number().int() })).optional(),
});

/** GET /users/billing/credit-balance: the ledger, newest first, one page at a time. */
export const creditBalanceResponseSchema = z.looseObject({
  balance: z.looseObject({ balance: minor, currency }),
  balanceTransactions: z.looseObject({
    data: z.array(
      z.looseObject({
        id: z.string(),
        type: z.string(),
        description: z.string().nullable(),
        /** What an entry the system wrote is (libs/domain LedgerLabel), for the page to word; `description` stays the fallback. */
        label: z.looseObject({ key: z.string(), params: z.record(z.string(), z.unknown()) }).optional(),
        amount: minor,
        currency,
        ending_balance: minor,
        created: z.number().int(),
      }),
    ),
    hasNext: z.boolean(),
    hasPrevious: z.boolean(),
  }),
});

/** POST /users/billing/billing-history. */
export const billingHistoryResponseSchema = z.looseObject({ data: z.array(invoiceResponseSchema), has_more: z.boolean(), hasMore: z.boolean().optional() });

const message = z.string();
/** The plain acknowledgement of a billing change: cancel trialing, retry payment, primary card, delete card. */
export const billingMessageResponseSchema = z.looseObject({ message, notice: billingNoticeSchema.optional() });
export type MessageResponse = z.infer<typeof billingMessageResponseSchema>;

/** A plan change, late subscribe or FPX payment: the invoice it raised, if any (null: a repeat, already_confirmed). */
export const planChangeResultResponseSchema = z.looseObject({
  message,
  notice: billingNoticeSchema.optional(),
  change: z.string().optional(),
  invoice: invoiceResponseSchema.nullable(),
  already_confirmed: z.boolean().optional(),
});
export type PlanChangeResult = z.infer<typeof planChangeResultResponseSchema>;

/** POST /users/billing/unsubscribe and /resume: when the plan now ends (null: it renews). */
export const subscriptionEndResponseSchema = z.looseObject({ message, notice: billingNoticeSchema.optional(), ends_at: isoDateTime.nullable() });

/** POST /users/billing/add-coupon. */
export const addCouponResponseSchema = z.looseObject({ message, notice: billingNoticeSchema.optional(), data: couponResponseSchema });
/** PATCH /users/billing/{id}. */
export const billingInfoUpdateResponseSchema = z.looseObject({ message, data: billingInfoResponseSchema });
/** POST /users/billing/add-card: the cards after the new one. */
export const addCardResponseSchema = z.looseObject({ message, data: z.array(cardResponseSchema) });

/** The setup intent a card is confirmed against; `gateway`/`publishable_key` when the API says which one runs. */
export const setupIntentResponseSchema = z.looseObject({
  id: z.string(),
  client_secret: z.string(),
  gateway: z.enum(['sandbox', 'stripe']).optional(),
  publishable_key: z.string().optional(),
});
export type SetupIntent = z.infer<typeof setupIntentResponseSchema>;

/** POST /users/billing/late-subscribe/create-intent. */
export const lateSubscribeIntentResponseSchema = z.looseObject({ stripeIntent: setupIntentResponseSchema.nullable(), client_secret: z.string().optional() });

/** POST /users/billing/(late-subscribe|retry-payment)/fpx/create-intent: the bank page to send the browser to. */
export const fpxIntentResponseSchema = z.looseObject({ payment_intent_id: z.string(), client_secret: z.string(), redirect_url: z.string(), amount: minor });
export type FpxIntent = z.infer<typeof fpxIntentResponseSchema>;

/** POST /users/billing/confirm-payment: settles what a 3-D Secure payment was paying for, at most once. */
export const confirmPaymentResponseSchema = z.looseObject({ message, notice: billingNoticeSchema.optional(), status: z.literal('succeeded'), already_confirmed: z.boolean(), invoice: invoiceResponseSchema.optional() });
export type ConfirmPaymentResult = z.infer<typeof confirmPaymentResponseSchema>;

/** GET /users/usage-addon/get-add-on-package: the market's add-on (sales channels) and its price. */
export const addOnPackageResponseSchema = z.looseObject({
  data: z.looseObject({ billing_period: billingPeriod, sub_total: minor, id: z.number().int(), name: z.string(), price: minor, tax: z.number(), tax_label: z.string(), currency }),
});
export type AddOnPackageDetail = z.infer<typeof addOnPackageResponseSchema>['data'];

/** GET /users/usage-addon/get-amount-to-pay: the quote of adding channels now. */
export const addOnAmountResponseSchema = z.looseObject({
  data: z.looseObject({
    quantity: z.number().int(),
    unit_price: minor,
    tax_percentage: z.number(),
    sub_total_amount: minor,
    applied_balance: minor,
    grand_total_amount: minor,
    lock_channel_count: z.number().int(),
    billing_cycle_start_date: isoDateTime,
    billing_cycle_end_date: isoDateTime,
    isInvalidCoupon: z.boolean(),
    currency,
    /** Staff only: what the subscribe must bring back (the account as this quote saw it). */
    preview_token: z.string().optional(),
    tax_label: z.string().optional(),
    prorated_amount: minor.optional(),
    discount_amount: minor.optional(),
    tax_amount: minor.optional(),
    rounding_amount: minor.optional(),
    total_amount: minor.optional(),
  }),
});
export type AddOnAmount = z.infer<typeof addOnAmountResponseSchema>['data'];

/** POST /users/usage-addon/subscribe. */
export const addOnSubscribeResponseSchema = z.looseObject({ message, notice: billingNoticeSchema.optional(), invoice: invoiceResponseSchema.nullable() });

/** GET /merchants (support and superadmin only): the store list of the store chooser. */
export const merchantStoreRowSchema = z.looseObject({
  id: z.number().int(),
  inventory_stores: z.looseObject({ name: z.string(), email: z.string() }),
  users: z.looseObject({ auth_server_user_id: z.number().int() }),
  merchant_name: z.string().optional(),
  owner_email: z.string().optional(),
});
export type MerchantStoreRow = z.infer<typeof merchantStoreRowSchema>;
export const merchantStoresResponseSchema = z.looseObject({ data: z.array(merchantStoreRowSchema) });

/** POST /sandbox/payment-methods (sandbox gateway only): the stand-in for Stripe.js making a payment method. */
export const sandboxPaymentMethodResponseSchema = z.looseObject({ id: z.string(), brand: z.enum(['visa', 'mastercard', 'amex', 'unknown']), last4: z.string() });
export type SandboxPaymentMethod = z.infer<typeof sandboxPaymentMethodResponseSchema>;
