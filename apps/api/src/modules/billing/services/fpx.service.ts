import type { Market } from '@merchant-hub/domain';
import { invoiceTotals } from '@merchant-hub/money';
import type { FpxBankCode, LateSubscribeFpxOutput } from '@merchant-hub/validation';
import { newId } from '../../../db/rows';
import { bankChoiceRequired, declineDetails, GatewayError } from '../../../gateways/port';
import { AppError, validationError } from '../../../http/errors';
import { type CatalogPackage, findPackage } from '../../packages';
import type { Engine } from '../engine/billing.engine';
import { nextPeriodEnd } from '../engine/periods';
import { setPaymentType } from '../repositories/billing-accounts.repository';
import { invoiceOfPayment, markInvoicePaid, readInvoice, toInvoice } from '../repositories/invoices.repository';
import { insertFpxPayment } from '../repositories/payments.repository';
import { type Actor, billingState, purchasable } from './billing-state';
import type { PaymentMethodsService } from './payment-methods.service';
import type { PlanActivation } from './plan-activation';

const FPX_MARKETS: readonly Market[] = ['MY'];

/** Late subscribe by FPX (Malaysian online banking): the bank redirect, then the confirmation after it. */
export const createFpxService = (engine: Engine, parts: { paymentMethods: PaymentMethodsService; activation: PlanActivation }) => {
  const { gateway } = engine.deps;

  /**
   * POST late-subscribe/fpx/create-intent: checked in the merchant's transaction, the bank redirect asked of the
   * gateway after it commits (no gateway call inside a transaction), then the request's own entry written.
   */
  const lateSubscribeFpxIntent = async (actor: Actor, input: { packageId: number; bank?: FpxBankCode; returnUrl: string }) => {
    const checked = await engine.withMerchant(actor.merchantId, async (ctx) => {
      const pkg = await purchasable(ctx.tx, ctx.account, input.packageId, actor.isStaff);
      if (!FPX_MARKETS.includes(ctx.account.market)) throw new AppError('package_unavailable', { message: 'FPX is available in Malaysia only' });
      if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
      const st = await billingState(ctx.tx, actor.merchantId);
      if (st.current) throw new AppError('already_subscribed');
      const periodEnd = nextPeriodEnd(ctx.now, pkg.billing_period, ctx.now);
      // FPX pays the whole first invoice at the bank; credit stays on the account for the next one.
      const totals = invoiceTotals({ lines: [engine.planLine(pkg, ctx.now, periodEnd)], coupon: null, taxPercent: pkg.tax, currency: ctx.account.currency });
      return { pkg, amount: totals.total, currency: ctx.account.currency };
    });
    if (!checked) throw new AppError('not_found');
    const { pkg, amount, currency } = checked;
    let redirect;
    try {
      redirect = await gateway.createBankRedirect({
        customer: await parts.paymentMethods.customerFor(actor.merchantId),
        amount,
        currency,
        bank: input.bank,
        returnUrl: input.returnUrl,
        idempotencyKey: newId('fpx'),
        metadata: { merchant_id: String(actor.merchantId), package_id: String(pkg.id), purpose: 'late_subscribe' },
      });
    } catch (error) {
      // The bank refused to start (offline, maintenance): the modal shows the provider's words.
      if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message, details: declineDetails(error.code) });
      throw error;
    }
    const stripeIntent = { id: redirect.payment.id, client_secret: redirect.client_secret, amount, currency, redirect_url: redirect.redirect_url };
    const answer = { stripeIntent, payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount };
    return (await engine.withMerchant(actor, async () => answer)) ?? answer;
  };

  const lateSubscribeFpx = async (actor: Actor, input: LateSubscribeFpxOutput) => {
    // Read from the gateway before the merchant's transaction opens (no gateway call inside one).
    const payment = await gateway.retrievePayment(input.payment_intent_id);
    return engine.withMerchant(actor, async (ctx) => {
      if (!payment || payment.metadata.merchant_id !== String(actor.merchantId) || payment.metadata.purpose !== 'late_subscribe') throw new AppError('not_found', { message: 'Payment not found' });
      if (await invoiceOfPayment(ctx.tx, payment.id)) return { message: 'Welcome to Merchant Hub!', notice: { kind: 'welcome' as const }, invoice: null, already_confirmed: true };
      if (payment.status !== 'succeeded') throw new AppError('fpx_payment_failed');
      const st = await billingState(ctx.tx, actor.merchantId);
      if (st.current) throw new AppError('already_subscribed');
      const pkg = (await findPackage(ctx.tx, Number(payment.metadata.package_id))) as CatalogPackage;
      const invoice = await parts.activation.firstPlanInvoice(ctx, pkg, { applyBalance: false, paymentIntentId: payment.id });
      if (invoice.total !== payment.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
      const sub = await engine.insertSubscription(ctx.tx, { merchantId: actor.merchantId, name: 'default', status: 'active', pkg, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, now: ctx.now });
      await markInvoicePaid(ctx.tx, invoice.id, { subscriptionId: sub.id, amountPaid: payment.amount, paidAt: ctx.now, attemptCount: 1 });
      await engine.mailInvoice(ctx.tx, ctx.account, 'invoicePaid', invoice, ctx.now);
      await insertFpxPayment(ctx.tx, payment, { merchantId: actor.merchantId, invoiceId: invoice.id, now: ctx.now });
      await setPaymentType(ctx.tx, actor.merchantId, 'fpx', ctx.now);
      return { message: 'Welcome to Merchant Hub!', notice: { kind: 'welcome' as const }, invoice: await toInvoice(ctx.tx, await readInvoice(ctx.tx, invoice.id)), already_confirmed: false };
    });
  };

  return { lateSubscribeFpxIntent, lateSubscribeFpx };
};

export type FpxService = ReturnType<typeof createFpxService>;
