import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { formatDate } from '@merchant-hub/ui-kit';
import { type AuditEntry, isAuditAction } from '@merchant-hub/validation';
import type { TFunction } from 'i18next';

/** An audit action by its translated label (issue 27 §6); an action this build does not know reads "Other staff action". */
export const auditActionLabel = (t: TFunction, action: string): string => t(isAuditAction(action) ? `staff:auditAction.${action}` : 'staff:auditAction.other');

/** Before/after fields that hold money in minor units: written with libs/money in the entry's currency. */
const MONEY_FIELDS = new Set(['price', 'discount', 'amount_off']);
const isMoneyField = (field: string) => MONEY_FIELDS.has(field) || field.endsWith('_minor');
/** Before/after fields that hold a date in unix seconds (subscription controls): written day first. */
const DATE_FIELDS = new Set(['ends_at', 'period_end', 'next_retry_at']);
/** Statuses (of a plan, an adjustment) read as words. */
const STATUS_FIELDS = new Set(['status', 'credit_status']);

const KNOWN_FIELDS = new Set([
  'credit_balance_minor', 'amount_minor', 'direction', 'status', 'role', 'hide', 'active', 'name', 'price', 'discount', 'currency', 'tax',
  'email', 'ledger_entry_id', 'reverses', 'ids', 'amount_off', 'percent_off', 'code', 'staff_user_id', 'locale',
  'ends_at', 'period_end', 'next_retry_at', 'voided_invoices', 'reopened_invoices', 'ecpay_agreement', 'credit_amount_minor', 'credit_status', 'credit_note_number',
  'approval_window_hours', 'inbox_reply_target_hours', 'assignee_id',
  'approval_window_hours', 'inbox_reply_target_hours', 'assignee_id', 'note', 'pinned', 'tag',
]);

/** A console setting's threshold for one currency (`approval_threshold_minor.MYR`): money in that currency. */
const THRESHOLD_FIELD = /^approval_threshold_minor\.([A-Z]{3})$/;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `Field: before → after` for the fields an entry changed, and only those (a field both summaries hold with the
 * same value is left out); money in minor units is formatted with libs/money in the summary's or the merchant's
 * currency, yes/no and lists read as words.
 */
export const changeLines = (t: TFunction, entry: Pick<AuditEntry, 'before' | 'after'> & { currency?: string | null }): string[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const currencyOf = (value: unknown) => (typeof value === 'string' && isCurrencyCode(value) ? value : null);
  const currency = currencyOf(after.currency) ?? currencyOf(before.currency) ?? currencyOf(entry.currency);
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    const threshold = THRESHOLD_FIELD.exec(field)?.[1];
    if (threshold && isCurrencyCode(threshold) && typeof value === 'number' && Number.isInteger(value)) return formatMoney(value, threshold);
    if (isMoneyField(field) && typeof value === 'number' && Number.isInteger(value) && currency) return formatMoney(value, currency);
    if (DATE_FIELDS.has(field) && typeof value === 'number') return formatDate(value) ?? String(value);
    if (STATUS_FIELDS.has(field) && typeof value === 'string') return t(`staff:subscription.statusLabel.${value}`, { defaultValue: value });
    if (typeof value === 'boolean') return t(value ? 'staff:audit.yes' : 'staff:audit.no');
    if (Array.isArray(value)) return value.join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !same(before[field], after[field]));
  return fields.map((field) => {
    const threshold = THRESHOLD_FIELD.exec(field)?.[1];
    const label = threshold ? t('staff:auditField.approval_threshold', { currency: threshold }) : KNOWN_FIELDS.has(field) ? t(`staff:auditField.${field}`) : field.replace(/_/g, ' ');
    return `${label}: ${show(field, before[field])} → ${show(field, after[field])}`;
  });
};
