import type { Request, Response } from 'express';
import type { AppDeps } from '../../../app-deps';
import { authOf } from '../../../http/auth';
import type { StaffRefusal } from '../../../http/route-table';
import { countRefusedSince, writeAudit } from '../audit.repository';

/**
 * Refused staff attempts are audited (issue 26): a support member calling a superadmin route, or any staff
 * member writing another staff account. At most REFUSALS_PER_WINDOW per staff member in a rolling window, so a
 * script hammering refused calls cannot flood the log; the last one written before the pause says so.
 */
export const REFUSAL_WINDOW_SECONDS = 10 * 60;
export const REFUSALS_PER_WINDOW = 20;

export type RefusedAttempt = { action: string; merchantId?: number | null; errorCode?: string; details?: Record<string, unknown> };

export const createRefusalRecorder = (deps: AppDeps) => {
  const seconds = (): number => Math.floor(deps.clock.now().getTime() / 1000);
  /** Writes the refused attempt of the signed-in staff member; answers whether it was written. */
  const record = async (req: Request, res: Response, attempt: RefusedAttempt): Promise<boolean> => {
    const auth = authOf(res);
    if (!auth.isStaff) return false;
    const at = seconds();
    const recent = await countRefusedSince(deps.db, auth.userId, at - REFUSAL_WINDOW_SECONDS);
    if (recent >= REFUSALS_PER_WINDOW) return false;
    const pausing = recent + 1 === REFUSALS_PER_WINDOW ? { refusals_paused_for_seconds: REFUSAL_WINDOW_SECONDS } : {};
    await writeAudit(deps.db, {
      actorUserId: auth.userId,
      actorRole: auth.roles.includes('superadmin') ? 'superadmin' : 'support',
      merchantId: attempt.merchantId ?? null,
      action: attempt.action,
      details: { ...attempt.details, ...pausing },
      ip: req.ip ?? null,
      at,
      outcome: 'refused',
      errorCode: attempt.errorCode ?? 'forbidden',
    });
    return true;
  };
  /** The dispatcher's hook for routes a staff member's role does not open. */
  const onStaffRefused = async (req: Request, res: Response, refusal: StaffRefusal): Promise<void> => {
    await record(req, res, { action: refusal.action ?? 'staff.access', details: { route: refusal.route, required_role: refusal.required } });
  };
  return { record, onStaffRefused };
};
