import type { ConsoleSettings, ConsoleSettingsUpdate, StaffRole } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { writeAudit } from '../audit';
import { readSettings, type SettingValues, type StoredSettings, writeSettings } from './settings.repository';

export type SettingsActor = { userId: number; role: StaffRole; ip: string | null };

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const toDto = (settings: StoredSettings): ConsoleSettings => ({
  approval_threshold_minor: settings.approvalThresholdMinor,
  approval_window_hours: settings.approvalWindowHours,
  inbox_reply_target_hours: settings.inboxReplyTargetHours,
  updated_at: settings.updatedAt ? seconds(settings.updatedAt) : null,
  updated_by: settings.updatedBy,
});

/**
 * The audit entry's before/after in the API's names, one field per currency's threshold
 * (`approval_threshold_minor.MYR`), so the log lists each value that changed, and only those.
 */
const auditShapes = (before: SettingValues, after: SettingValues): { before: Record<string, unknown>; after: Record<string, unknown> } => {
  const flat = (values: SettingValues): Record<string, unknown> => ({
    ...Object.fromEntries(Object.entries(values.approvalThresholdMinor).map(([currency, minor]) => [`approval_threshold_minor.${currency}`, minor])),
    approval_window_hours: values.approvalWindowHours,
    inbox_reply_target_hours: values.inboxReplyTargetHours,
  });
  const [old, next] = [flat(before), flat(after)];
  const changed = Object.keys(next).filter((key) => old[key] !== next[key]);
  return { before: Object.fromEntries(changed.map((key) => [key, old[key]])), after: Object.fromEntries(changed.map((key) => [key, next[key]])) };
};

/** Console settings: any staff member reads them; superadmins change them, with a reason, audited. */
export const createSettingsService = (deps: AppDeps) => {
  const { db, clock } = deps;

  const get = async (): Promise<{ data: ConsoleSettings }> => ({ data: toDto(await readSettings(db)) });

  const update = async (actor: SettingsActor, input: ConsoleSettingsUpdate): Promise<{ data: ConsoleSettings }> => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const current = await readSettings(tx);
      const next: SettingValues = {
        approvalThresholdMinor: input.approval_threshold_minor,
        approvalWindowHours: input.approval_window_hours,
        inboxReplyTargetHours: input.inbox_reply_target_hours,
      };
      const changed = (Object.keys(next) as (keyof SettingValues)[]).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
      await writeSettings(tx, Object.fromEntries(changed.map((key) => [key, next[key]])), actor.userId, now);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        actorRole: actor.role,
        merchantId: null,
        action: 'settings.updated',
        reason: input.reason,
        ip: actor.ip,
        at: seconds(now),
        ...auditShapes(current, next),
      });
    });
    return get();
  };

  return { get, update };
};
