import {
  addCardSchema,
  addCouponSchema,
  billingHistoryQuerySchema,
  billingInfoUpdateSchema,
  cancelTrialingPackageSchema,
  confirmPaymentSchema,
  createIntentSchema,
  creditBalanceQuerySchema,
  deleteCardSchema,
  downgradeOrUpgradeSchema,
  lateSubscribeFpxIntentSchema,
  lateSubscribeFpxSchema,
  lateSubscribeSchema,
  planChangePreviewQuerySchema,
  positiveId,
  resumeSchema,
  retryPaymentFpxIntentSchema,
  retryPaymentFpxSchema,
  retryPaymentSchema,
  returnUrlSchema,
  setPrimaryCardSchema,
  unsubscribeSchema,
  userIdQuerySchema,
} from '@merchant-hub/validation';
import { normalizeLocale, SUPPORTED_LOCALES } from '@merchant-hub/i18n';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { linkBase } from '../../http/origin';
import { route, type RouteTable } from '../../http/route-table';
import { billingFor } from './context/billing.context';
import { ecpayBillingFor } from './ecpay/ecpay-billing.service';
import type { InvoiceReader } from './services/invoice-documents.service';
import { actingFor, onBehalfRoutes } from './services/merchant-access';
import { createStaffPreviews } from './services/staff-preview';

/** Staff changes that call the payment gateway: audited as `attempted` before the call (see `actingFor`). */
const GATEWAY = { gateway: true } as const;

/** `PATCH users/billing/:id` answers 404 for a malformed id before it reads the body. */
const idParam: RequestHandler = (req, _res, next) => {
  if (!positiveId().safeParse(req.params.id).success) throw new AppError('not_found');
  next();
};

/** The language an invoice page is asked for in (`?locale=zh-TW`, `th`…), when it is one of the product's. */
const invoiceLocaleOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const locale = normalizeLocale(value);
  // normalizeLocale reads anything unknown as English: only an English that was asked for is one.
  return (SUPPORTED_LOCALES as readonly string[]).includes(locale) && (locale !== 'en' || /^en\b/i.test(value.trim())) ? locale : undefined;
};

export const billingRoutes = (deps: AppDeps): RouteTable => {
  const { services, invoiceDocuments } = billingFor(deps);
  const previews = createStaffPreviews(deps);
  const { overview, planChanges, lifecycle, paymentMethods, threeDSecure, fpx, fpxRetry, coupons, ledger } = services;

  /**
   * Pages outside the API may only send the merchant back into this product, never to an arbitrary site: on the
   * origin this browser is using when that is one of the product's (linkBase), else PUBLIC_URL.
   */
  const ownUrl = (req: Request, requested: string | undefined, fallbackPath: string): string => {
    const base = linkBase(req, deps.config);
    return requested && requested.startsWith('/') && !requested.startsWith('//') ? `${base}${requested}` : requested?.startsWith(`${base}/`) ? requested : `${base}${fallbackPath}`;
  };

  /** Where the 3-D Secure page returns to: the page that asked (body `return_url`), marked `flow=3ds` for it. */
  const threeDsReturnUrl = (req: Request): string => {
    const { return_url: requested } = returnUrlSchema.safeParse(req.body ?? {}).data ?? {};
    const url = new URL(ownUrl(req, requested, '/home/dashboard'));
    url.searchParams.set('flow', '3ds');
    return url.toString();
  };

  /**
   * Resolves whose billing this is (audited for staff). `read`: a read sent as POST (billing history) is audited as
   * it happens and needs no reason, like a GET. `gateway`: the change calls the payment gateway (a card saved or
   * removed, a charge, a bank redirect), so staff's entry is written as `attempted` before it, then its outcome.
   */
  const actor = async (ctx: { req: Request; res: Response; input: { user_id?: number; store_id?: number }; audit: string }, options: { read?: boolean; gateway?: boolean } = {}) => {
    const acting = await actingFor(deps, ctx.req, ctx.res, { userId: ctx.input.user_id, storeId: ctx.input.store_id, action: ctx.audit, details: { ...ctx.input }, read: options.read, gateway: options.gateway });
    // Worked out only when a change asks for it (a read never does).
    return { merchantId: acting.merchantId, isStaff: acting.auth.isStaff, scope: acting.scope, get returnUrl() { return threeDsReturnUrl(ctx.req); } };
  };

  /**
   * A plan changed, ended or got a card: an ECPay agreement paying the old terms is cancelled at ECPay now (issue
   * 25 #4), after the change committed and outside its transaction; one that could not be is retried by the scheduler.
   */
  const afterPlanChange = async <T>(who: { merchantId: number }, result: T): Promise<T> => {
    await ecpayBillingFor(deps).settleAgreements(who.merchantId);
    return result;
  };

  return onBehalfRoutes(deps, [
    route({
      method: 'get',
      path: '/users/billing/all',
      summary: 'The billing response (spec §3); 402 with code 0 when the merchant must subscribe',
      auth: 'user',
      query: userIdQuerySchema,
      audit: 'billing.view',
      // JSON, mostly from memory (see billingAllAnswer): sent as it is, never parsed and serialized again, with
      // its own ETag (Express would hash the bytes again); a matching If-None-Match still gets a 304.
      handler: async (ctx) => {
        const { json, etag } = await overview.billingAllAnswer(await actor(ctx));
        ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
        ctx.res.setHeader('ETag', etag);
        ctx.res.send(json);
      },
    }),
    route({
      method: 'get',
      path: '/users/billing/plan-change-preview',
      summary: 'Prorated lines and totals a plan change would charge now',
      auth: 'user',
      query: planChangePreviewQuerySchema,
      audit: 'billing.plan_change_preview',
      handler: async (ctx) => {
        const who = await actor(ctx);
        // Staff get a token of this preview; their commit must bring it back (409 stale_preview otherwise).
        return { data: { ...(await planChanges.planChangePreview(who, ctx.input.package_id)), ...(await previews.issue(who, `plan:${ctx.input.package_id}`)) } };
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/downgrade-or-upgrade',
      summary: 'Upgrade (immediate, prorated), period switch (new cycle) or schedule a downgrade',
      auth: 'user',
      body: downgradeOrUpgradeSchema,
      audit: (input) => `billing.${input.type}`,
      handler: async (ctx) => {
        const who = await actor(ctx, GATEWAY);
        await previews.require(ctx.req, who, `plan:${ctx.input.package_id}`);
        return afterPlanChange(who, await planChanges.downgradeOrUpgrade(who, ctx.input));
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/cancel-trialing-package',
      summary: 'Cancel the scheduled plan change',
      auth: 'user',
      body: cancelTrialingPackageSchema,
      audit: 'billing.cancel_trialing_package',
      handler: async (ctx) => lifecycle.cancelTrialing(await actor(ctx), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/unsubscribe',
      summary: 'End the plan at the period end (grace)',
      auth: 'user',
      body: unsubscribeSchema,
      audit: 'billing.unsubscribe',
      handler: async (ctx) => {
        const who = await actor(ctx);
        return afterPlanChange(who, await lifecycle.unsubscribe(who));
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/resume',
      summary: 'Keep a plan that was set to end',
      auth: 'user',
      body: resumeSchema,
      audit: 'billing.resume',
      handler: async (ctx) => lifecycle.resume(await actor(ctx)),
    }),
    route({
      method: 'post',
      path: '/users/billing/retry-payment',
      summary: 'Charge the open invoice of a past_due subscription',
      auth: 'user',
      body: retryPaymentSchema,
      audit: 'billing.retry_payment',
      handler: async (ctx) => lifecycle.retryPayment(await actor(ctx, GATEWAY), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/confirm-payment',
      summary: 'Settle a payment after the 3-D Secure page: apply the change it paid for, or void it (payment_intent from the return URL)',
      auth: 'user',
      body: confirmPaymentSchema,
      audit: 'billing.confirm_payment',
      handler: async (ctx) => threeDSecure.confirmPayment(await actor(ctx), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/add-coupon',
      summary: 'Apply a promotion code to the plan',
      auth: 'user',
      body: addCouponSchema,
      audit: 'billing.add_coupon',
      handler: async (ctx) => coupons.addCoupon(await actor(ctx), ctx.input),
    }),
    route({
      method: 'patch',
      path: '/users/billing/:id',
      summary: 'Update billing details (id = user_merchant_id)',
      auth: 'user',
      use: [idParam],
      body: billingInfoUpdateSchema,
      audit: 'billing.update_info',
      handler: async (ctx) => paymentMethods.updateBillingInfo(await actor(ctx), Number(ctx.req.params.id), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/set-as-primary-card',
      summary: 'Make a card the default',
      auth: 'user',
      body: setPrimaryCardSchema,
      audit: 'billing.set_primary_card',
      handler: async (ctx) => {
        const who = await actor(ctx);
        return afterPlanChange(who, await paymentMethods.setPrimaryCard(who, ctx.input.id));
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/delete-card',
      summary: 'Remove a card',
      auth: 'user',
      body: deleteCardSchema,
      audit: 'billing.delete_card',
      handler: async (ctx) => paymentMethods.deleteCard(await actor(ctx, GATEWAY), ctx.input.payment_method),
    }),
    route({
      method: 'post',
      path: '/users/billing/create-intent',
      summary: 'Setup intent for adding a card (client_secret)',
      auth: 'user',
      body: createIntentSchema,
      audit: 'billing.create_intent',
      handler: async (ctx) => paymentMethods.createIntent(await actor(ctx, GATEWAY)),
    }),
    route({
      method: 'post',
      path: '/users/billing/add-card',
      summary: 'Save a confirmed payment method',
      auth: 'user',
      body: addCardSchema,
      audit: 'billing.add_card',
      handler: async (ctx) => {
        const who = await actor(ctx, GATEWAY);
        return afterPlanChange(who, await paymentMethods.addCard(who, ctx.input));
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/billing-history',
      summary: 'Invoices by UTC day range or start_after cursor',
      auth: 'user',
      body: billingHistoryQuerySchema,
      audit: 'billing.history',
      readOnlySafe: 'A read sent as POST',
      handler: async (ctx) => ledger.billingHistory(await actor(ctx, { read: true }), ctx.input),
    }),
    route({
      method: 'get',
      path: '/users/billing/credit-balance',
      summary: 'Credit balance and ledger, cursor paging both ways',
      auth: 'user',
      query: creditBalanceQuerySchema,
      audit: 'billing.credit_balance',
      handler: async (ctx) => ledger.creditBalance(await actor(ctx), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/late-subscribe/create-intent',
      summary: 'Setup intent for late subscribe (stripeIntent)',
      auth: 'user',
      body: createIntentSchema,
      audit: 'billing.late_subscribe_intent',
      handler: async (ctx) => lifecycle.lateSubscribeIntent(await actor(ctx, GATEWAY)),
    }),
    route({
      method: 'post',
      path: '/users/billing/late-subscribe',
      summary: 'Subscribe after the plan ended, by card',
      auth: 'user',
      body: lateSubscribeSchema,
      audit: 'billing.late_subscribe',
      handler: async (ctx) => lifecycle.lateSubscribe(await actor(ctx, GATEWAY), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/late-subscribe/fpx/create-intent',
      summary: 'FPX payment for late subscribe: redirect to the bank',
      auth: 'user',
      body: lateSubscribeFpxIntentSchema,
      audit: 'billing.late_subscribe_fpx_intent',
      handler: async (ctx) => {
        const { return_url: requested } = returnUrlSchema.parse(ctx.req.body);
        const returnUrl = ownUrl(ctx.req, requested, '/home/dashboard');
        return fpx.lateSubscribeFpxIntent(await actor(ctx, GATEWAY), { packageId: ctx.input.package_id, bank: ctx.input.bank, returnUrl });
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/late-subscribe/fpx',
      summary: 'Confirm late subscribe after the FPX redirect',
      auth: 'user',
      body: lateSubscribeFpxSchema,
      audit: 'billing.late_subscribe_fpx',
      handler: async (ctx) => fpx.lateSubscribeFpx(await actor(ctx), ctx.input),
    }),
    route({
      method: 'post',
      path: '/users/billing/retry-payment/fpx/create-intent',
      summary: 'FPX for a past-due open invoice (MYR only): redirect to the bank → { payment_intent_id, redirect_url, amount, currency }',
      auth: 'user',
      body: retryPaymentFpxIntentSchema,
      audit: 'billing.retry_payment_fpx_intent',
      handler: async (ctx) => {
        const { return_url: requested } = returnUrlSchema.parse(ctx.req.body);
        const returnUrl = ownUrl(ctx.req, requested, '/home/dashboard');
        return fpxRetry.retryPaymentFpxIntent(await actor(ctx, GATEWAY), { ...ctx.input, returnUrl });
      },
    }),
    route({
      method: 'post',
      path: '/users/billing/retry-payment/fpx',
      summary: 'Confirm an FPX retry after the bank redirect: pays the open invoice once, the subscription is active again',
      auth: 'user',
      body: retryPaymentFpxSchema,
      audit: 'billing.retry_payment_fpx',
      handler: async (ctx) => fpxRetry.retryPaymentFpx(await actor(ctx), ctx.input),
    }),
    route({
      method: 'get',
      path: '/invoices/:ref',
      summary: 'Hosted invoice page (HTML); {ref}.pdf for the PDF. A merchant’s own invoices, any for staff (audited)',
      auth: 'user',
      audit: 'billing.invoice_view',
      handler: async ({ req, res }) => {
        const { userId, isStaff } = authOf(res);
        const actFor: InvoiceReader['actFor'] = (ownerUserId, action, details) => actingFor(deps, req, res, { userId: ownerUserId, action, details });
        const document = await invoiceDocuments.invoiceDocument({ userId, isStaff, actFor }, String(req.params.ref), invoiceLocaleOf(req.query.locale));
        if (document.contentType === 'pdf') res.type('application/pdf').set('Content-Disposition', `inline; filename="${document.filename}"`).send(document.body);
        else res.type('html').send(document.body);
      },
    }),
  ]);
};
