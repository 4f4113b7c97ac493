import { z } from 'zod';
import { staffReasonField } from './staff.schema.js';

/*
 * Staff subscription controls (issue 27 capability 3): each is previewed (`POST
 * /staff/merchants/:userId/subscription/:control/preview`) and committed with the preview's token and a reason
 * (`POST /staff/merchants/:userId/subscription/:control`). The console's forms use these schemas too.
 */

export const SUBSCRIPTION_CONTROLS = ['cancel-now', 'cancel-at-period-end', 'extend-grace', 'billing-day', 'comp-month', 'reinstate'] as const;
export type SubscriptionControl = (typeof SUBSCRIPTION_CONTROLS)[number];

/** A grace period grows by 1 to 30 days at a time. */
export const GRACE_EXTENSION_DAYS_MAX = 30;
/** Billing days run 1–28, so every month has the day. */
export const BILLING_DAY_MAX = 28;

const minor = z.number().int();
const unixSeconds = z.number().int();

const controlFields = {
  'cancel-now': { prorated_credit: z.boolean({ error: 'validation:staff.proratedCreditRequired' }) },
  'cancel-at-period-end': {},
  'extend-grace': {
    days: z
      .number({ error: 'validation:staff.graceDaysInvalid' })
      .int({ error: 'validation:staff.graceDaysInvalid' })
      .min(1, { error: 'validation:staff.graceDaysInvalid' })
      .max(GRACE_EXTENSION_DAYS_MAX, { error: 'validation:staff.graceDaysInvalid' }),
  },
  'billing-day': {
    day: z
      .number({ error: 'validation:staff.billingDayInvalid' })
      .int({ error: 'validation:staff.billingDayInvalid' })
      .min(1, { error: 'validation:staff.billingDayInvalid' })
      .max(BILLING_DAY_MAX, { error: 'validation:staff.billingDayInvalid' }),
  },
  'comp-month': {},
  reinstate: {},
} as const satisfies Record<SubscriptionControl, z.ZodRawShape>;

/** Every control's fields in one shape (the client's input type). */
export type SubscriptionControlFields = { prorated_credit?: boolean; days?: number; day?: number; reason: string };

const previewTokenField = z.string({ error: 'validation:staff.previewTokenRequired' }).min(1, { error: 'validation:staff.previewTokenRequired' }).max(1000);

const previewOf = <T extends z.ZodRawShape>(fields: T) => z.object({ ...fields, reason: staffReasonField });
const commitOf = <T extends z.ZodRawShape>(fields: T) => z.object({ ...fields, reason: staffReasonField, preview_token: previewTokenField });

/** The preview's body of each control: its own fields and the reason. */
export const subscriptionControlPreviewSchemas: Record<SubscriptionControl, z.ZodType<SubscriptionControlFields>> = {
  'cancel-now': previewOf(controlFields['cancel-now']),
  'cancel-at-period-end': previewOf(controlFields['cancel-at-period-end']),
  'extend-grace': previewOf(controlFields['extend-grace']),
  'billing-day': previewOf(controlFields['billing-day']),
  'comp-month': previewOf(controlFields['comp-month']),
  reinstate: previewOf(controlFields.reinstate),
};

/** The commit's body of each control: the same fields, the reason and the preview's token. */
export const subscriptionControlSchemas: Record<SubscriptionControl, z.ZodType<SubscriptionControlFields & { preview_token: string }>> = {
  'cancel-now': commitOf(controlFields['cancel-now']),
  'cancel-at-period-end': commitOf(controlFields['cancel-at-period-end']),
  'extend-grace': commitOf(controlFields['extend-grace']),
  'billing-day': commitOf(controlFields['billing-day']),
  'comp-month': commitOf(controlFields['comp-month']),
  reinstate: commitOf(controlFields.reinstate),
};

const invoiceRef = z.object({ id: z.string(), number: z.string(), amount_due_minor: minor });

/** What a control would change: each field before and after (the same value when it does not change). */
export const subscriptionControlPreviewResultSchema = z.object({
  preview_token: z.string(),
  control: z.enum(SUBSCRIPTION_CONTROLS),
  currency: z.string(),
  plan: z.object({ name: z.string(), period: z.enum(['monthly', 'yearly']) }),
  status: z.object({ before: z.string(), after: z.string() }),
  ends_at: z.object({ before: unixSeconds.nullable(), after: unixSeconds.nullable() }),
  period_end: z.object({ before: unixSeconds.nullable(), after: unixSeconds.nullable() }),
  next_retry_at: z.object({ before: unixSeconds.nullable(), after: unixSeconds.nullable() }),
  /** Credit given to the merchant's balance (a prorated refund of the unused period, or a free month); 0 for none. */
  credit_minor: minor,
  /** The credit is issued as a numbered credit note (comp a month). */
  credit_note: z.boolean(),
  balance_before_minor: minor,
  /** The balance once the credit applies (it waits for approval when `requires_approval`). */
  balance_after_minor: minor,
  /** Open invoices the change voids (cancel now) or opens again (reinstate). */
  voided_invoices: z.array(invoiceRef),
  reopened_invoices: z.array(invoiceRef),
  /** An ECPay periodic agreement pays this plan and is cancelled at ECPay after the change. */
  cancels_ecpay_agreement: z.boolean(),
  requires_approval: z.boolean(),
  approval_threshold_minor: minor,
  window_total_minor: minor,
  approval_window_hours: z.number().int().positive(),
});
export type SubscriptionControlPreview = z.infer<typeof subscriptionControlPreviewResultSchema>;

export const subscriptionControlResultSchema = z.object({
  control: z.enum(SUBSCRIPTION_CONTROLS),
  /** The credit the control gave, if any: applied now, or waiting for a second staff member. */
  credit: z
    .object({ adjustment_id: z.string(), status: z.enum(['applied', 'pending_approval']), amount_minor: minor, credit_note_number: z.string().nullable() })
    .nullable(),
});
export type SubscriptionControlResult = z.infer<typeof subscriptionControlResultSchema>;
