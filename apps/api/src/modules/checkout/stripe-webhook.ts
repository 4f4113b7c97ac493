import type { RequestHandler } from 'express';
import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { GatewayError } from '../../gateways/port';
import { AppError } from '../../http/errors';
import { DomainError } from '../../domain-error';
import { billingFor, isRefundOrDisputeEvent } from '../billing';
import { createCheckoutService } from './checkout.service';

/**
 * POST /api/webhooks/stripe, mounted with a raw body (the signature covers the exact bytes). FPX outcomes
 * are trusted from here as much as from the bank's redirect; both paths are idempotent, so whichever comes
 * first settles the order and the other changes nothing.
 */
export const stripeWebhookHandler = (deps: AppDeps): RequestHandler => {
  const checkout = createCheckoutService(deps);
  return async (req, res) => {
    const gateway = gatewayFor(deps);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
    let event;
    try {
      event = gateway.verifyWebhook(raw, req.get('stripe-signature'), Math.floor(deps.clock.now().getTime() / 1000));
    } catch (error) {
      if (error instanceof GatewayError || error instanceof SyntaxError) throw new AppError('bad_request', { message: error.message });
      throw error;
    }
    if (isRefundOrDisputeEvent(event.type)) {
      // Refunds and disputes can start in the Stripe Dashboard: recorded on the invoice, once per event id.
      await billingFor(deps).services.refunds.handleStripeEvent(event);
      res.json({ received: true });
      return;
    }
    const object = event.data?.object ?? {};
    const id = typeof object.id === 'string' ? object.id : '';
    const metadata = (object.metadata ?? {}) as Record<string, string>;
    const handled = event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed';
    if (handled && id) {
      // The event says which payment; its state is read back from the gateway rather than taken from the body.
      const payment = await gateway.retrievePayment(id);
      try {
        if (payment && metadata.purpose === 'checkout') {
          if (event.type === 'payment_intent.succeeded') await checkout.settleOrderPayment(payment);
          else await checkout.markFpxFailed(payment);
        } else if (payment && metadata.purpose === 'late_subscribe' && event.type === 'payment_intent.succeeded' && payment.status === 'succeeded') {
          await billingFor(deps).services.fpx.lateSubscribeFpx({ merchantId: Number(metadata.merchant_id), isStaff: false }, { payment_intent_id: id });
        } else if (payment && event.type === 'payment_intent.succeeded' && payment.status === 'succeeded' && (payment.metadata.invoice_id || payment.metadata.invoice)) {
          // Any other payment of one of our invoices (a bank retry whose buyer closed the tab, a card charge):
          // recorded once against its invoice, or refunded when the invoice was paid meanwhile.
          const outcome = await billingFor(deps).services.fpxRetry.recordReportedPayment(payment);
          if (outcome === 'mismatch' || outcome === 'refunded') req.log?.warn({ event: event.id, payment: payment.id, outcome }, 'stripe webhook: payment not applied to its invoice');
        }
      } catch (error) {
        // A business refusal (already subscribed, amount mismatch) will not change on a resend: acknowledge it.
        if (!(error instanceof DomainError)) throw error;
        req.log?.warn({ err: error, event: event.id }, 'stripe webhook refused');
      }
    }
    res.json({ received: true });
  };
};
