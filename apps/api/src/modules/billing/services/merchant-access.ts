import type { Request, Response } from 'express';
import { staffReasonField } from '@merchant-hub/validation';
import type { AppDeps } from '../../../app-deps';
import { authOf, type AuthContext } from '../../../http/auth';
import { AppError, validationError } from '../../../http/errors';
import { DomainError } from '../../../domain-error';
import { type AuditEntry, lastEntryAt, sameVisit, writeAudit } from '../../audit';
import { type InTransactionWork, type OnBehalfScope, onBehalfScopeOf, openOnBehalfScope, setTransactionWork } from '../engine/on-behalf';
import { merchantOfStore, merchantOfUser } from '../repositories/merchants.repository';
import type { Route, RouteTable } from '../../../http/route-table';

/** `scope`: the request's in-transaction work, for the engine (`withMerchant(actor, …)`; see on-behalf.ts). */
export type ActingFor = { merchantId: number; ownerUserId: number; auth: AuthContext; onBehalf: boolean; scope?: OnBehalfScope };

/**
 * Whose billing a request touches. A merchant is always itself: naming another user is refused, so a
 * merchant's `user_id` never reaches anyone else. Staff must name the merchant (`user_id`); every staff
 * request is audited, and a change must carry a reason (refused, and audited as refused, without one).
 */
export const actingFor = async (
  deps: AppDeps,
  req: Request,
  res: Response,
  input: {
    userId?: number;
    storeId?: number;
    action: string;
    details?: Record<string, unknown>;
    /** A change audited as it happens (the sandbox's), not in the merchant's billing transaction. */
    auditNow?: boolean;
    /** A read sent as POST (billing history): logged like a GET, once per visit. */
    read?: boolean;
    gateway?: boolean;
  },
): Promise<ActingFor> => {
  const auth = authOf(res);
  if (!auth.isStaff) {
    if (input.userId !== undefined && input.userId !== auth.userId) throw new AppError('forbidden');
    // An owner's merchant came with the session; a store's member is looked up.
    const merchant = auth.ownedMerchantId !== null ? { id: auth.ownedMerchantId, owner: auth.userId } : await merchantOfUser(deps.db, auth.userId);
    if (!merchant) throw new AppError('forbidden');
    await assertStore(deps, merchant.id, input.storeId);
    return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: false, scope: onBehalfScopeOf(req) };
  }
  if (input.userId === undefined) throw validationError({ user_id: 'validation:common.idInvalid' });
  const merchant = await merchantOfUser(deps.db, input.userId);
  if (!merchant) throw new AppError('not_found');
  await assertStore(deps, merchant.id, input.storeId);
  const actorRole = auth.roles.includes('superadmin') ? 'superadmin' : 'support';
  const entry = { actorUserId: auth.userId, merchantId: merchant.id, action: input.action, details: input.details, ip: req.ip ?? null, actorRole };
  const at = () => Math.floor(deps.clock.now().getTime() / 1000);
  // A look (GET) is written as it happens, once per visit. A change needs the staff member's reason, and its entry is written
  // in the merchant's billing transaction, so it commits or rolls back with the change (`onBehalfRoutes`).
  // A read is logged once per visit (issue 27 §3): a repeat of the same read by the same staff member within the
  // visit window writes nothing, so the log keeps what staff did rather than every page they loaded. Each
  // invoice is its own read.
  if (req.method === 'GET' || req.method === 'HEAD' || input.read) {
    const now = at();
    const sameRead = input.details && 'invoice' in input.details ? input.details : undefined;
    if (!sameVisit(await lastEntryAt(deps.db, auth.userId, merchant.id, input.action, sameRead), now)) await writeAudit(deps.db, { ...entry, at: now });
    return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: true, scope: onBehalfScopeOf(req) };
  }
  if (input.auditNow) {
    await writeAudit(deps.db, { ...entry, at: at() });
    return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: true, scope: onBehalfScopeOf(req) };
  }
  const given = (req.body as { reason?: unknown } | undefined)?.reason;
  const reason = given === undefined || given === null || given === '' ? null : staffReasonField.safeParse(given);
  if (!reason || !reason.success) {
    const error = reason ? validationError({ reason: reason.error.issues[0]?.message ?? 'validation:staff.reasonRequired' }) : new AppError('reason_required');
    await writeAudit(deps.db, { ...entry, at: at(), outcome: 'refused', errorCode: error.code });
    throw error;
  }
  // A change that calls the payment gateway is written as `attempted` first, committed on its own: the
  // provider's side (a card removed, a charge) cannot roll back with the merchant's transaction, so the log must
  // hold the attempt before the call. If it cannot be written, this throws and the gateway is never called.
  const attemptId = input.gateway ? await deps.db.transaction((tx) => writeAudit(tx, { ...entry, reason: reason.data, at: at(), outcome: 'attempted' })) : null;
  const pending = { ...entry, reason: reason.data, attemptId };
  const written = { done: false };
  const inTransaction: InTransactionWork = async (tx, failure) => {
    await writeAudit(tx, { ...pending, at: at(), ...(failure ? { outcome: 'refused' as const, errorCode: failure.code } : {}) });
    written.done = true;
  };
  if (!setTransactionWork(req, inTransaction)) throw new Error(`actingFor: ${input.action} changes billing outside onBehalfRoutes`);
  onBehalfOutcome.set(req, { pending, written, at });
  return { merchantId: merchant.id, ownerUserId: merchant.owner, auth, onBehalf: true, scope: onBehalfScopeOf(req) };
};

const assertStore = async (deps: AppDeps, merchantId: number, storeId: number | undefined): Promise<void> => {
  if (storeId === undefined) return;
  if ((await merchantOfStore(deps.db, storeId)) !== merchantId) throw new AppError('forbidden');
};

type PendingEntry = Omit<AuditEntry, 'at'>;
const onBehalfOutcome = new WeakMap<Request, { pending: PendingEntry; written: { done: boolean }; at: () => number }>();

/**
 * Wraps routes that call `actingFor` so a staff change is audited exactly once: in the merchant's billing
 * transaction when the change runs in one (the engine writes it before commit, or it rolls back with a failed
 * change), otherwise after the change succeeded; a change refused before or outside a transaction is written
 * as `refused` with its error code. A change that calls the gateway (`actingFor(…, { gateway: true })`) also has
 * its `attempted` entry, written before the call; each outcome names it (`attempt_id`).
 */
export const onBehalfRoutes = (deps: AppDeps, routes: RouteTable): RouteTable =>
  routes.map(
    (spec): Route => ({
      ...spec,
      handler: async (ctx) => {
        openOnBehalfScope(ctx.req);
        let failure: unknown = null;
        try {
          return await spec.handler(ctx);
        } catch (error) {
          failure = error;
          throw error;
        } finally {
          const outcome = onBehalfOutcome.get(ctx.req);
          if (outcome && !outcome.written.done) {
            outcome.written.done = true;
            if (failure === null) await writeAudit(deps.db, { ...outcome.pending, at: outcome.at() });
            else if (failure instanceof DomainError) await writeAudit(deps.db, { ...outcome.pending, at: outcome.at(), outcome: 'refused', errorCode: failure.code });
            // An attempted gateway call always gets an outcome: an unexpected failure (its transaction rolled
            // back, e.g. the outcome entry itself could not be written there) is recorded as refused.
            else if (outcome.pending.attemptId) await writeAudit(deps.db, { ...outcome.pending, at: outcome.at(), outcome: 'refused', errorCode: 'internal_error' }).catch(() => undefined);
          }
        }
      },
    }),
  );
