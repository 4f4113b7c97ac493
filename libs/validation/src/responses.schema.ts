import { z } from 'zod';

// Response schemas: what the API answers for the resources the browser reads. The API client parses with
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
  descriptions: z.looseObject({ basic: z.array(z.string()), features: z.array(z.string()), report: z.array(z.string()) }),
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

const couponResponseSchema = z.looseObject({
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

const billingInfoResponseSchema = z.looseObject({
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

const cardResponseSchema = z.looseObject({
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
});

/** GET /users/billing/plan-change-preview: `{ data }` with the figures the upgrade page shows. */
export const planChangePreviewResponseSchema = z.looseObject({
  data: z.looseObject({
    change: z.enum(['upgrade', 'downgrade', 'period_switch', 'same']),
    effect: z.looseObject({ kind: z.string(), reason: z.string().optional(), effectiveAt: isoDateTime.nullish() }),
    must_acknowledge_coupon_removal: z.boolean(),
    currency,
    package: packageResponseSchema,
    lines: z.array(z.looseObject({ description: z.string(), amount: minor, proration: z.boolean(), period: z.looseObject({ start: z.number(), end: z.number() }) })),
    subtotal: minor,
    tax: minor,
    tax_percent: z.number().optional(),
    rounding_amount: minor.optional(),
    total: minor,
    applied_balance: minor,
    amount_due: minor,
    period_end: isoDateTime.nullish(),
  }),
});

/** The signed-in user (spec §3 User), as GET /user and GET/PUT /users/{id} answer it inside `{ data }`. */
export const userResponseSchema = z.looseObject({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.looseObject({ name: z.enum(['main_user', 'support', 'superadmin', 'chat_store_staff', 'user']) })),
  skip_otp: z.boolean().optional(),
  inventory_users: z.looseObject({ inventory_store_users: z.looseObject({ store_id: z.number().int().nullable() }) }),
});

export const userEnvelopeResponseSchema = z.looseObject({ data: userResponseSchema });

/** GET /packages/{id}: the plan a checkout sells, and the market it sells in. */
export const checkoutPackageResponseSchema = z.looseObject({ data: packageResponseSchema.extend({ market: z.string().optional() }) });

/** GET /checkout/config: which card entry the checkout mounts. */
export const checkoutConfigResponseSchema = z.looseObject({
  gateway: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().optional(),
});

/** GET /ecpay/payment-status: where a Taiwan checkout stands, with a sign-in ticket once paid. */
export const paymentStatusResponseSchema = z.looseObject({
  // success, pending, expired, invalid_token, failed, paid_conflict today; the result page shows any status it
  // has no screen for as "not completed", so a status added later must not fail the answer.
  status: z.string(),
  loginInfo: z.looseObject({ email: z.string(), ticket: z.string() }).nullable(),
  order_no: z.string().optional(),
});
