import { type Exec, num, numOrNull } from '../../../db/rows';
import { type InvoiceRecord, toInvoiceRecord } from '../repositories/invoices.repository';

// ECPay periodic agreements, their charges and the back office's ECPay invoice orders (migration 960). The only
// Knex caller of those tables besides the sandbox's own store (sandbox-ecpay.ts).

export type AgreementStatus = 'pending' | 'active' | 'cancel_requested' | 'canceled' | 'failed';

export type AgreementRecord = {
  id: number;
  tradeNo: string;
  merchantId: number | null;
  subscriptionId: number | null;
  packageId: number;
  amount: number;
  currency: string;
  periodType: 'M' | 'Y';
  frequency: number;
  execTimes: number;
  status: AgreementStatus;
  firstChargedAt: number | null;
  lagSeconds: number;
  cancelReason: string | null;
};

const toAgreement = (row: Record<string, unknown>): AgreementRecord => ({
  id: num(row.id),
  tradeNo: String(row.merchant_trade_no),
  merchantId: numOrNull(row.merchant_id),
  subscriptionId: numOrNull(row.subscription_id),
  packageId: num(row.package_id),
  amount: num(row.amount),
  currency: String(row.currency),
  periodType: row.period_type as 'M' | 'Y',
  frequency: num(row.frequency),
  execTimes: num(row.exec_times),
  status: row.status as AgreementStatus,
  firstChargedAt: numOrNull(row.first_charged_at),
  lagSeconds: num(row.lag_seconds),
  cancelReason: (row.cancel_reason as string | null) ?? null,
});

export const insertAgreement = async (
  exec: Exec,
  input: { tradeNo: string; merchantId: number | null; subscriptionId: number | null; packageId: number; amount: number; currency: string; periodType: 'M' | 'Y'; frequency: number; execTimes: number; now: number },
): Promise<void> => {
  await exec('ecpay_agreements').insert({
    merchant_trade_no: input.tradeNo,
    merchant_id: input.merchantId,
    subscription_id: input.subscriptionId,
    package_id: input.packageId,
    amount: input.amount,
    currency: input.currency,
    period_type: input.periodType,
    frequency: input.frequency,
    exec_times: input.execTimes,
    status: 'pending',
    created_at: input.now,
  });
};

export const agreementByTradeNo = async (exec: Exec, tradeNo: string): Promise<AgreementRecord | null> => {
  const row = await exec('ecpay_agreements').where({ merchant_trade_no: tradeNo }).first();
  return row ? toAgreement(row) : null;
};

/** The agreement paying for a subscription now (at most one is active per subscription). */
export const activeAgreementOf = async (exec: Exec, subscriptionId: number): Promise<AgreementRecord | null> => {
  const row = await exec('ecpay_agreements').where({ subscription_id: subscriptionId, status: 'active' }).orderBy('id', 'desc').first();
  return row ? toAgreement(row) : null;
};


/** Merchants holding an agreement in one of `statuses` (the scheduler's sweep). */

export const activateAgreement = async (exec: Exec, id: number, input: { merchantId: number; subscriptionId: number; gatewayTradeNo: string | null; firstChargedAt: number; lagSeconds: number; now: number }): Promise<void> => {
  await exec('ecpay_agreements').where({ id }).update({
    merchant_id: input.merchantId,
    subscription_id: input.subscriptionId,
    gateway_trade_no: input.gatewayTradeNo,
    first_charged_at: input.firstChargedAt,
    lag_seconds: Math.max(0, input.lagSeconds),
    status: 'active',
    activated_at: input.now,
  });
};

/** Intent first: the agreement is marked to cancel (committed) before ECPay is asked. */
export const requestAgreementCancel = async (exec: Exec, id: number, reason: string, now: number): Promise<boolean> =>
  (await exec('ecpay_agreements').where({ id, status: 'active' }).update({ status: 'cancel_requested', cancel_reason: reason, cancel_requested_at: now })) > 0;

export const recordAgreementCancel = async (exec: Exec, id: number, outcome: { ok: true; now: number } | { ok: false; error: string }): Promise<void> => {
  await exec('ecpay_agreements')
    .where({ id, status: 'cancel_requested' })
    .update(outcome.ok ? { status: 'canceled', canceled_at: outcome.now, cancel_error: null } : { cancel_error: outcome.error.slice(0, 255) });
};

export type PeriodChargeInsert = {
  agreementId: number;
  key: string;
  execNo: number | null;
  succeeded: boolean;
  amount: number;
  rtnCode: string;
  rtnMsg: string;
  gwsr: string;
  simulated: boolean;
  invoiceId: string | null;
  now: number;
};

/** False when this notification (same agreement, same key) was recorded before: a redelivery. */
export const insertPeriodCharge = async (exec: Exec, charge: PeriodChargeInsert): Promise<boolean> => {
  const inserted = await exec('ecpay_period_charges')
    .insert({
      agreement_id: charge.agreementId,
      notification_key: charge.key,
      exec_no: charge.execNo,
      succeeded: charge.succeeded,
      amount: charge.amount,
      rtn_code: charge.rtnCode.slice(0, 20),
      rtn_msg: charge.rtnMsg.slice(0, 255),
      gwsr: charge.gwsr.slice(0, 40) || null,
      simulated: charge.simulated,
      invoice_id: charge.invoiceId,
      created_at: charge.now,
    })
    .onConflict(['agreement_id', 'notification_key'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
};

/** Succeeded charges not applied to an invoice yet (arrived before the renewal invoice was made), oldest first. */
export const unappliedCharge = async (exec: Exec, agreementId: number): Promise<{ id: number; key: string; gwsr: string | null } | null> => {
  const row = await exec('ecpay_period_charges').where({ agreement_id: agreementId, succeeded: true }).whereNull('invoice_id').orderBy('id').first('id', 'notification_key', 'gwsr');
  return row ? { id: num(row.id), key: String(row.notification_key), gwsr: (row.gwsr as string | null) ?? null } : null;
};

export const applyCharge = async (exec: Exec, chargeId: number, invoiceId: string): Promise<void> => {
  await exec('ecpay_period_charges').where({ id: chargeId }).update({ invoice_id: invoiceId });
};

export type InvoiceOrderRecord = {
  tradeNo: string;
  merchantId: number;
  invoiceId: string;
  amount: number;
  currency: string;
  periodic: boolean;
  status: 'pending' | 'paid' | 'failed' | 'paid_elsewhere';
  returnUrl: string;
};

const toInvoiceOrder = (row: Record<string, unknown>): InvoiceOrderRecord => ({
  tradeNo: String(row.trade_no),
  merchantId: num(row.merchant_id),
  invoiceId: String(row.invoice_id),
  amount: num(row.amount),
  currency: String(row.currency),
  periodic: Boolean(row.periodic),
  status: row.status as InvoiceOrderRecord['status'],
  returnUrl: String(row.return_url),
});

export const insertInvoiceOrder = async (exec: Exec, order: Omit<InvoiceOrderRecord, 'status'> & { now: number }): Promise<void> => {
  await exec('ecpay_invoice_orders').insert({
    trade_no: order.tradeNo,
    merchant_id: order.merchantId,
    invoice_id: order.invoiceId,
    amount: order.amount,
    currency: order.currency,
    periodic: order.periodic,
    status: 'pending',
    return_url: order.returnUrl,
    created_at: order.now,
  });
};

export const invoiceOrderByTradeNo = async (exec: Exec, tradeNo: string): Promise<InvoiceOrderRecord | null> => {
  const row = await exec('ecpay_invoice_orders').where({ trade_no: tradeNo }).first();
  return row ? toInvoiceOrder(row) : null;
};

/** Settles a pending order once: false when it was settled before (a redelivered notification). */
export const settleInvoiceOrder = async (exec: Exec, tradeNo: string, status: 'paid' | 'failed' | 'paid_elsewhere', gatewayTradeNo: string, now: number): Promise<boolean> =>
  (await exec('ecpay_invoice_orders').where({ trade_no: tradeNo, status: 'pending' }).update({ status, gateway_trade_no: gatewayTradeNo.slice(0, 40) || null, settled_at: now })) > 0;

/** The oldest open renewal invoice of a subscription for `amount`: what an agreement's charge pays. */
export const openRenewalInvoiceFor = async (exec: Exec, subscriptionId: number, amount: number): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ subscription_id: subscriptionId, status: 'open', billing_reason: 'subscription_cycle', amount_due: amount }).orderBy('seq').first();
  return row ? toInvoiceRecord(row) : null;
};

/**
 * Agreements that must stop: marked to cancel (their ECPay call pending or failed), or active while what they pay
 * for changed: the subscription ended, is set to end (unsubscribed, or a downgrade waits), is on another plan or
 * period, or a card now pays the renewals. One merchant's, or any (at most `limit`).
 */
export const staleAgreements = async (exec: Exec, merchantId: number | undefined, limit: number): Promise<(AgreementRecord & { reason: string })[]> => {
  const query = exec('ecpay_agreements as a')
    .leftJoin('subscriptions as s', 's.id', 'a.subscription_id')
    .leftJoin('billing_accounts as b', 'b.merchant_id', 'a.merchant_id')
    .whereIn('a.status', ['active', 'cancel_requested'])
    .select('a.*', 's.stripe_status as sub_status', 's.ends_at as sub_ends_at', 's.package_id as sub_package_id', 'b.default_payment_method as card')
    .orderBy('a.id')
    .limit(limit);
  if (merchantId !== undefined) query.where('a.merchant_id', merchantId);
  const out: (AgreementRecord & { reason: string })[] = [];
  for (const row of await query) {
    const agreement = toAgreement(row);
    const reason =
      agreement.status === 'cancel_requested'
        ? (agreement.cancelReason ?? 'requested')
        : row.sub_status === null || row.sub_status === undefined
          ? 'subscription_gone'
          : !['active', 'past_due'].includes(String(row.sub_status))
            ? 'subscription_ended'
            : row.sub_ends_at !== null
              ? 'subscription_ending'
              : num(row.sub_package_id) !== agreement.packageId
                ? 'plan_changed'
                : row.card
                  ? 'card_on_file'
                  : null;
    if (reason) out.push({ ...agreement, reason });
  }
  return out;
};

/** The newest invoice of a subscription in `status`. */
export const latestInvoiceOfSubscription = async (exec: Exec, subscriptionId: number, status: 'open' | 'paid'): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ subscription_id: subscriptionId, status }).orderBy('seq', 'desc').first();
  return row ? toInvoiceRecord(row) : null;
};
