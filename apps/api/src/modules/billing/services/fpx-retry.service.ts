import type { FpxBankCode, LateSubscribeFpxOutput, RetryPaymentFpxIntentOutput } from '@merchant-hub/validation';
import { newId } from '../../../db/rows';
import { bankChoiceRequired, GatewayError } from '../../../gateways/port';
import { AppError, validationError } from '../../../http/errors';
import type { Engine } from '../engine/billing.engine';
import { findInvoice, markInvoicePaid, openInvoiceOf, readInvoice, toInvoice } from '../repositories/invoices.repository';
import { insertFpxPayment, paymentRecorded } from '../repositories/payments.repository';
import { retryableSubscription, updateSubscriptions } from '../repositories/subscriptions.repository';
import type { Actor } from './billing-state';
import type { PaymentMethodsService } from './payment-methods.service';

const PURPOSE = 'retry_payment';

/**
 * A past-due subscription's open invoice paid at the bank (FPX, Malaysian ringgit only): the redirect, then the
 * confirmation after it, which pays that invoice once and makes the subscription active again.
 */
export const createFpxRetryService = (engine: Engine, parts: { paymentMethods: PaymentMethodsService }) => {
  const { gateway } = engine.deps;

  const retryPaymentFpxIntent = async (actor: Actor, input: RetryPaymentFpxIntentOutput & { bank?: FpxBankCode; returnUrl: string }) =>
    engine.withMerchant(actor, async (ctx) => {
      if (ctx.account.currency !== 'MYR') throw new AppError('package_unavailable', { message: 'FPX is available in Malaysia only' });
      if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
      const sub = await retryableSubscription(ctx.tx, actor.merchantId, input.type);
      const invoice = sub ? await openInvoiceOf(ctx.tx, sub.id) : null;
      if (!sub || !invoice || invoice.amountDue <= 0) throw new AppError('invoice_already_paid');
      const customer = await parts.paymentMethods.ensureCustomer(ctx);
      let redirect;
      try {
        redirect = await gateway.createBankRedirect(
          {
            customer,
            amount: invoice.amountDue,
            currency: invoice.currency,
            bank: input.bank,
            returnUrl: input.returnUrl,
            idempotencyKey: newId('fpx'),
            metadata: { merchant_id: String(actor.merchantId), invoice_id: invoice.id, subscription_id: String(sub.id), purpose: PURPOSE },
          },
          ctx.tx,
        );
      } catch (error) {
        if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message });
        throw error;
      }
      return { payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount: invoice.amountDue, currency: invoice.currency };
    });

  const retryPaymentFpx = async (actor: Actor, input: LateSubscribeFpxOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      const payment = await gateway.retrievePayment(input.payment_intent_id, ctx.tx);
      if (!payment || payment.metadata.merchant_id !== String(actor.merchantId) || payment.metadata.purpose !== PURPOSE) throw new AppError('not_found', { message: 'Payment not found' });
      if (await paymentRecorded(ctx.tx, payment.id)) return { message: 'Payment received', invoice: null, already_confirmed: true };
      if (payment.status !== 'succeeded') throw new AppError('fpx_payment_failed');
      const invoice = await findInvoice(ctx.tx, payment.metadata.invoice_id ?? '');
      if (!invoice || invoice.merchantId !== actor.merchantId) throw new AppError('not_found', { message: 'Payment not found' });
      // Paid meanwhile by card or by an automatic retry: the bank payment is not applied twice.
      if (invoice.status !== 'open') throw new AppError('invoice_already_paid');
      if (invoice.amountDue !== payment.amount || invoice.currency !== payment.currency) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the invoice' });
      await markInvoicePaid(ctx.tx, invoice.id, { amountPaid: payment.amount, paidAt: ctx.now, attemptCount: invoice.attemptCount + 1 });
      await engine.mailInvoice(ctx.tx, ctx.account, 'invoicePaid', invoice, ctx.now);
      await insertFpxPayment(ctx.tx, payment, { merchantId: actor.merchantId, invoiceId: invoice.id, now: ctx.now });
      if (invoice.subscriptionId !== null) await updateSubscriptions(ctx.tx, invoice.subscriptionId, { status: 'active', dunningAttempts: 0, nextRetryAt: null, updatedAt: ctx.now });
      return { message: 'Payment received', invoice: await toInvoice(ctx.tx, await readInvoice(ctx.tx, invoice.id)), already_confirmed: false };
    });

  return { retryPaymentFpxIntent, retryPaymentFpx };
};

export type FpxRetryService = ReturnType<typeof createFpxRetryService>;
