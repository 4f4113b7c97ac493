import { sandboxClockAdvanceSchema, sandboxOutcomeSchema, sandboxPaymentMethodSchema, sandboxPaymentParamsSchema } from '@merchant-hub/validation';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config';
import { sandboxGatewayFor } from '../../gateways';
import { GatewayError } from '../../gateways/port';
import { AppError } from '../../http/errors';
import { linkBase, mayReturnTo } from '../../http/origin';
import { route, type RouteTable } from '../../http/route-table';
import { actingFor, advanceMerchantClockWithEcpay } from '../billing';
import { fpxPage } from './fpx-page';
import { threeDsPage } from './three-ds-page';

/**
 * Stripe's return: the page appends the intent and its outcome to the return URL. The bank and 3-D Secure pages
 * send the browser back only into this product, whatever a stored row says.
 */
const returnTo = (req: Request, res: Response, config: AppConfig, returnUrl: string | null, payment: { id: string; client_secret: string | null; status: string }): void => {
  const fallback = new URL(`${linkBase(req, config)}/home/dashboard`);
  const stored = returnUrl ? URL.parse(returnUrl) : null;
  // Back to the host this page is on (the browser's) or one of the product's, never a stored row's other host.
  const target = stored && mayReturnTo(req, config, stored) ? stored : fallback;
  target.searchParams.set('payment_intent', payment.id);
  target.searchParams.set('payment_intent_client_secret', payment.client_secret ?? '');
  target.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
  res.redirect(303, target.toString());
};

/**
 * Stand-ins for Stripe.js and the FPX bank while PAYMENT_GATEWAY=sandbox (ARCHITECTURE "Contracts"), and the
 * merchants' test clock, which outside production also serves a rehearsal with Stripe's test mode.
 */
export const sandboxRoutes = (deps: AppDeps): RouteTable => {
  const gateway = () => {
    const sandbox = sandboxGatewayFor(deps);
    if (!sandbox) throw new AppError('not_found');
    return sandbox;
  };
  /** An unknown payment answers 404, whatever the gateway calls it. */
  const orNotFound = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('not_found');
      throw error;
    }
  };

  const clockRoutes: RouteTable = [
    route({
      method: 'post',
      path: '/sandbox/clock/advance',
      summary: 'Staff: move a merchant’s test clock and run what falls due → { now }',
      auth: 'staff',
      body: sandboxClockAdvanceSchema,
      audit: 'sandbox.clock_advance',
      handler: async ({ input, req, res, audit }) => {
        // A sandbox tool whose contract (README) takes no reason: audited as it happens, like a look.
        const acting = await actingFor(deps, req, res, { userId: input.user_id, action: audit, details: { ...input }, auditNow: true });
        // Taiwan's ECPay agreements charge on the same clock (issue 25 #4): see advanceMerchantClockWithEcpay.
        const { now, report } = await advanceMerchantClockWithEcpay(deps, acting.merchantId, input.seconds);
        return { now: new Date(now * 1000).toISOString(), report };
      },
    }),
  ];
  if (deps.config.paymentGateway !== 'sandbox') return clockRoutes;

  return [
    ...clockRoutes,
    route({
      method: 'post',
      path: '/sandbox/payment-methods',
      summary: 'Sandbox stand-in for Stripe.js: a payment method from a test card number → { id, brand, last4 }',
      body: sandboxPaymentMethodSchema,
      handler: async ({ input, res }) => {
        try {
          res.status(201).json(await gateway().createPaymentMethod(input));
        } catch (error) {
          if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message, details: { decline_code: error.code } });
          throw error;
        }
      },
    }),
    route({
      method: 'get',
      path: '/sandbox/fpx/:id',
      summary: 'Sandbox FPX bank page (Pay / Fail)',
      handler: async ({ req, res }) => {
        const payment = await gateway().findBankPayment(String(req.params.id));
        if (!payment) throw new AppError('not_found');
        res.type('html').send(fpxPage(payment));
      },
    }),
    route({
      method: 'post',
      path: '/sandbox/fpx/:id/complete',
      summary: 'Sandbox FPX bank: pay or fail (outcome), then back to the return URL',
      params: sandboxPaymentParamsSchema,
      body: sandboxOutcomeSchema,
      handler: async ({ params, input, req, res }) => {
        const payment = await orNotFound(() => gateway().completeBankPayment(params.id, input.outcome));
        returnTo(req, res, deps.config, payment.return_url, payment);
      },
    }),
    route({
      method: 'get',
      path: '/sandbox/3ds/:id',
      summary: 'Sandbox 3-D Secure issuer page (Complete / Fail authentication)',
      handler: async ({ req, res }) => {
        const payment = await gateway().findCardPayment(String(req.params.id));
        if (!payment || !payment.return_url) throw new AppError('not_found');
        res.type('html').send(threeDsPage(payment));
      },
    }),
    route({
      method: 'post',
      path: '/sandbox/3ds/:id/complete',
      summary: 'Sandbox 3-D Secure: complete or fail (outcome), then back to the return URL with payment_intent and redirect_status',
      params: sandboxPaymentParamsSchema,
      body: sandboxOutcomeSchema,
      handler: async ({ params, input, req, res }) => {
        const payment = await orNotFound(() => gateway().completeAuthentication(params.id, input.outcome));
        if (!payment.return_url) throw new AppError('not_found');
        returnTo(req, res, deps.config, payment.return_url, payment);
      },
    }),
  ];
};
