import { z } from 'zod';
import {
  emailField,
  nameText,
  optionalPositiveId,
  optionalText,
  positiveId,
  reference,
  requiredChoice,
  requiredText,
  TEXT_MAX_LENGTH,
  unixSeconds,
} from './fields.js';
import { fpxBankField } from './fpx-bank.schema.js';

const INPUT_KEY = 'validation:common.invalidInput';

// ---------------------------------------------------------------------------------------------------------
// Forms

/** Edit Billing Detail (spec §5 Billing form); also the body of PATCH users/billing/{id}. */
export const billingInfoSchema = z.object(
  {
    name: nameText('validation:billing.nameRequired'),
    email: emailField('validation:billing.emailRequired', 'validation:billing.emailInvalid'),
    address1: requiredText('validation:billing.addressRequired'),
    address2: optionalText(),
    city: requiredText('validation:billing.cityRequired'),
    postal_code: z
      .string({ error: 'validation:billing.postalCodeInvalid' })
      .trim()
      .length(5, { error: 'validation:billing.postalCodeInvalid' }),
    country: requiredChoice('validation:billing.countryRequired'),
    state_or_region: requiredChoice('validation:billing.stateRequired'),
  },
  { error: INPUT_KEY },
);
export type BillingInfoInput = z.input<typeof billingInfoSchema>;
export type BillingInfoOutput = z.output<typeof billingInfoSchema>;

/** PATCH users/billing/{id} as staff send it: the billing fields plus the merchant acted for. */
export const billingInfoUpdateSchema = billingInfoSchema.extend({ user_id: optionalPositiveId() });
export type BillingInfoUpdateInput = z.input<typeof billingInfoUpdateSchema>;
export type BillingInfoUpdateOutput = z.output<typeof billingInfoUpdateSchema>;

const couponCode = requiredText('validation:coupon.required');

/** Apply Coupon form: not blank after trimming. */
export const couponSchema = z.object({ coupon: couponCode }, { error: INPUT_KEY });
export type CouponInput = z.input<typeof couponSchema>;
export type CouponOutput = z.output<typeof couponSchema>;

/** A coupon field that may be left empty: blank input is ignored (spec §5 Coupon), so it becomes undefined. */
export const optionalCoupon = z
  .string({ error: 'validation:common.invalidText' })
  .trim()
  .max(TEXT_MAX_LENGTH, { error: 'validation:common.textTooLong' })
  .nullish()
  .transform((code) => (code ? code : undefined));

// ---------------------------------------------------------------------------------------------------------
// Request bodies of spec §7 Billing. `user_id` is optional everywhere: a merchant acts for itself (the API
// takes the session's user), staff name the merchant they act for.

const userId = optionalPositiveId();
const optionalStoreId = optionalPositiveId();
const paymentMethod = reference('validation:billing.paymentMethodRequired');
const previewToken = z.string({ error: 'validation:staff.previewRequired' }).min(1, { error: 'validation:staff.previewRequired' }).max(2000, { error: 'validation:staff.previewRequired' }).optional();

/** POST users/billing/downgrade-or-upgrade. */
export const downgradeOrUpgradeSchema = z.object(
  {
    package_id: positiveId(),
    type: z.enum(['downgrade', 'upgrade'], { error: 'validation:billing.changeTypeInvalid' }),
    store_id: optionalStoreId,
    user_id: userId,
    /** Staff only: the token of the plan-change preview this change was shown as (409 stale_preview when the account changed). */
    preview_token: previewToken,
  },
  { error: INPUT_KEY },
);
export type DowngradeOrUpgradeInput = z.input<typeof downgradeOrUpgradeSchema>;
export type DowngradeOrUpgradeOutput = z.output<typeof downgradeOrUpgradeSchema>;

/** POST users/billing/cancel-trialing-package: price_id is the scheduled package's stripe_id. */
export const cancelTrialingPackageSchema = z.object(
  { price_id: reference('validation:billing.priceIdRequired'), store_id: optionalStoreId, user_id: userId },
  { error: INPUT_KEY },
);
export type CancelTrialingPackageInput = z.input<typeof cancelTrialingPackageSchema>;
export type CancelTrialingPackageOutput = z.output<typeof cancelTrialingPackageSchema>;

/** POST users/billing/unsubscribe. */
export const unsubscribeSchema = z.object({ user_id: userId }, { error: INPUT_KEY });
export type UnsubscribeInput = z.input<typeof unsubscribeSchema>;
export type UnsubscribeOutput = z.output<typeof unsubscribeSchema>;

/** POST users/billing/resume. */
export const resumeSchema = z.object({ user_id: userId }, { error: INPUT_KEY });
export type ResumeInput = z.input<typeof resumeSchema>;
export type ResumeOutput = z.output<typeof resumeSchema>;

/** POST users/billing/retry-payment: which subscription's open invoice to charge. */
export const retryPaymentSchema = z.object(
  {
    type: z.enum(['default', 'multistore'], { error: 'validation:billing.subscriptionTypeInvalid' }),
    user_id: userId,
  },
  { error: INPUT_KEY },
);
export type RetryPaymentInput = z.input<typeof retryPaymentSchema>;
export type RetryPaymentOutput = z.output<typeof retryPaymentSchema>;

/** POST users/billing/add-coupon. */
export const addCouponSchema = z.object(
  { coupon: couponCode, store_id: optionalStoreId, user_id: userId },
  { error: INPUT_KEY },
);
export type AddCouponInput = z.input<typeof addCouponSchema>;
export type AddCouponOutput = z.output<typeof addCouponSchema>;

/** POST users/billing/set-as-primary-card: `id` is the card's payment-method id. */
export const setPrimaryCardSchema = z.object({ id: paymentMethod, user_id: userId }, { error: INPUT_KEY });
export type SetPrimaryCardInput = z.input<typeof setPrimaryCardSchema>;
export type SetPrimaryCardOutput = z.output<typeof setPrimaryCardSchema>;

/** POST users/billing/delete-card. */
export const deleteCardSchema = z.object({ payment_method: paymentMethod, user_id: userId }, { error: INPUT_KEY });
export type DeleteCardInput = z.input<typeof deleteCardSchema>;
export type DeleteCardOutput = z.output<typeof deleteCardSchema>;

/** POST users/billing/create-intent (and late-subscribe/create-intent). */
export const createIntentSchema = z.object({ user_id: userId }, { error: INPUT_KEY });
export type CreateIntentInput = z.input<typeof createIntentSchema>;
export type CreateIntentOutput = z.output<typeof createIntentSchema>;

/** POST users/billing/add-card. */
export const addCardSchema = z.object({ payment_method: paymentMethod, user_id: userId }, { error: INPUT_KEY });
export type AddCardInput = z.input<typeof addCardSchema>;
export type AddCardOutput = z.output<typeof addCardSchema>;

const DATE_KEY = 'validation:billingHistory.dateInvalid';
const optionalUnixSeconds = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  unixSeconds(DATE_KEY).optional(),
);

/**
 * POST users/billing/billing-history: a date range (`date_start`/`date_end`, Unix seconds, start ≤ end), or
 * `start_after` (the last invoice shown) for Show More. Both together page through the chosen range.
 */
export const billingHistoryQuerySchema = z
  .object(
    {
      user_id: userId,
      date_start: optionalUnixSeconds,
      date_end: optionalUnixSeconds,
      start_after: reference().optional(),
    },
    { error: INPUT_KEY },
  )
  .superRefine((value, ctx) => {
    const hasStart = value.date_start !== undefined;
    const hasEnd = value.date_end !== undefined;
    if (hasStart !== hasEnd) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation:billingHistory.dateRangeIncomplete',
        path: [hasStart ? 'date_end' : 'date_start'],
      });
    } else if (hasStart && hasEnd && (value.date_start as number) > (value.date_end as number)) {
      ctx.addIssue({ code: 'custom', message: 'validation:billingHistory.dateRangeOrder', path: ['date_end'] });
    } else if (!hasStart && value.start_after === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation:billingHistory.rangeOrCursorRequired', path: [] });
    }
  });
export type BillingHistoryQueryInput = z.input<typeof billingHistoryQuerySchema>;
export type BillingHistoryQueryOutput = z.output<typeof billingHistoryQuerySchema>;

/** GET users/billing/credit-balance: at most one cursor (the first or last transaction shown). */
export const creditBalanceQuerySchema = z
  .object(
    {
      user_id: userId,
      ending_before: reference().optional(),
      starting_after: reference().optional(),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => value.ending_before === undefined || value.starting_after === undefined, {
    error: 'validation:creditBalance.cursorConflict',
    path: ['starting_after'],
  });
export type CreditBalanceQueryInput = z.input<typeof creditBalanceQuerySchema>;
export type CreditBalanceQueryOutput = z.output<typeof creditBalanceQuerySchema>;

/** POST users/billing/late-subscribe: card payment method plus the chosen plan. */
export const lateSubscribeSchema = z.object(
  { paymentMethod, package_id: positiveId(), user_id: userId },
  { error: INPUT_KEY },
);
export type LateSubscribeInput = z.input<typeof lateSubscribeSchema>;
export type LateSubscribeOutput = z.output<typeof lateSubscribeSchema>;

/** POST users/billing/late-subscribe/fpx/create-intent; the bank is the one picked in the modal. */
export const lateSubscribeFpxIntentSchema = z.object(
  { package_id: positiveId(), user_id: userId, bank: fpxBankField.optional() },
  { error: INPUT_KEY },
);
export type LateSubscribeFpxIntentInput = z.input<typeof lateSubscribeFpxIntentSchema>;
export type LateSubscribeFpxIntentOutput = z.output<typeof lateSubscribeFpxIntentSchema>;

/** POST users/billing/late-subscribe/fpx, after the bank redirect. */
export const lateSubscribeFpxSchema = z.object(
  { payment_intent_id: reference('validation:billing.paymentIntentRequired'), user_id: userId },
  { error: INPUT_KEY },
);
export type LateSubscribeFpxInput = z.input<typeof lateSubscribeFpxSchema>;
export type LateSubscribeFpxOutput = z.output<typeof lateSubscribeFpxSchema>;

/** POST users/billing/retry-payment/fpx/create-intent: pay a past-due subscription's open invoice at the bank. */
export const retryPaymentFpxIntentSchema = z.object(
  {
    type: z.enum(['default', 'multistore'], { error: 'validation:billing.subscriptionTypeInvalid' }),
    user_id: userId,
    bank: fpxBankField.optional(),
  },
  { error: INPUT_KEY },
);
export type RetryPaymentFpxIntentInput = z.input<typeof retryPaymentFpxIntentSchema>;
export type RetryPaymentFpxIntentOutput = z.output<typeof retryPaymentFpxIntentSchema>;

/** POST users/billing/retry-payment/fpx, after the bank redirect (same body as late-subscribe/fpx). */
export const retryPaymentFpxSchema = lateSubscribeFpxSchema;

/** POST users/billing/confirm-payment, after the card issuer's 3-D Secure page sends the merchant back. */
export const confirmPaymentSchema = z.object(
  { payment_intent: reference('validation:billing.paymentIntentRequired'), user_id: userId },
  { error: INPUT_KEY },
);
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>;
export type ConfirmPaymentOutput = z.output<typeof confirmPaymentSchema>;

/** The late-subscribe modal: a payment type, and a plan when the merchant is changing plan. */
export const lateSubscribeFormSchema = z
  .object(
    {
      payment_type: z.enum(['card', 'fpx'], { error: 'validation:lateSubscribe.paymentTypeRequired' }),
      package_id: optionalPositiveId('validation:lateSubscribe.planRequired'),
      changing_plan: z.boolean({ error: INPUT_KEY }).optional(),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => !value.changing_plan || value.package_id !== undefined, {
    error: 'validation:lateSubscribe.planRequired',
    path: ['package_id'],
  });
export type LateSubscribeFormInput = z.input<typeof lateSubscribeFormSchema>;
export type LateSubscribeFormOutput = z.output<typeof lateSubscribeFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Usage add-on (spec §7): the store the add-on is for is always named.

const addOnQuantity = positiveId('validation:billing.quantityInvalid');

/** GET users/usage-addon/get-add-on-package. */
export const addOnPackageQuerySchema = z.object({ store_id: positiveId() }, { error: INPUT_KEY });
export type AddOnPackageQueryInput = z.input<typeof addOnPackageQuerySchema>;
export type AddOnPackageQueryOutput = z.output<typeof addOnPackageQuerySchema>;

/** GET users/usage-addon/get-amount-to-pay; a blank coupon is ignored. */
export const addOnAmountQuerySchema = z.object(
  { addon_store_quantity: addOnQuantity, user_id: userId, store_id: positiveId(), coupon: optionalCoupon },
  { error: INPUT_KEY },
);
export type AddOnAmountQueryInput = z.input<typeof addOnAmountQuerySchema>;
export type AddOnAmountQueryOutput = z.output<typeof addOnAmountQuerySchema>;

/** POST users/usage-addon/subscribe. */
export const addOnSubscribeSchema = z.object(
  // Staff only: the token of the amount-to-pay preview (409 stale_preview when the account changed since).
  { user_id: userId, store_id: positiveId(), coupon: optionalCoupon, addon_store_quantity: addOnQuantity, preview_token: previewToken },
  { error: INPUT_KEY },
);
export type AddOnSubscribeInput = z.input<typeof addOnSubscribeSchema>;
export type AddOnSubscribeOutput = z.output<typeof addOnSubscribeSchema>;

/**
 * POST users/billing/ecpay/pay-invoice (issue 25 #4): pay an open TWD invoice through ECPay. Without `invoice_id`,
 * the plan's open (past-due) invoice.
 */
export const payInvoiceEcpaySchema = z.object(
  {
    invoice_id: z
      .string({ error: 'validation:common.invalidInput' })
      .regex(/^[A-Za-z0-9_]{1,64}$/, { error: 'validation:common.invalidInput' })
      .optional(),
    user_id: userId,
  },
  { error: INPUT_KEY },
);
export type PayInvoiceEcpayInput = z.input<typeof payInvoiceEcpaySchema>;
export type PayInvoiceEcpayOutput = z.output<typeof payInvoiceEcpaySchema>;
