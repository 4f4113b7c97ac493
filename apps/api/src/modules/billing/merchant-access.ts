import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { authOf, type AuthContext } from '../../http/auth';
import { AppError, validationError } from '../../http/errors';
import { writeAudit } from '../staff/audit.repository';

export type ActingFor = { merchantId: number; ownerUserId: number; auth: AuthContext; onBehalf: boolean };

const merchantOfUser = async (deps: AppDeps, userId: number): Promise<{ id: number; owner: number } | null> => {
  const owned = await deps.db('merchants').where({ owner_user_id: userId }).first('id', 'owner_user_id');
  if (owned) return { id: Number(owned.id), owner: Number(owned.owner_user_id) };
  const member = await deps.db('store_users')
    .join('stores', 'stores.id', 'store_users.store_id')
    .join('merchants', 'merchants.id', 'stores.merchant_id')
    .where('store_users.user_id', userId)
    .first('merchants.id', 'merchants.owner_user_id');
  return member ? { id: Number(member.id), owner: Number(member.owner_user_id) } : null;
};

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
    const merchant = await merchantOfUser(deps, auth.userId);
    if (!merchant) throw new AppError('forbidden');
    await assertStore(deps, merchant.id, input.storeId);
    return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: false };
  }
  if (input.userId === undefined) throw validationError({ user_id: 'validation:common.idInvalid' });
  const merchant = await merchantOfUser(deps, input.userId);
  if (!merchant) throw new AppError('not_found');
  await assertStore(deps, merchant.id, input.storeId);
  await writeAudit(deps.db, {
    actorUserId: auth.userId,
    merchantId: merchant.id,
    action: input.action,
    details: input.details,
    ip: req.ip ?? null,
    at: Math.floor(deps.clock.now().getTime() / 1000),
  });
  return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: true };
};

const assertStore = async (deps: AppDeps, merchantId: number, storeId: number | undefined): Promise<void> => {
  if (storeId === undefined) return;
  const store = await deps.db('stores').where({ id: storeId }).first('merchant_id');
  if (!store || Number(store.merchant_id) !== merchantId) throw new AppError('forbidden');
};
