import type { Knex } from 'knex';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { addMonthsUtc } from '../engine/periods';
import type { BillingAccount } from '../repositories/billing-accounts.repository';
import { type InvoiceRecord, markInvoicePaid } from '../repositories/invoices.repository';
import { latestOpenInvoiceOf } from '../repositories/renewals.repository';
import type { SubscriptionRecord } from '../repositories/subscriptions.repository';
import { updateSubscriptions } from '../repositories/subscriptions.repository';
import { activeAgreementOf, type AgreementRecord, applyCharge, requestAgreementCancel, unappliedCharge } from './agreements.repository';

const HOUR = 3600;
/**
 * How long after the moment an agreement's charge is due the scheduler waits for ECPay's PeriodReturnURL
 * notification before the subscription goes past due (dunning then runs as for a refused card). ECPay authorises
 * periodic charges in a daily batch on the agreement's day, and notifies some time after: a day covers it.
 */
export const ECPAY_PERIOD_GRACE_SECONDS = 24 * HOUR;

/** When ECPay charges an agreement for the period that starts at `periodStart`: its own day (the first charge's lag kept). */
export const chargeDueAt = (agreement: Pick<AgreementRecord, 'lagSeconds'>, periodStart: number): number => periodStart + agreement.lagSeconds;

/** The n-th charge (n ≥ 1 after the first) of an agreement whose first charge was at `first`. */
export const nthChargeAt = (agreement: Pick<AgreementRecord, 'periodType' | 'frequency'>, first: number, n: number): number =>
  addMonthsUtc(first, (agreement.periodType === 'Y' ? 12 : 1) * agreement.frequency * n);

/**
 * An invoice paid by an ECPay payment (a periodic charge, or an order from the back office): the payment row
 * (its idempotency key unique, so the same ECPay payment is recorded once), the invoice paid, the receipt queued,
 * and its subscription active again with dunning reset.
 */
export const recordEcpayPayment = async (
  engine: Engine,
  tx: Knex.Transaction,
  account: BillingAccount,
  invoice: InvoiceRecord,
  payment: { id: string; key: string; now: number },
): Promise<void> => {
  await tx('payments').insert({
    id: payment.id,
    merchant_id: account.merchantId,
    invoice_id: invoice.id,
    payment_method_id: null,
    method_type: 'ecpay',
    amount: invoice.amountDue,
    currency: invoice.currency,
    status: 'succeeded',
    idempotency_key: payment.key,
    created_at: payment.now,
  });
  await markInvoicePaid(tx, invoice.id, { amountPaid: invoice.amountDue, paidAt: payment.now, attemptCount: invoice.attemptCount + 1 });
  await engine.mailInvoice(tx, account, 'invoicePaid', invoice, payment.now);
  if (invoice.subscriptionId !== null) {
    await updateSubscriptions(tx, invoice.subscriptionId, { status: 'active', dunningAttempts: 0, nextRetryAt: null, updatedAt: payment.now }, { unlessCanceled: true });
  }
};

/** The payment id and idempotency key of an agreement's charge (its n-th success, or its Gwsr). */
export const periodPaymentIds = (agreement: Pick<AgreementRecord, 'tradeNo'>, chargeKey: string, gwsr: string | null) => ({
  id: `ecpay_${agreement.tradeNo}_${gwsr || chargeKey}`.slice(0, 64),
  key: `ecpay_period:${agreement.tradeNo}:${chargeKey}`,
});

/** The agreement that will pay the renewal of `sub`, if any (only a plan has one). */
export const agreementForRenewal = async (ctx: MerchantTx, sub: SubscriptionRecord): Promise<AgreementRecord | null> =>
  sub.name === 'default' ? activeAgreementOf(ctx.tx, sub.id) : null;

/**
 * The scheduler's step for a renewal invoice of a subscription an ECPay agreement pays (called instead of
 * charging a card, which such a merchant has not given). An invoice for another amount than the agreement's (the
 * price changed) marks the agreement to cancel and is owed as any other. A charge ECPay already reported is applied at once;
 * otherwise the subscription stays active and the scheduler looks again when the grace after the agreement's
 * charge day ends (`next_retry_at` on an active subscription). Returns false when no agreement pays it.
 */
export const renewThroughAgreement = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, agreement: AgreementRecord, invoice: InvoiceRecord, start: number): Promise<boolean> => {
  if (invoice.amountDue !== agreement.amount || invoice.currency !== agreement.currency) {
    await requestAgreementCancel(ctx.tx, agreement.id, 'amount_changed', ctx.now);
    return false;
  }
  const charge = await unappliedCharge(ctx.tx, agreement.id);
  if (charge) {
    await applyCharge(ctx.tx, charge.id, invoice.id);
    await recordEcpayPayment(engine, ctx.tx, ctx.account, invoice, { ...periodPaymentIds(agreement, charge.key, charge.gwsr), now: start });
    return true;
  }
  await updateSubscriptions(ctx.tx, sub.id, { nextRetryAt: chargeDueAt(agreement, start) + ECPAY_PERIOD_GRACE_SECONDS, updatedAt: ctx.now });
  return true;
};

/**
 * The grace for an agreement's charge ended (an active subscription with `next_retry_at`): still unpaid → past due
 * and dunning (the merchant is told and can pay through ECPay), paid meanwhile → nothing more to wait for.
 */
export const agreementGraceEnded = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord): Promise<boolean> => {
  const at = sub.nextRetryAt as number;
  const invoice = await latestOpenInvoiceOf(ctx.tx, sub.id);
  if (!invoice || invoice.amountDue <= 0) {
    await updateSubscriptions(ctx.tx, sub.id, { nextRetryAt: null, updatedAt: ctx.now });
    return false;
  }
  await engine.startDunning(ctx.tx, ctx.account, sub, invoice, at);
  return true;
};
