import type { FpxBankCode, LateSubscribeFpxOutput, RetryPaymentFpxIntentOutput } from '@merchant-hub/validation';
import { newId } from '../../../db/rows';
import { bankChoiceRequired, declineDetails, GatewayError, type GatewayPayment } from '../../../gateways/port';
import { recordGatewayNotice } from '../../gateway-notices';
import { AppError, validationError } from '../../../http/errors';
import type { Engine } from '../engine/billing.engine';
import { findInvoice, markInvoicePaid, openInvoiceOf, readInvoice, toInvoice } from '../repositories/invoices.repository';
import { insertReportedPayment, pendingChargeByKey, recordedPayment } from '../repositories/payments.repository';
import { retryableSubscription, updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, PAYMENT_RECEIVED } from './billing-state';
import type { PaymentMethodsService } from './payment-methods.service';

const PURPOSE = 'retry_payment';

/**
 * A past-due subscription's open invoice paid at the bank (FPX, Malaysian ringgit only): the redirect, then the
 * confirmation after it, which pays that invoice once and makes the subscription active again.
 */
export const createFpxRetryService = (engine: Engine, parts: { paymentMethods: PaymentMethodsService }) => {
  const { gateway } = engine.deps;

  /**
   * POST retry-payment/fpx/create-intent: the open invoice found in the merchant's transaction, the bank redirect
   * asked of the gateway after it commits (no gateway call inside a transaction), then the request's own entry.
   */
  const retryPaymentFpxIntent = async (actor: Actor, input: RetryPaymentFpxIntentOutput & { bank?: FpxBankCode; returnUrl: string }) => {
    const found = await engine.withMerchant(actor.merchantId, async (ctx) => {
      if (ctx.account.currency !== 'MYR') throw new AppError('package_unavailable', { message: 'FPX is available in Malaysia only' });
      if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
      const sub = await retryableSubscription(ctx.tx, actor.merchantId, input.type);
      const invoice = sub ? await openInvoiceOf(ctx.tx, sub.id) : null;
      if (!sub || !invoice || invoice.amountDue <= 0) throw new AppError('invoice_already_paid');
      return { sub, invoice };
    });
    if (!found) throw new AppError('not_found');
    const { sub, invoice } = found;
    let redirect;
    try {
      redirect = await gateway.createBankRedirect({
        customer: await parts.paymentMethods.customerFor(actor.merchantId),
        amount: invoice.amountDue,
        currency: invoice.currency,
        bank: input.bank,
        returnUrl: input.returnUrl,
        idempotencyKey: newId('fpx'),
        metadata: { merchant_id: String(actor.merchantId), invoice_id: invoice.id, subscription_id: String(sub.id), purpose: PURPOSE },
      });
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message, details: declineDetails(error.code) });
      throw error;
    }
    const answer = { payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount: invoice.amountDue, currency: invoice.currency };
    return (await engine.withMerchant(actor, async () => answer)) ?? answer;
  };

  /**
   * A succeeded payment the gateway reports for one of our invoices (metadata `invoice_id` or `invoice` and
   * `merchant_id`: a bank retry, any card charge), by webhook or by the customer's return: recorded against its
   * invoice exactly once (the payment's id is the row's key, so a redelivered event or a second return changes
   * nothing), the invoice paid and its subscription active again. A payment for an invoice that is no longer
   * open (paid meanwhile by an automatic retry, voided) is money taken twice: it is refunded in full, after the
   * commit (no gateway call inside a transaction; a failed refund call leaves the row `refund_pending` and the
   * webhook answers 500, so Stripe's redelivery asks again under the same key), and shown to staff as a gateway
   * notice and on the merchant's timeline.
   */
  const recordReportedPayment = async (payment: GatewayPayment): Promise<'recorded' | 'already' | 'refunded' | 'mismatch' | 'ignored'> => {
    const merchantId = Number(payment.metadata.merchant_id);
    const invoiceId = payment.metadata.invoice_id ?? payment.metadata.invoice;
    if (!Number.isInteger(merchantId) || merchantId <= 0 || !invoiceId || payment.status !== 'succeeded') return 'ignored';
    const found = await engine.withMerchant(merchantId, async (ctx) => {
      const invoice = await findInvoice(ctx.tx, invoiceId);
      if (!invoice || invoice.merchantId !== merchantId) return { outcome: 'ignored' as const, invoice: null };
      const recorded = await recordedPayment(ctx.tx, payment.id);
      if (recorded === 'succeeded') return { outcome: 'already' as const, invoice };
      if (recorded === 'refunded') return { outcome: 'refunded' as const, invoice };
      if (recorded === 'refund_pending') return { outcome: 'refund' as const, invoice };
      // Another state (a card charge waiting for 3-D Secure) is settled by its own confirmation.
      if (recorded !== null) return { outcome: 'ignored' as const, invoice };
      // A card charge whose intent is still pending (its request, or the recovery pass, records it): recording it
      // here first would make that request see the invoice paid meanwhile and refund a good payment.
      if (payment.metadata.charge_key && (await pendingChargeByKey(ctx.tx, payment.metadata.charge_key))) return { outcome: 'ignored' as const, invoice };
      if (invoice.status === 'open') {
        if (invoice.amountDue !== payment.amount || invoice.currency !== payment.currency) return { outcome: 'mismatch' as const, invoice };
        await markInvoicePaid(ctx.tx, invoice.id, { amountPaid: payment.amount, paidAt: ctx.now, attemptCount: invoice.attemptCount + 1 });
        await engine.mailInvoice(ctx.tx, ctx.account, 'invoicePaid', invoice, ctx.now);
        await insertReportedPayment(ctx.tx, payment, { merchantId, invoiceId: invoice.id, status: 'succeeded', now: ctx.now });
        if (invoice.subscriptionId !== null) await updateSubscriptions(ctx.tx, invoice.subscriptionId, { status: 'active', dunningAttempts: 0, nextRetryAt: null, updatedAt: ctx.now });
        return { outcome: 'recorded' as const, invoice };
      }
      await insertReportedPayment(ctx.tx, payment, { merchantId, invoiceId: invoice.id, status: 'refund_pending', now: ctx.now });
      return { outcome: 'refund' as const, invoice };
    });
    if (!found) return 'ignored';
    if (found.outcome !== 'refund') return found.outcome;
    const invoice = found.invoice;
    const refund = await gateway.refund({ paymentRef: payment.id, amountMinor: payment.amount, idempotencyKey: `duplicate:${payment.id}`, reason: 'duplicate', metadata: { invoice_id: invoice.id, merchant_id: String(merchantId) } });
    await engine.withMerchant(merchantId, async (ctx) => {
      const message = `Refunded automatically: invoice ${invoice.number} was already paid`;
      await ctx.tx('payments').where({ id: payment.id, status: 'refund_pending' }).update({ status: 'refunded', failure_code: 'duplicate_payment', failure_message: message });
      await recordGatewayNotice(ctx.tx, {
        gateway: 'stripe',
        kind: 'payment.duplicate_refunded',
        dedupeKey: `duplicate:${payment.id}`,
        reason: 'duplicate',
        reference: payment.id,
        merchantId,
        invoiceId: invoice.id,
        amountMinor: payment.amount,
        currency: payment.currency,
        details: { refund: refund.id, invoice_number: invoice.number, refund_status: refund.status },
        at: ctx.now,
      });
    });
    return 'refunded';
  };

  /** POST retry-payment/fpx: back from the bank. The payment is read outside any transaction, then recorded once. */
  const retryPaymentFpx = async (actor: Actor, input: LateSubscribeFpxOutput) => {
    const payment = await gateway.retrievePayment(input.payment_intent_id);
    if (!payment || payment.metadata.merchant_id !== String(actor.merchantId) || payment.metadata.purpose !== PURPOSE) throw new AppError('not_found', { message: 'Payment not found' });
    if (payment.status !== 'succeeded') throw new AppError('fpx_payment_failed');
    const outcome = await recordReportedPayment(payment);
    if (outcome === 'already') return { message: 'Payment received', notice: PAYMENT_RECEIVED, invoice: null, already_confirmed: true };
    // Paid meanwhile by card or by an automatic retry: the bank payment was refunded, not applied twice.
    if (outcome === 'refunded') throw new AppError('invoice_already_paid');
    if (outcome === 'mismatch') throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the invoice' });
    if (outcome === 'ignored') throw new AppError('not_found', { message: 'Payment not found' });
    const invoice = await readInvoice(engine.deps.db, payment.metadata.invoice_id ?? '');
    return { message: 'Payment received', notice: PAYMENT_RECEIVED, invoice: await toInvoice(engine.deps.db, invoice), already_confirmed: false };
  };

  return { retryPaymentFpxIntent, retryPaymentFpx, recordReportedPayment };
};

export type FpxRetryService = ReturnType<typeof createFpxRetryService>;
