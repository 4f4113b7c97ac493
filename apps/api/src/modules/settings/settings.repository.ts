import { APPROVAL_THRESHOLD_MINOR, APPROVAL_WINDOW_SECONDS, DEFAULT_APPROVAL_THRESHOLD_MINOR } from '@merchant-hub/billing-rules';
import { APPROVAL_CURRENCIES, type ApprovalCurrency } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { asDate } from '../../db/knex';
import { num } from '../../db/rows';

type Exec = Knex | Knex.Transaction;

/** The values the console edits, as the code uses them. */
export type SettingValues = {
  approvalThresholdMinor: Record<ApprovalCurrency, number>;
  approvalWindowHours: number;
  inboxReplyTargetHours: number;
};

export type StoredSettings = SettingValues & { updatedAt: Date | null; updatedBy: { id: number; name: string } | null };

/** How long a merchant waits for an answer before the inbox highlights the thread, until a superadmin says otherwise. */
export const DEFAULT_INBOX_REPLY_TARGET_HOURS = 24;

export const DEFAULT_SETTINGS: SettingValues = {
  approvalThresholdMinor: Object.fromEntries(APPROVAL_CURRENCIES.map((currency) => [currency, APPROVAL_THRESHOLD_MINOR[currency] ?? DEFAULT_APPROVAL_THRESHOLD_MINOR])) as Record<ApprovalCurrency, number>,
  approvalWindowHours: APPROVAL_WINDOW_SECONDS / 3600,
  inboxReplyTargetHours: DEFAULT_INBOX_REPLY_TARGET_HOURS,
};

/** The stored names: one row per setting, its value as JSON. */
const NAMES = { approvalThresholdMinor: 'approval_threshold_minor', approvalWindowHours: 'approval_window_hours', inboxReplyTargetHours: 'inbox_reply_target_hours' } as const satisfies Record<keyof SettingValues, string>;

/** Every setting, a stored value over its default (a currency missing from a stored threshold keeps its default). */
export const readSettings = async (db: Exec): Promise<StoredSettings> => {
  const rows = await db('staff_settings as s').leftJoin('users as u', 'u.id', 's.updated_by').select('s.name', 's.value', 's.updated_at', 's.updated_by', 'u.name as updated_by_name');
  const stored = new Map(rows.map((row) => [String(row.name), JSON.parse(String(row.value)) as unknown]));
  const thresholds = stored.get(NAMES.approvalThresholdMinor) as Partial<Record<ApprovalCurrency, number>> | undefined;
  const latest = rows.map((row) => ({ at: asDate(row.updated_at), by: row.updated_by === null ? null : { id: num(row.updated_by), name: String(row.updated_by_name ?? '') } })).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return {
    approvalThresholdMinor: { ...DEFAULT_SETTINGS.approvalThresholdMinor, ...thresholds },
    approvalWindowHours: Number(stored.get(NAMES.approvalWindowHours) ?? DEFAULT_SETTINGS.approvalWindowHours),
    inboxReplyTargetHours: Number(stored.get(NAMES.inboxReplyTargetHours) ?? DEFAULT_SETTINGS.inboxReplyTargetHours),
    updatedAt: latest?.at ?? null,
    updatedBy: latest?.by ?? null,
  };
};

/** Saves the settings whose value changed. */
export const writeSettings = async (tx: Exec, values: Partial<SettingValues>, by: number, now: Date): Promise<void> => {
  for (const [key, value] of Object.entries(values) as [keyof SettingValues, unknown][]) {
    await tx('staff_settings')
      .insert({ name: NAMES[key], value: JSON.stringify(value), updated_at: now, updated_by: by })
      .onConflict('name')
      .merge(['value', 'updated_at', 'updated_by']);
  }
};
