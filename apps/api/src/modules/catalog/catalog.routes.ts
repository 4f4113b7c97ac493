import type { Market } from '@merchant-hub/domain';
import {
  catalogIdParamsSchema,
  catalogQuerySchema,
  listEntryParamsSchema,
  listTranslationsEditRequestSchema,
  planCreateRequestSchema,
  planEditRequestSchema,
  planHideSchema,
  planPreviewSchema,
  planReorderSchema,
  promotionCreateRequestSchema,
  promotionIdParamsSchema,
  reasonSchema,
} from '@merchant-hub/validation';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { route, type RouteTable } from '../../http/route-table';
import type { CatalogActor } from './catalog-changes';
import { createListNamesService } from './list-names.service';
import { createPlansService } from './plans.service';
import { createPromotionsService } from './promotions.service';

/** `input`: the checked request; its reason (issue 27 §8) goes to the audit entry of the change. */
const actorOf = (req: Request, res: Response, input?: { reason?: string }): CatalogActor => {
  const auth = authOf(res);
  return { userId: auth.userId, role: auth.roles.includes('superadmin') ? 'superadmin' : 'support', ip: req.ip ?? null, reason: input?.reason ?? null };
};

/** Plans, add-on packages and promotion codes: staff read them, superadmins change them (403 for support). */
export const catalogRoutes = (deps: AppDeps): RouteTable => {
  const plans = createPlansService(deps);
  const promotions = createPromotionsService(deps);
  const listNames = createListNamesService(deps);
  return [
    route({
      method: 'get',
      path: '/staff/catalog',
      summary: "Staff only: one market's plans and add-on packages (hidden ones too), with each one's renewing subscribers",
      auth: 'staff',
      query: catalogQuerySchema,
      handler: ({ query }) => plans.catalog(query.market as Market),
    }),
    route({
      method: 'post',
      path: '/staff/catalog/plans',
      summary: 'Superadmin only: a new plan tier in one market and billing period',
      auth: 'superadmin',
      body: planCreateRequestSchema,
      audit: 'catalog.plan.create',
      handler: async ({ input, req, res }) => {
        res.status(201);
        return plans.create(actorOf(req, res, input), input);
      },
    }),
    route({
      method: 'post',
      path: '/staff/catalog/plans/:id/preview',
      summary: 'Superadmin only: how many subscribers a new price reaches (at their next renewal) and whether the yearly "Save 20%" still holds',
      auth: 'superadmin',
      notAudited: 'A preview changes nothing; the edit it previews is audited',
      params: catalogIdParamsSchema,
      body: planPreviewSchema,
      handler: ({ input, params, req, res }) => plans.preview(actorOf(req, res), params.id, input),
    }),
    route({
      method: 'post',
      path: '/staff/catalog/plans/:id',
      summary: 'Superadmin only: saves every field of a plan or add-on package; past invoices keep their amounts, subscribers pay a new price from their next renewal',
      auth: 'superadmin',
      params: catalogIdParamsSchema,
      body: planEditRequestSchema,
      audit: 'catalog.plan.update',
      handler: ({ input, params, req, res }) => plans.edit(actorOf(req, res, input), params.id, input),
    }),
    route({
      method: 'post',
      path: '/staff/catalog/plans/:id/hide',
      summary: 'Superadmin only: hides a plan from merchants and the checkouts (hide: false shows it again)',
      auth: 'superadmin',
      params: catalogIdParamsSchema,
      body: planHideSchema,
      audit: (input) => (input.hide ? 'catalog.plan.hide' : 'catalog.plan.show'),
      handler: ({ input, params, req, res }) => plans.hide(actorOf(req, res, input), params.id, input.hide),
    }),
    route({
      method: 'post',
      path: '/staff/catalog/reorder',
      summary: 'Superadmin only: the order of the plans of one market and billing period',
      auth: 'superadmin',
      body: planReorderSchema,
      audit: 'catalog.plan.reorder',
      handler: ({ input, req, res }) => plans.reorder(actorOf(req, res, input), { ...input, market: input.market as Market }),
    }),
    route({
      method: 'get',
      path: '/staff/catalog/lists',
      summary: 'Staff only: the store industries and shop categories, each with its names in the other languages (issue 31 #5)',
      auth: 'staff',
      handler: () => listNames.lists(),
    }),
    route({
      method: 'post',
      path: '/staff/catalog/lists/:list/:id',
      summary: "Superadmin only: an industry's or shop category's names in ms, zh, zhtw and th (blank: the English name is shown), with a reason",
      auth: 'superadmin',
      params: listEntryParamsSchema,
      body: listTranslationsEditRequestSchema,
      audit: 'catalog.list.update',
      handler: ({ input, params, req, res }) => listNames.translate(actorOf(req, res, input), params.list, params.id, input),
    }),
    route({
      method: 'get',
      path: '/staff/promotions',
      summary: 'Staff only: every promotion code with its terms, limit, expiry, restrictions and redemptions so far',
      auth: 'staff',
      handler: () => promotions.list(),
    }),
    route({
      method: 'post',
      path: '/staff/promotions',
      summary: 'Superadmin only: a promotion code (percent or amount off, once / repeating / forever, expiry, limit, markets, plans)',
      auth: 'superadmin',
      body: promotionCreateRequestSchema,
      audit: 'promotion.create',
      handler: async ({ input, req, res }) => {
        res.status(201);
        return promotions.create(actorOf(req, res, input), input);
      },
    }),
    route({
      method: 'post',
      path: '/staff/promotions/:id/deactivate',
      summary: 'Superadmin only: the code stops working at once (redemptions already made keep their discount)',
      auth: 'superadmin',
      params: promotionIdParamsSchema,
      body: reasonSchema,
      audit: 'promotion.deactivate',
      handler: ({ input, params, req, res }) => promotions.deactivate(actorOf(req, res, input), params.id),
    }),
    route({
      method: 'get',
      path: '/staff/promotions/:id/redemptions',
      summary: 'Staff only: every redemption of a code (merchant, invoice, discount)',
      auth: 'staff',
      params: promotionIdParamsSchema,
      handler: ({ params }) => promotions.redemptions(params.id),
    }),
  ];
};
