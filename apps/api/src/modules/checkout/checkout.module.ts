import { fpxCheckoutRequestSchema } from '@merchant-hub/validation';
import { Router } from 'express';
import type { ApiModule } from '../registry';
import { cardSetupSchema, checkoutRouter, fpxCheckSchema, paymentStatusQuerySchema, retrySchema, setPaymentMethodSchema, ticketSignInSchema, validateCouponSchema } from './checkout.router';
import { ecpaySandboxRouter } from './ecpay-sandbox.router';

export const checkoutModule: ApiModule = {
  name: 'checkout',
  router: (deps, ctx) => {
    const router = Router();
    router.use(checkoutRouter(deps, ctx.limits));
    if (deps.config.ecpay.mode === 'sandbox') router.use(ecpaySandboxRouter(deps));
    return router;
  },
  docs: [
    { method: 'post', path: '/api/ecpay/create-order', summary: 'Gateway checkout (TW): pending order + ECPay AIO form { action, fields (CheckMacValue), token }' },
    { method: 'post', path: '/api/ecpay/notify', summary: 'ECPay server notification (form-encoded, CheckMacValue verified, idempotent) → 1|OK' },
    { method: 'get', path: '/api/ecpay/payment-status', summary: 'Payment result: { status: success|pending|expired|invalid_token|failed|paid_conflict, loginInfo: { email, ticket }, order_no? (paid_conflict) }', query: paymentStatusQuerySchema },
    { method: 'post', path: '/api/checkout/ticket-sign-in', summary: 'Exchange a single-use sign-in ticket for a session (cookie + login body)', body: ticketSignInSchema },
    { method: 'get', path: '/api/checkout/config', summary: 'Card checkout (no session): { gateway: sandbox|stripe, stripePublishableKey? } for the card field' },
    { method: 'post', path: '/api/create-merchant/stripe/validate-coupon', summary: 'Card checkout: check a promotion code for a plan → { data: coupon }', body: validateCouponSchema },
    { method: 'post', path: '/api/create-merchant/stripe', summary: 'Card checkout: customer + setup intent → { client_secret, stripe_id }', body: cardSetupSchema },
    { method: 'post', path: '/api/create-merchant/stripe/set-payment-method', summary: 'Card checkout: create the merchant and charge the first invoice → { email, ticket }', body: setPaymentMethodSchema },
    { method: 'post', path: '/api/create-merchant/retry', summary: 'Card checkout after a timed-out request: a new sign-in ticket for the paid order', body: retrySchema },
    { method: 'post', path: '/api/create-merchant/fpx', summary: 'FPX checkout (MY): pending order + bank redirect', body: fpxCheckoutRequestSchema },
    { method: 'post', path: '/api/create-merchant/fpx/check-and-register', summary: 'FPX checkout: after the bank redirect, register and sign in → { email, ticket }', body: fpxCheckSchema },
    { method: 'post', path: '/api/webhooks/stripe', summary: 'Stripe webhook (raw body, Stripe-Signature): payment_intent.succeeded / payment_failed' },
    { method: 'get', path: '/api/ecpay/order-result/{token}', summary: 'ECPay browser return (sandbox): redirect to the payment result page' },
    { method: 'post', path: '/api/ecpay/order-result/{token}', summary: 'ECPay browser return (OrderResultURL): redirect to the payment result page' },
    { method: 'post', path: '/api/sandbox/ecpay/cashier', summary: 'ECPAY_MODE=sandbox: the cashier the AIO form posts to (checks CheckMacValue)' },
    { method: 'post', path: '/api/sandbox/ecpay/cashier/complete', summary: 'ECPAY_MODE=sandbox: pay or fail, send the signed notification, return the browser' },
  ],
};
