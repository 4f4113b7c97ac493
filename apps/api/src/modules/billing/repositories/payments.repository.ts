import type { CurrencyCode } from '@merchant-hub/domain';
import type { Exec } from '../../../db/rows';

// Payments as recorded here (the gateway keeps its own), and on-session payments waiting for 3-D Secure.

export type PaymentInsert = {
  id: string;
  merchantId: number;
  invoiceId: string;
  paymentMethodId: string | null;
  methodType: 'card' | 'fpx';
  amount: number;
  currency: CurrencyCode;
  status: string;
  idempotencyKey: string;
  now: number;
};

export const insertPayment = async (exec: Exec, payment: PaymentInsert): Promise<void> => {
  await exec('payments').insert({
    id: payment.id,
    merchant_id: payment.merchantId,
    invoice_id: payment.invoiceId,
    payment_method_id: payment.paymentMethodId,
    method_type: payment.methodType,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    idempotency_key: payment.idempotencyKey,
    created_at: payment.now,
  });
};

export const paymentFailureMessage = async (exec: Exec, id: string): Promise<string | undefined> => {
  const row = await exec('payments').where({ id }).first('failure_message');
  return row?.failure_message ?? undefined;
};

export const settlePayment = async (exec: Exec, id: string, outcome: { status: 'succeeded' } | { status: 'failed'; failureCode: string; failureMessage: string }): Promise<void> => {
  await exec('payments')
    .where({ id })
    .update(outcome.status === 'succeeded' ? { status: 'succeeded', failure_code: null, failure_message: null } : { status: 'failed', failure_code: outcome.failureCode, failure_message: outcome.failureMessage });
};

export type AuthenticationRecord = {
  paymentIntentId: string;
  invoiceId: string;
  purpose: string;
  details: unknown;
  status: 'requires_action' | 'succeeded' | 'failed';
};

const toAuthentication = (row: Record<string, unknown>): AuthenticationRecord => ({
  paymentIntentId: String(row.payment_intent_id),
  invoiceId: String(row.invoice_id),
  purpose: String(row.purpose),
  details: JSON.parse(String(row.details)),
  status: row.status as AuthenticationRecord['status'],
});

/** The merchant's newest payment still waiting for the customer at the issuer's page. */
export const waitingAuthentication = async (exec: Exec, merchantId: number): Promise<AuthenticationRecord | null> => {
  const row = await exec('payment_authentications').where({ merchant_id: merchantId, status: 'requires_action' }).orderBy('created_at', 'desc').first();
  return row ? toAuthentication(row) : null;
};

export const findAuthentication = async (exec: Exec, merchantId: number, paymentIntentId: string): Promise<AuthenticationRecord | null> => {
  const row = await exec('payment_authentications').where({ payment_intent_id: paymentIntentId, merchant_id: merchantId }).first();
  return row ? toAuthentication(row) : null;
};

export const insertAuthentication = async (exec: Exec, entry: { paymentIntentId: string; merchantId: number; invoiceId: string; purpose: string; details: unknown; now: number }): Promise<void> => {
  await exec('payment_authentications').insert({
    payment_intent_id: entry.paymentIntentId,
    merchant_id: entry.merchantId,
    invoice_id: entry.invoiceId,
    purpose: entry.purpose,
    details: JSON.stringify(entry.details),
    status: 'requires_action',
    created_at: entry.now,
  });
};

/** Moves a waiting authentication to its outcome once; a second call changes nothing. */
export const resolveAuthentication = async (exec: Exec, paymentIntentId: string, status: 'succeeded' | 'failed', now: number): Promise<void> => {
  await exec('payment_authentications').where({ payment_intent_id: paymentIntentId, status: 'requires_action' }).update({ status, resolved_at: now });
};

/** Whether a gateway payment is already recorded (a bank redirect confirmed twice pays once). */
export const paymentRecorded = async (exec: Exec, id: string): Promise<boolean> => Boolean(await exec('payments').where({ id }).first('id'));

/** A succeeded FPX bank payment, recorded against the invoice it paid. */
export const insertFpxPayment = (
  exec: Exec,
  payment: { id: string; payment_method: string | null; amount: number; currency: CurrencyCode },
  to: { merchantId: number; invoiceId: string; now: number },
): Promise<void> => insertReportedPayment(exec, { ...payment, method_type: 'fpx' }, { ...to, status: 'succeeded' });

/** The last charge recorded for an invoice: which card it used and why it failed (null: none yet). */
export const lastChargeOf = async (exec: Exec, invoiceId: string): Promise<{ paymentMethodId: string | null; status: string; failureCode: string | null } | null> => {
  const row = await exec('payments').where({ invoice_id: invoiceId }).orderBy('created_at', 'desc').orderBy('idempotency_key', 'desc').first('payment_method_id', 'status', 'failure_code');
  return row ? { paymentMethodId: row.payment_method_id ?? null, status: String(row.status), failureCode: row.failure_code ?? null } : null;
};

/** The state a payment was recorded in (succeeded, refund_pending, refunded, …), or null when it never was. */
export const recordedPayment = async (exec: Exec, id: string): Promise<string | null> => {
  const row = await exec('payments').where({ id }).first('status');
  return row ? String(row.status) : null;
};

/** A payment the gateway reported (a bank retry, a card charge seen by webhook), recorded against its invoice. */
export const insertReportedPayment = (
  exec: Exec,
  payment: { id: string; payment_method: string | null; method_type: 'card' | 'fpx'; amount: number; currency: CurrencyCode },
  to: { merchantId: number; invoiceId: string; status: 'succeeded' | 'refund_pending'; now: number },
): Promise<void> =>
  insertPayment(exec, {
    id: payment.id,
    merchantId: to.merchantId,
    invoiceId: to.invoiceId,
    paymentMethodId: payment.payment_method,
    methodType: payment.method_type,
    amount: payment.amount,
    currency: payment.currency,
    status: to.status,
    idempotencyKey: `${payment.method_type}:${payment.id}`,
    now: to.now,
  });

/** The on-session charge of `invoiceId` whose intent is recorded and whose answer is not yet (issue 25 item 6). */
export const pendingChargeOf = async (exec: Exec, invoiceId: string): Promise<{ id: string; createdAt: number } | null> => {
  const row = await exec('payments').where({ invoice_id: invoiceId, status: 'pending' }).first('id', 'created_at');
  return row ? { id: String(row.id), createdAt: Number(row.created_at) } : null;
};

/**
 * Removes a pending charge's row and what it was for (its answer is recorded, or its charge is asked again under
 * the same idempotency key). False when it was gone already (someone else recorded the answer).
 */
export const dropPendingCharge = async (exec: Exec, id: string): Promise<boolean> => {
  const removed = await exec('payments').where({ id, status: 'pending' }).delete();
  await exec('charge_intents').where({ payment_id: id }).delete();
  return removed > 0;
};

/** What an on-session charge whose intent is recorded pays for (migration 990), beside its pending payments row. */
export const insertChargeIntent = async (exec: Exec, intent: { paymentId: string; merchantId: number; invoiceId: string; purpose: string; details: unknown; now: number }): Promise<void> => {
  await exec('charge_intents').insert({
    payment_id: intent.paymentId,
    merchant_id: intent.merchantId,
    invoice_id: intent.invoiceId,
    purpose: intent.purpose,
    details: JSON.stringify(intent.details),
    created_at: intent.now,
  });
};

/** A merchant's on-session charge under way (its intent committed, its answer not yet recorded), if any. */
export const chargeInFlight = async (exec: Exec, merchantId: number): Promise<{ id: string; invoiceId: string; createdAt: number } | null> => {
  const row = await exec('payments').where({ merchant_id: merchantId, status: 'pending' }).orderBy('created_at', 'desc').first('id', 'invoice_id', 'created_at');
  return row ? { id: String(row.id), invoiceId: String(row.invoice_id), createdAt: Number(row.created_at) } : null;
};

/** Whether the charge made under `idempotencyKey` is still pending (its answer not recorded yet). */
export const pendingChargeByKey = async (exec: Exec, idempotencyKey: string): Promise<boolean> =>
  Boolean(await exec('payments').where({ idempotency_key: idempotencyKey, status: 'pending' }).first('id'));

/** Those of `merchantIds` with an on-session charge under way (a pending payments row). */
export const merchantsChargingOnSession = async (exec: Exec, merchantIds: number[]): Promise<Set<number>> => {
  if (merchantIds.length === 0) return new Set();
  const rows = await exec('payments').whereIn('merchant_id', merchantIds).where({ status: 'pending' }).distinct('merchant_id');
  return new Set(rows.map((row: { merchant_id: number | string }) => Number(row.merchant_id)));
};

/** A pending charge as the recovery pass reads it back: its row, what it pays for (null: recorded before migration 990). */
export type PendingChargeRecord = {
  id: string;
  merchantId: number;
  invoiceId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  createdAt: number;
  purpose: { purpose: string; details: unknown } | null;
};

/** Every card charge whose intent is recorded and whose answer is not (oldest first, at most `limit`). */
export const pendingCharges = async (exec: Exec, limit: number, merchantId?: number): Promise<PendingChargeRecord[]> => {
  const rows = await exec('payments as p')
    .leftJoin('charge_intents as c', 'c.payment_id', 'p.id')
    .where({ 'p.status': 'pending', 'p.method_type': 'card' })
    .modify((q) => {
      if (merchantId !== undefined) q.where('p.merchant_id', merchantId);
    })
    .orderBy('p.created_at')
    .limit(limit)
    .select('p.id', 'p.merchant_id', 'p.invoice_id', 'p.payment_method_id', 'p.idempotency_key', 'p.created_at', 'c.purpose', 'c.details');
  return rows.map((row: Record<string, unknown>) => ({
    id: String(row.id),
    merchantId: Number(row.merchant_id),
    invoiceId: String(row.invoice_id),
    paymentMethodId: String(row.payment_method_id),
    idempotencyKey: String(row.idempotency_key),
    createdAt: Number(row.created_at),
    purpose: row.purpose ? { purpose: String(row.purpose), details: JSON.parse(String(row.details)) } : null,
  }));
};
