import type { Request, Response } from 'express';
import { staffReasonField } from '@merchant-hub/validation';
import type { AppDeps } from '../../../app-deps';
import { authOf, type AuthContext } from '../../../http/auth';
import { AppError, validationError } from '../../../http/errors';
import { writeAudit } from '../../staff';
import { merchantOfStore, merchantOfUser } from '../repositories/merchants.repository';

export type ActingFor = { merchantId: number; ownerUserId: number; auth: AuthContext; onBehalf: boolean };

/**
 * Whose billing a request touches. A merchant is always itself: naming another user is refused, so a
 * merchant's `user_id` never reaches anyone else. Staff must name the merchant (`user_id`), and every staff
 * request is written to the audit log before it runs.
 */
export const actingFor = async (
  deps: AppDeps,
  req: Request,
  res: Response,
  input: { userId?: number; storeId?: number; action: string; details?: Record<string, unknown> },
): Promise<ActingFor> => {
  const auth = authOf(res);
  if (!auth.isStaff) {
    if (input.userId !== undefined && input.userId !== auth.userId) throw new AppError('forbidden');
    const merchant = await merchantOfUser(deps.db, auth.userId);
    if (!merchant) throw new AppError('forbidden');
    await assertStore(deps, merchant.id, input.storeId);
    return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: false };
  }
  if (input.userId === undefined) throw validationError({ user_id: 'validation:common.idInvalid' });
  const merchant = await merchantOfUser(deps.db, input.userId);
  if (!merchant) throw new AppError('not_found');
  await assertStore(deps, merchant.id, input.storeId);
  // The reason staff gave for a change on the merchant's behalf (the console asks before every money or
  // subscription action) is kept with the entry; when given, it must be a real reason.
  const given = (req.body as { reason?: unknown } | undefined)?.reason;
  const reason = given === undefined || given === null || given === '' ? undefined : staffReasonField.safeParse(given);
  if (reason && !reason.success) throw validationError({ reason: reason.error.issues[0]?.message ?? 'validation:staff.reasonRequired' });
  await writeAudit(deps.db, {
    actorUserId: auth.userId,
    merchantId: merchant.id,
    action: input.action,
    details: input.details,
    ip: req.ip ?? null,
    at: Math.floor(deps.clock.now().getTime() / 1000),
    reason: reason?.data,
  });
  return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: true };
};

const assertStore = async (deps: AppDeps, merchantId: number, storeId: number | undefined): Promise<void> => {
  if (storeId === undefined) return;
  if ((await merchantOfStore(deps.db, storeId)) !== merchantId) throw new AppError('forbidden');
};
