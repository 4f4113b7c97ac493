import type { GatewayPayment } from '../../../gateways/port';
import { DomainError } from '../../../domain-error';
import type { ChargeIntent, Engine } from '../engine/billing.engine';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { findInvoice, readInvoice } from '../repositories/invoices.repository';
import { dropPendingCharge, type PendingChargeRecord, pendingCharges } from '../repositories/payments.repository';
import type { PendingChange } from './billing-state';
import { type OnSessionPayment, PENDING_CHARGE_STALE_SECONDS } from './on-session-payment';

/** Pending charges looked at per pass (a crash leaves a handful; the next pass takes the rest). */
const RECOVERY_BATCH = 100;

export type RecoveryReport = { recovered: number; released: number; waiting: number };

/**
 * The scheduler's recovery pass for on-session charges (issue 25 item 6). A charge whose intent was committed and
 * whose answer was never recorded (the process died between the two, or neither the provider nor its lookup
 * answered) is read back from the gateway by its idempotency key once it is older than
 * {@link PENDING_CHARGE_STALE_SECONDS} (a younger one may still be under way in another request). The payment
 * found is recorded once, as the request would have (paid: the plan change or add-on applied; refused: voided or
 * left owed); none found means nothing was charged, and the change is undone as after a refusal. A payment that
 * succeeded for an invoice settled meanwhile is refunded. Every gateway call is made with no transaction open.
 */
export const createChargeRecovery = (engine: Engine, parts: { onSession: OnSessionPayment; reportedPayment: (payment: GatewayPayment) => Promise<unknown> }) => {
  const { db, gateway } = engine.deps;
  const { onSession } = parts;

  /** What a charge recorded before its purpose was kept (Retry Payment's, before migration 990) paid for. */
  const purposeOf = (row: PendingChargeRecord, subscriptionId: number | null): PendingChange =>
    (row.purpose ?? { purpose: 'retry', details: { subscription_id: subscriptionId ?? 0 } }) as PendingChange;

  /** Runs in the merchant's transaction; a refusal the request would have answered is of no one's concern now. */
  const inMerchant = async <T>(merchantId: number, fn: Parameters<Engine['withMerchant']>[1]): Promise<T | null> => {
    try {
      return (await engine.withMerchant(merchantId, fn)) as T | null;
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  };

  const recoverOne = async (row: PendingChargeRecord): Promise<keyof RecoveryReport | null> => {
    const account = await readBillingAccount(db, row.merchantId);
    const invoice = await findInvoice(db, row.invoiceId);
    if (!account || !invoice) return null;
    const pending = purposeOf(row, invoice.subscriptionId);
    // Read back outside any transaction; null: the charge was never made.
    const payment = account.gatewayCustomerId ? await gateway.findPaymentByKey({ customer: account.gatewayCustomerId, idempotencyKey: row.idempotencyKey }) : null;
    if (payment?.status === 'processing') return 'waiting';
    if (!payment) {
      await inMerchant(row.merchantId, async (ctx) => {
        if (await dropPendingCharge(ctx.tx, row.id)) await onSession.settleUnpaid(ctx, await readInvoice(ctx.tx, row.invoiceId), pending, null, null);
      });
      return 'released';
    }
    const intent: ChargeIntent = {
      rowId: row.id,
      merchantId: row.merchantId,
      invoiceId: row.invoiceId,
      paymentMethod: row.paymentMethodId,
      attempt: invoice.attemptCount + 1,
      input: { customer: account.gatewayCustomerId as string, paymentMethod: row.paymentMethodId, amount: invoice.amountDue, currency: invoice.currency, idempotencyKey: row.idempotencyKey, description: `Invoice ${invoice.number}`, offSession: false },
      now: row.createdAt,
      // No return URL: nobody is there to authenticate a payment still waiting for 3-D Secure; it counts as refused.
    };
    const charged = { payment, paymentMethod: row.paymentMethodId, idempotencyKey: row.idempotencyKey, attempt: intent.attempt };
    const outcome = await inMerchant<string>(row.merchantId, (ctx) => onSession.recordOutcome(ctx, intent, pending, charged));
    if (outcome === 'paid_meanwhile' && payment.status === 'succeeded') await parts.reportedPayment(payment);
    return 'recovered';
  };

  /** One pass over the pending charges (one merchant's with `merchantId`): what was recorded, released, left waiting. */
  const recoverCharges = async (options: { merchantId?: number } = {}): Promise<RecoveryReport> => {
    const report: RecoveryReport = { recovered: 0, released: 0, waiting: 0 };
    for (const row of await pendingCharges(db, RECOVERY_BATCH, options.merchantId)) {
      if ((await engine.nowFor(db, row.merchantId)) - row.createdAt < PENDING_CHARGE_STALE_SECONDS) continue;
      try {
        const done = await recoverOne(row);
        if (done) report[done] += 1;
      } catch (error) {
        // The provider down, or a bug in one row: the others go on; this one is read back on the next pass.
        engine.deps.logger?.warn({ err: error, payment: row.id, merchantId: row.merchantId }, 'billing: a pending charge could not be recovered; tried again on the next run');
      }
    }
    return report;
  };

  return { recoverCharges };
};

export type ChargeRecovery = ReturnType<typeof createChargeRecovery>;
