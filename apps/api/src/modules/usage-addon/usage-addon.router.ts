import { addOnAmountQuerySchema, addOnPackageQuerySchema, addOnSubscribeSchema, optionalPositiveId } from '@merchant-hub/validation';
import { Router } from 'express';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../http/auth';
import { billingFor } from '../billing/billing.context';
import { actingFor } from '../billing/merchant-access';

export const addOnPackageRequestSchema = addOnPackageQuerySchema.extend({ user_id: optionalPositiveId() });

/** The Sales Channel Management add-on (spec §7 usage add-on calls); money math shared with billing. */
export const usageAddonRouter = (deps: AppDeps): Router => {
  const router = Router();
  const auth = requireAuth(deps);
  const { service } = billingFor(deps);

  router.get('/users/usage-addon/get-add-on-package', auth, async (req, res) => {
    const input = addOnPackageRequestSchema.parse(req.query);
    const acting = await actingFor(deps, req, res, { userId: input.user_id, storeId: input.store_id, action: 'addon.package', details: { ...input } });
    res.json(await service.addOnPackageFor({ merchantId: acting.merchantId, isStaff: acting.auth.isStaff }));
  });

  router.get('/users/usage-addon/get-amount-to-pay', auth, async (req, res) => {
    const input = addOnAmountQuerySchema.parse(req.query);
    const acting = await actingFor(deps, req, res, { userId: input.user_id, storeId: input.store_id, action: 'addon.amount', details: { ...input } });
    res.json(await service.addOnAmount({ merchantId: acting.merchantId, isStaff: acting.auth.isStaff }, input.addon_store_quantity, input.coupon));
  });

  router.post('/users/usage-addon/subscribe', auth, async (req, res) => {
    const input = addOnSubscribeSchema.parse(req.body);
    const acting = await actingFor(deps, req, res, { userId: input.user_id, storeId: input.store_id, action: 'addon.subscribe', details: { ...input } });
    res.json(await service.addOnSubscribe({ merchantId: acting.merchantId, isStaff: acting.auth.isStaff }, input.addon_store_quantity, input.coupon));
  });

  return router;
};
