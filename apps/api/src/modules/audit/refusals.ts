import { staffRoleOf } from '@merchant-hub/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { countRefusedSince, writeAudit } from './audit.repository';

/**
 * Refused staff attempts are audited (issue 26): a support member calling a superadmin route, or any staff
 * member writing another staff account. At most REFUSALS_PER_WINDOW per staff member in a rolling window, so a
 * script hammering refused calls cannot flood the log; the last one written before the pause says so.
 */
export const REFUSALS_PER_WINDOW = 20;
export const REFUSAL_WINDOW_SECONDS = 10 * 60;

/** Who was refused: the signed-in user as the session says, and where the request came from. */
export type RefusedActor = { userId: number; isStaff: boolean; roles: readonly string[]; ip: string | null };
export type RefusedAttempt = { action: string; merchantId?: number | null; errorCode?: string; details?: Record<string, unknown> };

export const createRefusalRecorder = (deps: { db: Db; clock: Clock }) => {
  const seconds = (): number => Math.floor(deps.clock.now().getTime() / 1000);
  /** Writes a staff member's refused attempt; answers whether it was written (merchants' are not: this is the staff log). */
  const record = async (actor: RefusedActor, attempt: RefusedAttempt): Promise<boolean> => {
    if (!actor.isStaff) return false;
    const at = seconds();
    const recent = await countRefusedSince(deps.db, actor.userId, at - REFUSAL_WINDOW_SECONDS);
    if (recent >= REFUSALS_PER_WINDOW) return false;
    const pausing = recent + 1 === REFUSALS_PER_WINDOW ? { refusals_paused_for_seconds: REFUSAL_WINDOW_SECONDS } : {};
    await writeAudit(deps.db, {
      actorUserId: actor.userId,
      actorRole: staffRoleOf(actor.roles) ?? 'support',
      merchantId: attempt.merchantId ?? null,
      action: attempt.action,
      details: { ...attempt.details, ...pausing },
      ip: actor.ip,
      at,
      outcome: 'refused',
      errorCode: attempt.errorCode ?? 'forbidden',
    });
    return true;
  };
  return { record };
};
