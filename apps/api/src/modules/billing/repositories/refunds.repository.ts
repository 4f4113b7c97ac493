import type { CurrencyCode } from '@merchant-hub/domain';
import type { RefundStatus } from '@merchant-hub/validation';
import { type Exec, num, numOrNull } from '../../../db/rows';

// Refunds of invoices and their credit notes (migration 967); the only Knex caller for `invoice_refunds`.

export type RefundMethod = 'card' | 'fpx' | 'ecpay';

export type RefundRecord = {
  id: string;
  invoiceId: string;
  merchantId: number;
  paymentId: string;
  method: RefundMethod;
  amount: number;
  currency: CurrencyCode;
  reason: string;
  source: 'staff' | 'gateway';
  status: RefundStatus;
  requestedBy: number | null;
  decidedBy: number | null;
  idempotencyKey: string;
  gatewayRefundId: string | null;
  failureMessage: string | null;
  creditNoteNumber: string | null;
  createdAt: number;
  completedAt: number | null;
};

const toRefund = (row: Record<string, unknown>): RefundRecord => ({
  id: String(row.id),
  invoiceId: String(row.invoice_id),
  merchantId: num(row.merchant_id),
  paymentId: String(row.payment_id),
  method: row.method as RefundMethod,
  amount: num(row.amount),
  currency: String(row.currency) as CurrencyCode,
  reason: String(row.reason),
  source: row.source as RefundRecord['source'],
  status: row.status as RefundStatus,
  requestedBy: numOrNull(row.requested_by),
  decidedBy: numOrNull(row.decided_by),
  idempotencyKey: String(row.idempotency_key),
  gatewayRefundId: (row.gateway_refund_id as string | null) ?? null,
  failureMessage: (row.failure_message as string | null) ?? null,
  creditNoteNumber: (row.credit_note_number as string | null) ?? null,
  createdAt: num(row.created_at),
  completedAt: numOrNull(row.completed_at),
});

export const insertRefund = async (exec: Exec, refund: RefundRecord): Promise<void> => {
  await exec('invoice_refunds').insert({
    id: refund.id,
    invoice_id: refund.invoiceId,
    merchant_id: refund.merchantId,
    payment_id: refund.paymentId,
    method: refund.method,
    amount: refund.amount,
    currency: refund.currency,
    reason: refund.reason.slice(0, 500),
    source: refund.source,
    status: refund.status,
    requested_by: refund.requestedBy,
    decided_by: refund.decidedBy,
    idempotency_key: refund.idempotencyKey,
    gateway_refund_id: refund.gatewayRefundId,
    failure_message: refund.failureMessage,
    credit_note_number: refund.creditNoteNumber,
    created_at: refund.createdAt,
    completed_at: refund.completedAt,
  });
};

export const findRefund = async (exec: Exec, id: string): Promise<RefundRecord | null> => {
  const row = await exec('invoice_refunds').where({ id }).first();
  return row ? toRefund(row) : null;
};

export const findRefundByGatewayId = async (exec: Exec, gatewayRefundId: string): Promise<RefundRecord | null> => {
  const row = await exec('invoice_refunds').where({ gateway_refund_id: gatewayRefundId }).first();
  return row ? toRefund(row) : null;
};

/** The refunds that hold part of a payment: done, on their way, or waiting for a second staff member. */
export const reservedRefundAmounts = async (exec: Exec, paymentId: string): Promise<number[]> =>
  (await exec('invoice_refunds').where({ payment_id: paymentId }).whereIn('status', ['pending_approval', 'processing', 'succeeded']).select('amount')).map((row) => num(row.amount));

export const succeededRefundAmounts = async (exec: Exec, paymentId: string): Promise<number[]> =>
  (await exec('invoice_refunds').where({ payment_id: paymentId, status: 'succeeded' }).select('amount')).map((row) => num(row.amount));

export const refundsOfInvoice = async (exec: Exec, invoiceId: string): Promise<RefundRecord[]> =>
  (await exec('invoice_refunds').where({ invoice_id: invoiceId }).orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }])).map(toRefund);

export const refundsByStatus = async (exec: Exec, status: RefundStatus, limit = 100): Promise<RefundRecord[]> =>
  (await exec('invoice_refunds').where({ status }).orderBy('created_at', 'desc').limit(limit)).map(toRefund);

/** The next credit note number of an invoice: `CN-<invoice number>-<n>` (n counts its credit notes). */
export const nextCreditNoteNumber = async (exec: Exec, invoiceId: string, invoiceNumber: string): Promise<string> => {
  const done = num((await exec('invoice_refunds').where({ invoice_id: invoiceId }).whereNotNull('credit_note_number').count({ n: '*' }).first())?.n ?? 0);
  return `CN-${invoiceNumber}-${done + 1}`;
};

export const updateRefund = async (
  exec: Exec,
  id: string,
  change: Partial<{ status: RefundStatus; decidedBy: number; decidedAt: number; gatewayRefundId: string; failureMessage: string | null; creditNoteNumber: string; completedAt: number }>,
  whenStatus?: RefundStatus,
): Promise<boolean> => {
  const values: Record<string, unknown> = {};
  if (change.status !== undefined) values.status = change.status;
  if (change.decidedBy !== undefined) values.decided_by = change.decidedBy;
  if (change.decidedAt !== undefined) values.decided_at = change.decidedAt;
  if (change.gatewayRefundId !== undefined) values.gateway_refund_id = change.gatewayRefundId;
  if (change.failureMessage !== undefined) values.failure_message = change.failureMessage?.slice(0, 255) ?? null;
  if (change.creditNoteNumber !== undefined) values.credit_note_number = change.creditNoteNumber;
  if (change.completedAt !== undefined) values.completed_at = change.completedAt;
  const query = exec('invoice_refunds').where({ id });
  if (whenStatus) query.where({ status: whenStatus });
  return (await query.update(values)) > 0;
};

/** The payment a refund of the invoice gives back: its latest succeeded one. */
export const refundablePaymentOf = async (exec: Exec, invoiceId: string): Promise<{ id: string; methodType: string; amount: number; currency: CurrencyCode } | null> => {
  const row = await exec('payments').where({ invoice_id: invoiceId, status: 'succeeded' }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('id', 'method_type', 'amount', 'currency');
  return row ? { id: String(row.id), methodType: String(row.method_type), amount: num(row.amount), currency: String(row.currency) as CurrencyCode } : null;
};

/** A payment we recorded, by its gateway id, with its invoice (a webhook names the PaymentIntent). */
export const paymentByRef = async (exec: Exec, paymentId: string): Promise<{ id: string; merchantId: number; invoiceId: string | null; methodType: string; amount: number; currency: CurrencyCode } | null> => {
  const row = await exec('payments').where({ id: paymentId }).first('id', 'merchant_id', 'invoice_id', 'method_type', 'amount', 'currency');
  return row ? { id: String(row.id), merchantId: num(row.merchant_id), invoiceId: (row.invoice_id as string | null) ?? null, methodType: String(row.method_type), amount: num(row.amount), currency: String(row.currency) as CurrencyCode } : null;
};

/**
 * What one staff member refunded for one merchant since `since` without a second staff member: the four-eyes
 * rule counts these with the credit adjustments.
 */
export const unapprovedRefundAmountsSince = async (exec: Exec, staffId: number, merchantId: number, since: number): Promise<number[]> =>
  (
    await exec('invoice_refunds')
      .where({ requested_by: staffId, merchant_id: merchantId, source: 'staff' })
      .whereIn('status', ['processing', 'succeeded'])
      .whereNull('decided_by')
      .where('created_at', '>=', since)
      .select('amount')
  ).map((row) => num(row.amount));

/** A merchant's latest paid invoices (newest first), for the console's refunds panel. */
export const paidInvoicesOf = async (exec: Exec, merchantId: number, limit: number): Promise<{ id: string; number: string; currency: CurrencyCode; total: number; paidAt: number | null }[]> =>
  (await exec('invoices').where({ merchant_id: merchantId, status: 'paid' }).orderBy('seq', 'desc').limit(limit).select('id', 'number', 'currency', 'total', 'paid_at')).map((row) => ({
    id: String(row.id),
    number: String(row.number),
    currency: String(row.currency) as CurrencyCode,
    total: num(row.total),
    paidAt: numOrNull(row.paid_at),
  }));
