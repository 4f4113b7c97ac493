import {
  cardSetupSchema,
  fpxCheckoutRequestSchema,
  fpxCheckSchema,
  paymentStatusQuerySchema,
  resultTokenParamsSchema,
  retrySchema,
  setPaymentMethodSchema,
  ticketSignInSchema,
  validateCouponSchema,
} from '@merchant-hub/validation';
import type { Request } from 'express';
import type { AppDeps } from '../../app-deps';
import { sandboxAllowed } from '../../config';
import { requestMeta, setSessionCookie } from '../../http/auth';
import { linkBase } from '../../http/origin';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteContext, type RouteTable } from '../../http/route-table';
import { returnLocaleOf, type ReturnTo } from './checkout-core';
import { parseGatewayOrder, placeOf } from './checkout-places';
import { createCheckoutService, type CheckoutService } from './checkout.service';
import { ecpaySandboxRoutes } from './ecpay-sandbox.routes';
import { stripeWebhookHandler } from './stripe-webhook';

const formBody = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});

export const checkoutRoutes = (deps: AppDeps, limits: RateLimiters, service: CheckoutService = createCheckoutService(deps)): RouteTable => {
  // The browser comes back through here (ECPay posts OrderResultURL; the sandbox redirects with GET); the
  // result page then asks payment-status, which only the verified notification can turn to success.
  const toResultPage = ({ params, req, res }: RouteContext<undefined, undefined, typeof resultTokenParamsSchema>) => {
    const locale = returnLocaleOf(req.query);
    res.redirect(303, `/subscribe-payment-result/${encodeURIComponent(params.token)}${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`);
  };
  /** The buyer comes back to the origin the checkout page was on (when it is the product's) in its language. */
  const backTo = (req: Request): ReturnTo => ({ base: linkBase(req, deps.config), locale: returnLocaleOf(req.body) });
  const webhook = stripeWebhookHandler(deps);

  return [
    // ------------------------------------------------------------------------------------------ ECPay
    route({
      method: 'post',
      path: '/ecpay/create-order',
      summary: 'Gateway checkout (TW): pending order + ECPay AIO form { action, fields (CheckMacValue), token }',
      use: limits('signup'),
      // The form's country decides whether a state is required: parsed by parseGatewayOrder.
      handler: async ({ req, res }) => {
        const { input, place } = await parseGatewayOrder(deps, req.body);
        res.status(201).json({ data: await service.createEcpayOrder(input, place, backTo(req)) });
      },
    }),
    // ECPay posts form-encoded and reads the body as text: `1|OK` settles it, anything else is retried.
    route({
      method: 'post',
      path: '/ecpay/notify',
      summary: 'ECPay server notification (form-encoded, CheckMacValue verified, idempotent) → 1|OK',
      handler: async ({ req, res }) => {
        const result = await service.handleEcpayNotification(formBody(req));
        if (!result.ok) req.log?.warn({ reply: result.reply }, 'ECPay notification refused');
        res.status(result.ok ? 200 : 400).type('text/plain').send(result.reply);
      },
    }),
    route({ method: 'post', path: '/ecpay/order-result/:token', summary: 'ECPay browser return (OrderResultURL): redirect to the payment result page', params: resultTokenParamsSchema, handler: toResultPage }),
    route({ method: 'get', path: '/ecpay/order-result/:token', summary: 'ECPay browser return (sandbox): redirect to the payment result page', params: resultTokenParamsSchema, handler: toResultPage }),
    route({
      method: 'get',
      path: '/ecpay/payment-status',
      summary: 'Payment result: { status: success|pending|expired|invalid_token|failed|paid_conflict, loginInfo: { email, ticket }, order_no? (paid_conflict) }',
      query: paymentStatusQuerySchema,
      handler: async ({ query, res }) => {
        res.set('Cache-Control', 'no-store');
        return service.paymentStatus(query.token || undefined);
      },
    }),
    route({
      method: 'post',
      path: '/checkout/ticket-sign-in',
      summary: 'Exchange a single-use sign-in ticket for a session (cookie + login body)',
      use: limits('login'),
      body: ticketSignInSchema,
      handler: async ({ input, req, res }) => {
        const { body, token, expiresAt } = await service.signInWithTicket(input.ticket, requestMeta(req));
        setSessionCookie(req, res, token, expiresAt);
        return body;
      },
    }),
    // ------------------------------------------------------------------------------------------ cards & FPX
    route({ method: 'get', path: '/checkout/config', summary: 'Card checkout (no session): { gateway: sandbox|stripe, stripePublishableKey? } for the card field', handler: () => service.checkoutConfig() }),
    route({
      method: 'post',
      path: '/create-merchant/stripe/validate-coupon',
      summary: 'Card checkout: check a promotion code for a plan → { data: coupon }',
      use: limits('signup'),
      body: validateCouponSchema,
      handler: ({ input }) => service.validateCoupon(input.coupon, input.package_id),
    }),
    route({
      method: 'post',
      path: '/create-merchant/stripe',
      summary: 'Card checkout: customer + setup intent → { client_secret, stripe_id }',
      use: limits('signup'),
      body: cardSetupSchema,
      handler: async ({ input, res }) => {
        res.status(201).json(await service.createCardSetup(input));
      },
    }),
    route({
      method: 'post',
      path: '/create-merchant/stripe/set-payment-method',
      summary: 'Card checkout: create the merchant and charge the first invoice → { email, ticket }; 402 authentication_required + next_action when the issuer asks for 3-D Secure',
      use: limits('signup'),
      body: setPaymentMethodSchema,
      handler: async ({ input, req, res }) => {
        res.status(201).json(await service.subscribeWithCard(input, await placeOf(deps, input), backTo(req)));
      },
    }),
    route({
      method: 'post',
      path: '/create-merchant/retry',
      summary: 'Card checkout after a timed-out request: a new sign-in ticket for the paid order',
      use: limits('login'),
      body: retrySchema,
      handler: ({ input }) => service.retrySignIn(input.paymentMethod),
    }),
    route({
      method: 'post',
      path: '/create-merchant/fpx',
      summary: 'FPX checkout (MY): pending order + bank redirect',
      use: limits('signup'),
      body: fpxCheckoutRequestSchema,
      handler: async ({ input, req, res }) => {
        res.status(201).json(await service.createFpxPayment(input, await placeOf(deps, input), backTo(req)));
      },
    }),
    route({
      method: 'post',
      path: '/create-merchant/fpx/check-and-register',
      summary: 'FPX checkout, and a card checkout back from 3-D Secure: register and sign in → { email, ticket }',
      use: limits('login'),
      body: fpxCheckSchema,
      handler: ({ input }) => service.checkAndRegisterFpx(input.payment_intent_id),
    }),
    route({
      method: 'post',
      path: '/webhooks/stripe',
      summary: 'Stripe webhook (raw body, Stripe-Signature): payment_intent.succeeded / payment_failed',
      rawBody: true,
      handler: ({ req, res }) => webhook(req, res, () => undefined),
    }),
    ...(deps.config.ecpay.mode === 'sandbox' && sandboxAllowed(deps.config) ? ecpaySandboxRoutes(deps) : []),
  ];
};
