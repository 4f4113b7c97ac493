import type { ConfirmPaymentOutput } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import type { Engine } from '../engine/billing.engine';
import { markInvoicePaid, readInvoice, toInvoice } from '../repositories/invoices.repository';
import { findAuthentication, paymentFailureMessage, resolveAuthentication, settlePayment } from '../repositories/payments.repository';
import { type Actor, PAYMENT_RECEIVED, type PendingChange } from './billing-state';
import { type OnSessionPayment, VOID_ON_FAILURE } from './on-session-payment';

/** The return from the issuer's 3-D Secure page: settles the waiting payment and applies what it paid for. */
export const createThreeDSecureService = (engine: Engine, parts: { onSession: OnSessionPayment }) => {
  const { gateway } = engine.deps;
  const { onSession } = parts;

  /**
   * Settles a payment the customer authenticated (or failed to) on the issuer's page. Runs under the
   * merchant's lock and moves the authentication out of `requires_action` once, so a second or concurrent
   * confirm answers from the record and changes nothing.
   */
  const confirmPayment = async (actor: Actor, input: ConfirmPaymentOutput) => {
    // Read from the gateway before the merchant's transaction opens (no gateway call inside one).
    const known = await findAuthentication(engine.deps.db, actor.merchantId, input.payment_intent);
    const reported = known?.status === 'requires_action' ? await gateway.retrievePayment(input.payment_intent) : null;
    return engine.withMerchant(actor, async (ctx) => {
      const row = await findAuthentication(ctx.tx, actor.merchantId, input.payment_intent);
      if (!row) throw new AppError('not_found', { message: 'Payment not found' });
      if (row.status === 'succeeded') return { message: 'Payment received', notice: PAYMENT_RECEIVED, status: 'succeeded' as const, already_confirmed: true };
      if (row.status === 'failed') throw new AppError('payment_failed', { message: await paymentFailureMessage(ctx.tx, input.payment_intent) });
      const payment = reported;
      if (!payment) throw new AppError('not_found', { message: 'Payment not found' });
      if (payment.status === 'requires_action' && payment.next_action) {
        throw engine.authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: payment.next_action });
      }
      const invoice = await readInvoice(ctx.tx, row.invoiceId);
      const pending = { purpose: row.purpose, details: row.details } as PendingChange;
      const succeeded = payment.status === 'succeeded' && invoice.status === 'open';
      await resolveAuthentication(ctx.tx, payment.id, succeeded ? 'succeeded' : 'failed', ctx.now);
      if (!succeeded) {
        const message = payment.failure_message ?? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
        await settlePayment(ctx.tx, input.payment_intent, { status: 'failed', failureCode: payment.failure_code ?? 'payment_intent_authentication_failure', failureMessage: message });
        if (VOID_ON_FAILURE.includes(pending.purpose) && invoice.status === 'open') await engine.voidInvoice(ctx.tx, ctx.account, invoice, ctx.now);
        ctx.failAfterCommit(new AppError('payment_failed', { message }));
        return null;
      }
      await settlePayment(ctx.tx, input.payment_intent, { status: 'succeeded' });
      await markInvoicePaid(ctx.tx, invoice.id, { amountPaid: invoice.amountDue, paidAt: ctx.now });
      await engine.mailInvoice(ctx.tx, ctx.account, 'invoicePaid', invoice, ctx.now);
      await onSession.applyPaid(ctx, pending, invoice, ctx.now);
      return { message: 'Payment received', notice: PAYMENT_RECEIVED, status: 'succeeded' as const, already_confirmed: false, invoice: await toInvoice(ctx.tx, await readInvoice(ctx.tx, invoice.id)) };
    });
  };

  return { confirmPayment };
};

export type ThreeDSecureService = ReturnType<typeof createThreeDSecureService>;
