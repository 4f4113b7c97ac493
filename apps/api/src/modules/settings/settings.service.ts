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

/** The API names of the values, for the audit entry's before/after. */
const auditShape = (values: Partial<SettingValues>): Record<string, unknown> => ({
  ...(values.approvalThresholdMinor ? { approval_threshold_minor: values.approvalThresholdMinor } : {}),
  ...(values.approvalWindowHours !== undefined ? { approval_window_hours: values.approvalWindowHours } : {}),
  ...(values.inboxReplyTargetHours !== undefined ? { inbox_reply_target_hours: values.inboxReplyTargetHours } : {}),
});

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
      // Before and after list what changed, and only that.
      const changedKeys = (Object.keys(next) as (keyof SettingValues)[]).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
      const pick = (values: SettingValues): Partial<SettingValues> => Object.fromEntries(changedKeys.map((key) => [key, values[key]]));
      const changed = pick(next);
      await writeSettings(tx, changed, actor.userId, now);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        actorRole: actor.role,
        merchantId: null,
        action: 'settings.updated',
        reason: input.reason,
        ip: actor.ip,
        at: seconds(now),
        before: auditShape(pick(current)),
        after: auditShape(changed),
      });
    });
    return get();
  };

  return { get, update };
};
