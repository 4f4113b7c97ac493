import { z } from 'zod';
import { wholeNumber } from './fields.js';
import { staffReasonField } from './staff.schema.js';

/*
 * Console settings (issue 27 capability 4): what superadmins set in the console and the API reads where it
 * decides. The bounds here are the bounds the server enforces and the form shows.
 */

/** The currencies a four-eyes threshold is set for (one per market). */
export const APPROVAL_CURRENCIES = ['MYR', 'SGD', 'PHP', 'THB', 'TWD'] as const;
export type ApprovalCurrency = (typeof APPROVAL_CURRENCIES)[number];

/** A threshold is at least one minor unit and at most 100,000,000 (RM 1,000,000.00). */
export const APPROVAL_THRESHOLD_MINOR_MAX = 100_000_000;
/** The window a staff member's unapproved adjustments add up in: 1 hour to 30 days. */
export const APPROVAL_WINDOW_HOURS_MIN = 1;
export const APPROVAL_WINDOW_HOURS_MAX = 720;
/** How long a merchant may wait for a first answer before the inbox highlights the thread: 1 hour to 14 days. */
export const INBOX_TARGET_HOURS_MIN = 1;
export const INBOX_TARGET_HOURS_MAX = 336;

const thresholdField = wholeNumber('validation:settings.thresholdInvalid').pipe(
  z.number().min(1, { error: 'validation:settings.thresholdInvalid' }).max(APPROVAL_THRESHOLD_MINOR_MAX, { error: 'validation:settings.thresholdInvalid' }),
);
const hoursField = (min: number, max: number, invalid: 'validation:settings.windowInvalid' | 'validation:settings.targetInvalid') =>
  wholeNumber(invalid).pipe(z.number().min(min, { error: invalid }).max(max, { error: invalid }));

const thresholdsShape = Object.fromEntries(APPROVAL_CURRENCIES.map((currency) => [currency, thresholdField])) as Record<ApprovalCurrency, typeof thresholdField>;

/** PUT /api/staff/settings (superadmin): every setting, and why it changes. */
export const consoleSettingsUpdateSchema = z.object({
  approval_threshold_minor: z.object(thresholdsShape, { error: 'validation:settings.thresholdInvalid' }),
  approval_window_hours: hoursField(APPROVAL_WINDOW_HOURS_MIN, APPROVAL_WINDOW_HOURS_MAX, 'validation:settings.windowInvalid'),
  inbox_reply_target_hours: hoursField(INBOX_TARGET_HOURS_MIN, INBOX_TARGET_HOURS_MAX, 'validation:settings.targetInvalid'),
  reason: staffReasonField,
});
export type ConsoleSettingsUpdateInput = z.input<typeof consoleSettingsUpdateSchema>;
export type ConsoleSettingsUpdate = z.output<typeof consoleSettingsUpdateSchema>;

/** GET /api/staff/settings (any staff member) and the answer of PUT. */
export const consoleSettingsSchema = z.object({
  approval_threshold_minor: z.record(z.enum(APPROVAL_CURRENCIES), z.number().int()),
  approval_window_hours: z.number().int(),
  inbox_reply_target_hours: z.number().int(),
  /** Unix seconds of the last change, and who made it; null while the defaults apply. */
  updated_at: z.number().int().nullable(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;
export const consoleSettingsEnvelopeSchema = z.object({ data: consoleSettingsSchema });
