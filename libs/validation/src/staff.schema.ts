import { z } from 'zod';
import { optionalPositiveId as optionalPositiveId_, optionalSearchText, requiredText, unixSeconds as unixSeconds_, wholeNumber } from './fields.js';
import { optionalTagFilter } from './staff-notes.schema.js';

/*
 * The staff console's contract (issue 10): every request the API checks and every
 * answer the console reads. The API validates requests with these schemas; the console's forms use the same
 * ones, so a limit the form shows is the limit the server enforces.
 */

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

export const STAFF_REASON_MIN_LENGTH = 3;
export const STAFF_REASON_MAX_LENGTH = 500;
export const STAFF_PAGE_LIMIT_MAX = 100;
export const STAFF_PAGE_LIMIT_DEFAULT = 25;
/** The header every staff write carries; a repeat with the same key answers the first answer again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Why staff did something: required on every staff write and on every act-on-behalf money change. */
export const staffReasonField = z
  .string({ error: 'validation:staff.reasonRequired' })
  .trim()
  .min(STAFF_REASON_MIN_LENGTH, { error: 'validation:staff.reasonRequired' })
  .max(STAFF_REASON_MAX_LENGTH, { error: 'validation:staff.reasonTooLong' });

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A search or filter text of a query string (directory `q` and `plan`, audit `action`). */
const optionalQueryText = (max = 255) => optionalSearchText(max);

// Whole numbers from a query string are decimal digits only (see `wholeNumber`).
const optionalUnixSeconds = z.preprocess(blankToUndefined, unixSeconds_('validation:staff.dateInvalid').optional());

const optionalPositiveId = optionalPositiveId_();

/** Opaque: the API encodes the sort key and id of the last row; clients hand it back untouched. */
const cursorField = z.preprocess(blankToUndefined, z.string().max(500, { error: 'validation:staff.cursorInvalid' }).optional());

const limitField = z.preprocess(
  blankToUndefined,
  wholeNumber('validation:staff.limitInvalid')
    .pipe(z.number().min(1, { error: 'validation:staff.limitInvalid' }).max(STAFF_PAGE_LIMIT_MAX, { error: 'validation:staff.limitInvalid' }))
    .default(STAFF_PAGE_LIMIT_DEFAULT),
);

export const pageQuerySchema = z.object({ cursor: cursorField, limit: limitField });
export type PageQueryInput = z.input<typeof pageQuerySchema>;

const unixSeconds = z.number().int();
const minor = z.number().int();

/** A staff member's role; `readonly` sees everything and changes nothing (issue 27 capability 4). */
export const STAFF_ROLE_VALUES = ['support', 'superadmin', 'readonly'] as const;
export const staffRoleField = z.enum(STAFF_ROLE_VALUES);
export type StaffRole = z.infer<typeof staffRoleField>;

/** A cursor page of any list the console reads. */
const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), next_cursor: z.string().nullable() });

// ---------------------------------------------------------------------------------------------------------
// GET /api/staff/me

export const staffMeSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: staffRoleField });
export type StaffMe = z.infer<typeof staffMeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Directory: GET /api/staff/merchants, GET /api/staff/merchants/attention-counts

export const STAFF_MARKETS = ['MY', 'SG', 'PH', 'TH', 'TW'] as const;
export const MERCHANT_STATES = ['active', 'change_scheduled', 'past_due', 'grace', 'no_plan'] as const;
export const MERCHANT_SORTS = ['name', '-name', 'created', '-created', 'next_billing', '-next_billing'] as const;
export const ATTENTION_REASONS = ['past_due', 'failed_payment', 'grace_ending'] as const;

export type StaffMarket = (typeof STAFF_MARKETS)[number];
export type MerchantState = (typeof MERCHANT_STATES)[number];
export type MerchantSort = (typeof MERCHANT_SORTS)[number];
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const merchantDirectoryQuerySchema = z.object({
  q: optionalQueryText(),
  market: z.preprocess(blankToUndefined, z.enum(STAFF_MARKETS, { error: 'validation:staff.marketInvalid' }).optional()),
  plan: optionalQueryText(100),
  period: z.preprocess(blankToUndefined, z.enum(['monthly', 'yearly'], { error: 'validation:staff.periodInvalid' }).optional()),
  state: z.preprocess(blankToUndefined, z.enum(MERCHANT_STATES, { error: 'validation:staff.stateInvalid' }).optional()),
  view: z.preprocess(blankToUndefined, z.enum(['attention'], { error: 'validation:staff.viewInvalid' }).optional()),
  /** Merchants carrying this tag (normalised as tags are). */
  tag: optionalTagFilter,
  sort: z.preprocess(blankToUndefined, z.enum(MERCHANT_SORTS, { error: 'validation:staff.sortInvalid' }).default('name')),
  cursor: cursorField,
  limit: limitField,
});
export type MerchantDirectoryQuery = z.infer<typeof merchantDirectoryQuerySchema>;
export type MerchantDirectoryQueryInput = z.input<typeof merchantDirectoryQuerySchema>;

export const merchantRowSchema = z.object({
  user_id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  owner_email: z.string(),
  owner_phone: z.string().nullable(),
  stores: z.array(z.string()),
  market: z.string(),
  currency: z.string(),
  plan_name: z.string().nullable(),
  period: z.enum(['monthly', 'yearly']).nullable(),
  state: z.enum(MERCHANT_STATES),
  mrr_minor: minor,
  next_billing_at: unixSeconds.nullable(),
  attention: z.array(z.enum(ATTENTION_REASONS)),
  /** Staff's internal tags, in name order (never shown to the merchant). */
  tags: z.array(z.string()),
});
export type MerchantRow = z.infer<typeof merchantRowSchema>;

export const merchantDirectoryPageSchema = page(merchantRowSchema);
export type MerchantDirectoryPage = z.infer<typeof merchantDirectoryPageSchema>;

export const attentionCountsSchema = z.object({
  past_due: z.number().int(),
  failed_payments_7d: z.number().int(),
  grace_ending_7d: z.number().int(),
  total: z.number().int(),
});
export type AttentionCounts = z.infer<typeof attentionCountsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Merchant page: GET /api/staff/merchants/:userId

export const scheduledChangeSchema = z.object({
  package_id: z.number().int(),
  plan_name: z.string(),
  period: z.enum(['monthly', 'yearly']),
  at: unixSeconds.nullable(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

export const merchantDetailSchema = z.object({
  merchant: merchantRowSchema,
  owner: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    locale: z.string(),
    sign_in_banned_until: unixSeconds.nullable(),
    /** The owner has not finished setting up (e-mail never verified): the set-up invite is offered. */
    setup_pending: z.boolean(),
  }),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), country: z.string().nullable() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), roles: z.array(z.string()) })),
  subscription: z
    .object({
      package_id: z.number().int(),
      plan_name: z.string(),
      period: z.enum(['monthly', 'yearly']),
      status: z.string(),
      ends_at: unixSeconds.nullable(),
      trial_ends_at: unixSeconds.nullable(),
      current_period_end: unixSeconds.nullable(),
      scheduled_change: scheduledChangeSchema.nullable(),
    })
    .nullable(),
  next_billing_at: unixSeconds.nullable(),
  mrr_minor: minor,
  credit_balance_minor: minor,
  cards: z.array(
    z.object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int(), is_default: z.boolean() }),
  ),
  open_invoices: z.array(z.object({ id: z.string(), number: z.string(), amount_due_minor: minor, currency: z.string(), status: z.string() })),
});
export type MerchantDetail = z.infer<typeof merchantDetailSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type OkResult = z.infer<typeof okSchema>;

// ---------------------------------------------------------------------------------------------------------
// Timeline: GET /api/staff/merchants/:userId/timeline

export const TIMELINE_KINDS = ['subscription', 'invoice', 'payment', 'payment_failed', 'dunning', 'coupon', 'credit', 'email', 'staff_action', 'refund', 'dispute'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineEventSchema = z.object({
  id: z.string(),
  at: unixSeconds,
  kind: z.enum(TIMELINE_KINDS),
  /** A key of the `staff` namespace, e.g. `timeline.invoice.paid`. */
  title_key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  amount_minor: minor.optional(),
  currency: z.string().optional(),
  actor: z.object({ id: z.number().int(), email: z.string() }).optional(),
  reason: z.string().optional(),
  ref: z.object({ type: z.string(), id: z.string() }).optional(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelinePageSchema = page(timelineEventSchema);
export type TimelinePage = z.infer<typeof timelinePageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Credit adjustments and approvals

/** The largest single adjustment staff may make (minor units); anything bigger is a typo, not a credit. */
export const CREDIT_ADJUSTMENT_MAX_MINOR = 100_000_000;

const creditAdjustmentFields = {
  direction: z.enum(['credit', 'debit'], { error: 'validation:staff.directionInvalid' }),
  amount_minor: z
    .number({ error: 'validation:staff.amountInvalid' })
    .int({ error: 'validation:staff.amountInvalid' })
    .positive({ error: 'validation:staff.amountInvalid' })
    .max(CREDIT_ADJUSTMENT_MAX_MINOR, { error: 'validation:staff.amountTooLarge' }),
  description: requiredText('validation:staff.descriptionRequired'),
  reason: staffReasonField,
};

export const creditAdjustmentPreviewSchema = z.object(creditAdjustmentFields);
export type CreditAdjustmentPreviewInput = z.input<typeof creditAdjustmentPreviewSchema>;

export const creditAdjustmentSchema = z.object({
  ...creditAdjustmentFields,
  preview_token: z.string({ error: 'validation:staff.previewTokenRequired' }).min(1, { error: 'validation:staff.previewTokenRequired' }).max(500),
});
export type CreditAdjustmentInput = z.input<typeof creditAdjustmentSchema>;

/** What a preview of a money movement says about the four-eyes rule (credit adjustments and refunds). */
const fourEyesPreviewFields = {
  requires_approval: z.boolean(),
  approval_threshold_minor: minor,
  /** What this staff member moved for this merchant in the window, this movement included (four-eyes rule). */
  window_total_minor: minor,
  /** The rolling window the running total covers, in hours. */
  approval_window_hours: z.number().int().positive(),
};

export const creditAdjustmentPreviewResultSchema = z.object({
  preview_token: z.string(),
  balance_before_minor: minor,
  balance_after_minor: minor,
  currency: z.string(),
  ...fourEyesPreviewFields,
});
export type CreditAdjustmentPreview = z.infer<typeof creditAdjustmentPreviewResultSchema>;

export const ADJUSTMENT_STATUSES = ['applied', 'pending_approval', 'rejected', 'reversed'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const creditAdjustmentResultSchema = z.object({
  adjustment: z.object({
    id: z.string(),
    status: z.enum(ADJUSTMENT_STATUSES),
    ledger_entry_id: z.string().nullable(),
  }),
});
export type CreditAdjustmentResult = z.infer<typeof creditAdjustmentResultSchema>;

export const reasonSchema = z.object({ reason: staffReasonField });
export type ReasonInput = z.input<typeof reasonSchema>;

export const approvalsQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'rejected'], { error: 'validation:staff.statusInvalid' }).default('pending')),
});
export type ApprovalsQueryInput = z.input<typeof approvalsQuerySchema>;

export const approvalSchema = z.object({
  id: z.string(),
  merchant: z.object({ user_id: z.number().int(), name: z.string() }),
  requested_by: z.object({ id: z.number().int(), email: z.string() }),
  amount_minor: minor,
  currency: z.string(),
  direction: z.enum(['credit', 'debit']),
  description: z.string(),
  reason: z.string(),
  created_at: unixSeconds,
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.object({ data: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Invoice operations: POST /api/staff/invoices/:invoiceId/(void|mark-uncollectible|resend)

export const invoiceActionResultSchema = z.object({ invoice: z.object({ id: z.string(), status: z.string() }) });
export type InvoiceActionResult = z.infer<typeof invoiceActionResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit log: GET /api/staff/audit, GET /api/staff/audit.csv

export const auditQuerySchema = z.object({
  staff_id: optionalPositiveId,
  merchant_user_id: optionalPositiveId,
  action: optionalQueryText(80),
  from: optionalUnixSeconds,
  to: optionalUnixSeconds,
  cursor: cursorField,
  limit: limitField,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** GET /staff/approvals/count: adjustments waiting for a decision the signed-in staff member may take. */
export const approvalCountSchema = z.object({ pending: z.number().int().nonnegative() });
export type ApprovalCount = z.infer<typeof approvalCountSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: unixSeconds,
  staff: z.object({ id: z.number().int(), email: z.string() }),
  /** `currency`: the merchant's, in which the console writes before/after money (issue 27 §6). */
  merchant: z.object({ user_id: z.number().int(), name: z.string(), currency: z.string().optional() }).nullable(),
  action: z.string(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** `attempted`: written before a gateway call (staff on a merchant's behalf); its outcome is a later entry with `attempt_id`. */
  outcome: z.enum(['attempted', 'succeeded', 'refused']),
  error_code: z.string().nullable(),
  /** The `attempted` entry this outcome answers, if any. */
  attempt_id: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = page(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Test clock (sandbox gateway only)

export const CLOCK_EFFECT_KINDS = ['renewal', 'retry', 'scheduled_change', 'cancellation', 'expiry'] as const;
export type ClockEffectKind = (typeof CLOCK_EFFECT_KINDS)[number];

export const clockSchema = z.object({ now: unixSeconds, next_renewal_at: unixSeconds.nullable() });
export type MerchantClock = z.infer<typeof clockSchema>;

const clockAmount = (max: number) =>
  z.number({ error: 'validation:staff.clockAmountInvalid' }).int({ error: 'validation:staff.clockAmountInvalid' }).min(0, { error: 'validation:staff.clockAmountInvalid' }).max(max, { error: 'validation:staff.clockAmountInvalid' }).optional();

export const clockAdvanceSchema = z.object({
  by: z.union(
    [
      z
        .object({ days: clockAmount(3660), months: clockAmount(120), seconds: clockAmount(10 * 366 * 86_400) })
        .refine((by) => (by.days ?? 0) + (by.months ?? 0) + (by.seconds ?? 0) > 0, { error: 'validation:staff.clockAmountInvalid' }),
      z.object({ to: z.literal('next_renewal') }),
    ],
    { error: 'validation:staff.clockAmountInvalid' },
  ),
  reason: staffReasonField,
});
export type ClockAdvanceInput = z.input<typeof clockAdvanceSchema>;

export const clockEffectSchema = z.object({
  kind: z.enum(CLOCK_EFFECT_KINDS),
  title_key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  at: unixSeconds,
});
export type ClockEffect = z.infer<typeof clockEffectSchema>;
export const clockAdvanceResultSchema = z.object({ now: unixSeconds, effects: z.array(clockEffectSchema) });
export type ClockAdvanceResult = z.infer<typeof clockAdvanceResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/users/staff-access (the merchant's own view)

export const staffAccessSchema = z.object({
  data: z.array(z.object({ at: unixSeconds, action: z.string(), reason: z.string().nullable(), staff_role: staffRoleField })),
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;

// ---------------------------------------------------------------------------------------------------------
// Refunds (issue 25 item 7): preview then commit, like credit adjustments, and the same four-eyes rule

const refundAmountField = z
  .number({ error: 'validation:staff.amountInvalid' })
  .int({ error: 'validation:staff.amountInvalid' })
  .positive({ error: 'validation:staff.amountInvalid' })
  .max(CREDIT_ADJUSTMENT_MAX_MINOR, { error: 'validation:staff.amountTooLarge' });

export const refundPreviewSchema = z.object({ amount_minor: refundAmountField, reason: staffReasonField });
export type RefundPreviewInput = z.input<typeof refundPreviewSchema>;

export const refundSchema = z.object({
  amount_minor: refundAmountField,
  reason: staffReasonField,
  preview_token: z.string({ error: 'validation:staff.previewTokenRequired' }).min(1, { error: 'validation:staff.previewTokenRequired' }).max(500),
});
export type RefundInput = z.input<typeof refundSchema>;

export const REFUND_STATUSES = ['pending_approval', 'processing', 'succeeded', 'failed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundPreviewResultSchema = z.object({
  preview_token: z.string(),
  invoice_number: z.string(),
  currency: z.string(),
  paid_minor: minor,
  refunded_minor: minor,
  refundable_minor: minor,
  amount_minor: minor,
  /** card, fpx or ecpay: which gateway gives the money back. */
  method: z.string(),
  ...fourEyesPreviewFields,
});
export type RefundPreview = z.infer<typeof refundPreviewResultSchema>;

export const refundResultSchema = z.object({
  refund: z.object({ id: z.string(), status: z.enum(REFUND_STATUSES), credit_note_number: z.string().nullable(), amount_minor: minor, currency: z.string() }),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const gatewayNoticesQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['open', 'all'], { error: 'validation:staff.statusInvalid' }).default('open')),
});
export type GatewayNoticesQueryInput = z.input<typeof gatewayNoticesQuerySchema>;

// ------------------------------------------------------------------------------------------ global search

/**
 * What the console's global search finds (issue 27), grouped in this order: an invoice by its number, a payment
 * by its id or PaymentIntent id, an ECPay order by its MerchantTradeNo, a card payment by the card's last 4 digits
 * and its amount ("4242 99.00"), and merchants by owner e-mail, phone or merchant/store name.
 */
export const STAFF_SEARCH_KINDS = ['invoice', 'payment', 'ecpay', 'card', 'email', 'phone', 'store'] as const;
export type StaffSearchKind = (typeof STAFF_SEARCH_KINDS)[number];
/** The longest text the global search takes: an e-mail address fits, a pasted page does not. */
export const STAFF_SEARCH_MAX_LENGTH = 120;

export const staffSearchQuerySchema = z.object({ q: optionalSearchText(STAFF_SEARCH_MAX_LENGTH) });
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

export const staffSearchResultSchema = z.object({
  kind: z.enum(STAFF_SEARCH_KINDS),
  /** The merchant's owner: `/merchants/:user_id` opens the merchant. */
  user_id: z.number().int(),
  merchant_name: z.string(),
  /** What matched: the invoice number, payment id, trade number, e-mail, phone or store name. */
  match: z.string(),
  /** The invoice the result belongs to, when there is one. */
  invoice_id: z.string().nullable(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
});
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;
export const staffSearchAnswerSchema = z.object({ results: z.array(staffSearchResultSchema) });
export type StaffSearchAnswer = z.infer<typeof staffSearchAnswerSchema>;

const creditNoteSchema = z.object({ number: z.string(), amount: minor, currency: z.string(), created: z.number().int(), source: z.enum(['staff', 'gateway']) });

/** GET /staff/merchants/:userId/refundable-invoices: the merchant's paid invoices and what is left to refund on each. */
export const refundableInvoiceListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      currency: z.string(),
      total_minor: minor,
      paid_minor: minor,
      refunded_minor: minor,
      refundable_minor: minor,
      /** card, fpx, ecpay; null when the payment cannot be refunded here (a simulated ECPay payment, no payment). */
      method: z.string().nullable(),
      paid_at: z.number().int().nullable(),
      credit_notes: z.array(creditNoteSchema),
      pending_approval: z.number().int(),
    }),
  ),
});
export type RefundableInvoiceList = z.infer<typeof refundableInvoiceListSchema>;

export const refundApprovalListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      invoice_id: z.string(),
      merchant_id: z.number().int(),
      amount_minor: minor,
      currency: z.string(),
      method: z.string(),
      reason: z.string(),
      requested_by: z.number().int().nullable(),
      created: z.number().int(),
    }),
  ),
});
export type RefundApprovalList = z.infer<typeof refundApprovalListSchema>;

export const gatewayNoticeListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      gateway: z.string(),
      kind: z.string(),
      reason: z.string().nullable(),
      reference: z.string().nullable(),
      merchant_id: z.number().int().nullable(),
      merchant_user_id: z.number().int().nullable(),
      invoice_id: z.string().nullable(),
      amount: minor.nullable(),
      currency: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      repeats: z.number().int(),
      received_at: z.string().nullable(),
      last_received_at: z.string().nullable(),
      reviewed_at: z.string().nullable(),
    }),
  ),
  open_count: z.number().int(),
});
export type GatewayNoticeList = z.infer<typeof gatewayNoticeListSchema>;
