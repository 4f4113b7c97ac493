import { addOnAmountQuerySchema, addOnPackageRequestSchema, addOnSubscribeSchema } from '@merchant-hub/validation';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { route, type RouteTable } from '../../http/route-table';
import { actingFor, billingFor, createStaffPreviews, onBehalfRoutes } from '../billing';

/** The Sales Channel Management add-on (spec §7 usage add-on calls); money math shared with billing. */
export const usageAddonRoutes = (deps: AppDeps): RouteTable => {
  const { addOn } = billingFor(deps).services;
  const previews = createStaffPreviews(deps);
  const addOnSubject = (input: { addon_store_quantity: number }) => `addon:${input.addon_store_quantity}`;

  /** `gateway`: the change charges (staff's entry is written as `attempted` before the gateway call). */
  const actor = async (ctx: { req: Request; res: Response; input: { user_id?: number; store_id?: number }; audit: string }, options: { gateway?: boolean } = {}) => {
    const acting = await actingFor(deps, ctx.req, ctx.res, { userId: ctx.input.user_id, storeId: ctx.input.store_id, action: ctx.audit, details: { ...ctx.input }, gateway: options.gateway });
    return { merchantId: acting.merchantId, isStaff: acting.auth.isStaff, scope: acting.scope };
  };

  return onBehalfRoutes(deps, [
    route({
      method: 'get',
      path: '/users/usage-addon/get-add-on-package',
      summary: 'The add-on package for the plan’s period (billing_period, sub_total)',
      auth: 'user',
      query: addOnPackageRequestSchema,
      audit: 'addon.package',
      handler: async (ctx) => addOn.addOnPackageFor(await actor(ctx)),
    }),
    route({
      method: 'get',
      path: '/users/usage-addon/get-amount-to-pay',
      summary: 'Prorated price, tax, applied credit and total for a store count',
      auth: 'user',
      query: addOnAmountQuerySchema,
      audit: 'addon.amount',
      handler: async (ctx) => {
        const who = await actor(ctx);
        // Staff get a token of this quote; their subscribe must bring it back (409 stale_preview otherwise).
        const quote = await addOn.addOnAmount(who, ctx.input.addon_store_quantity, ctx.input.coupon);
        return { data: { ...quote.data, ...(await previews.issue(who, addOnSubject(ctx.input))) } };
      },
    }),
    route({
      method: 'post',
      path: '/users/usage-addon/subscribe',
      summary: 'Subscribe to or raise the add-on, charged at once',
      auth: 'user',
      body: addOnSubscribeSchema,
      audit: 'addon.subscribe',
      handler: async (ctx) => {
        const who = await actor(ctx, { gateway: true });
        await previews.require(ctx.req, who, addOnSubject(ctx.input));
        return addOn.addOnSubscribe(who, ctx.input.addon_store_quantity, ctx.input.coupon);
      },
    }),
  ]);
};
