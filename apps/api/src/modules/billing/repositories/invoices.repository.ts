import type { ChargeLineWords, CreditNote, CurrencyCode, Invoice, InvoiceDispute, InvoiceLine } from '@merchant-hub/domain';
import { sumMinor } from '@merchant-hub/money';
import { type Exec, num, numOrNull } from '../../../db/rows';

export type InvoiceRecord = {
  seq: number;
  id: string;
  number: string;
  merchantId: number;
  subscriptionId: number | null;
  status: Invoice['status'];
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  taxPercent: number;
  taxLabel: string | null;
  roundingAmount: number;
  total: number;
  startingBalance: number;
  appliedBalance: number;
  amountDue: number;
  amountPaid: number;
  collectionMethod: Invoice['collection_method'];
  billingReason: string;
  couponCode: string | null;
  periodStart: number;
  periodEnd: number;
  attemptCount: number;
  paymentIntentId: string | null;
  createdAt: number;
  paidAt: number | null;
};

export const toInvoiceRecord = (row: Record<string, unknown>): InvoiceRecord => ({
  seq: num(row.seq),
  id: String(row.id),
  number: String(row.number),
  merchantId: num(row.merchant_id),
  subscriptionId: numOrNull(row.subscription_id),
  status: row.status as Invoice['status'],
  currency: row.currency as CurrencyCode,
  subtotal: num(row.subtotal),
  discount: num(row.discount),
  tax: num(row.tax),
  taxPercent: num(row.tax_percent),
  taxLabel: (row.tax_label as string | null) ?? null,
  roundingAmount: num(row.rounding_amount),
  total: num(row.total),
  startingBalance: num(row.starting_balance),
  appliedBalance: num(row.applied_balance),
  amountDue: num(row.amount_due),
  amountPaid: num(row.amount_paid),
  collectionMethod: row.collection_method as Invoice['collection_method'],
  billingReason: String(row.billing_reason),
  couponCode: (row.coupon_code as string | null) ?? null,
  periodStart: num(row.period_start),
  periodEnd: num(row.period_end),
  attemptCount: num(row.attempt_count),
  paymentIntentId: (row.payment_intent_id as string | null) ?? null,
  createdAt: num(row.created_at),
  paidAt: numOrNull(row.paid_at),
});

export const findInvoice = async (exec: Exec, id: string): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ id }).first();
  return row ? toInvoiceRecord(row) : null;
};

export const invoiceLines = async (exec: Exec, invoiceId: string): Promise<InvoiceLine[]> =>
  (await exec('invoice_lines').where({ invoice_id: invoiceId }).orderBy('id')).map((row) => ({
    id: `il_${num(row.id)}`,
    description: String(row.description),
    ...(row.label ? { label: JSON.parse(String(row.label)) as ChargeLineWords } : {}),
    amount: num(row.amount),
    quantity: num(row.quantity),
    proration: Boolean(row.proration),
    period: { start: num(row.period_start), end: num(row.period_end) },
  }));

/**
 * The API's view of an invoice. Its links are paths on whatever origin the browser used (issue 31 #2): built
 * on PUBLIC_URL they led a browser that reached the product through another host to a page without its
 * session there. E-mails, which have no request to follow, put PUBLIC_URL in front themselves.
 */
export const toInvoice = async (exec: Exec, record: InvoiceRecord): Promise<Invoice & Record<string, unknown>> => ({
  id: record.id,
  object: 'invoice',
  number: record.number,
  status: record.status,
  currency: record.currency,
  subtotal: record.subtotal,
  discount: record.discount,
  tax: record.tax,
  tax_percent: record.taxPercent,
  tax_label: record.taxLabel,
  rounding_amount: record.roundingAmount,
  total: record.total,
  amount_paid: record.amountPaid,
  amount_due: record.amountDue,
  starting_balance: record.startingBalance,
  applied_balance: record.appliedBalance,
  collection_method: record.collectionMethod,
  billing_reason: record.billingReason,
  coupon_code: record.couponCode,
  hosted_invoice_url: invoicePagePath(record.id),
  invoice_pdf: `${invoicePagePath(record.id)}.pdf`,
  created: record.createdAt,
  period_start: record.periodStart,
  period_end: record.periodEnd,
  lines: { data: await invoiceLines(exec, record.id) },
  ...(await afterPayment(exec, record.id)),
});

/** The hosted invoice page's path (`.pdf` after it for the PDF). */
export const invoicePagePath = (id: string): string => `/api/invoices/${id}`;

/**
 * What happened to an invoice's payment afterwards: its credit notes (refunds made, by staff or at the
 * gateway) and disputes the gateway reported (issue 25 item 7). Staff reasons stay with staff.
 */
const afterPayment = async (exec: Exec, invoiceId: string): Promise<{ amount_refunded: number; credit_notes: CreditNote[]; disputes: InvoiceDispute[] }> => {
  const [refunds, disputes] = await Promise.all([
    exec('invoice_refunds').where({ invoice_id: invoiceId, status: 'succeeded' }).orderBy([{ column: 'completed_at', order: 'asc' }, { column: 'id', order: 'asc' }]).select('credit_note_number', 'amount', 'currency', 'completed_at', 'source'),
    exec('gateway_notices').where({ invoice_id: invoiceId }).whereIn('kind', ['charge.dispute.created', 'charge.dispute.closed']).orderBy('id', 'asc').select('kind', 'reason', 'amount', 'details', 'received_at'),
  ]);
  const creditNotes: CreditNote[] = refunds.map((row) => ({
    number: String(row.credit_note_number),
    amount: num(row.amount),
    currency: String(row.currency) as CreditNote['currency'],
    created: num(row.completed_at),
    source: row.source === 'gateway' ? 'gateway' : 'staff',
  }));
  // One entry per dispute, as its latest event left it.
  const byId = new Map<string, InvoiceDispute>();
  for (const row of disputes) {
    const details = JSON.parse(String(row.details ?? '{}')) as { dispute_id?: string; status?: string };
    const id = details.dispute_id ?? String(row.received_at);
    byId.set(id, { id, status: String(details.status ?? (row.kind === 'charge.dispute.closed' ? 'closed' : 'needs_response')), reason: (row.reason as string | null) ?? null, amount: numOrNull(row.amount), created: byId.get(id)?.created ?? num(row.received_at) });
  }
  return { amount_refunded: sumMinor(...creditNotes.map((note) => note.amount)), credit_notes: creditNotes, disputes: [...byId.values()] };
};

/** Re-reads an invoice the caller knows exists (after changing it in the same transaction). */
export const readInvoice = async (exec: Exec, id: string): Promise<InvoiceRecord> => toInvoiceRecord(await exec('invoices').where({ id }).first());

/** The latest open invoice of a subscription. */
export const openInvoiceOf = async (exec: Exec, subscriptionId: number): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ subscription_id: subscriptionId, status: 'open' }).orderBy('seq', 'desc').first();
  return row ? toInvoiceRecord(row) : null;
};

export const invoiceOfPayment = async (exec: Exec, paymentIntentId: string): Promise<{ id: string } | null> => {
  const row = await exec('invoices').where({ payment_intent_id: paymentIntentId }).first('id');
  return row ? { id: String(row.id) } : null;
};

export const setInvoiceSubscription = async (exec: Exec, id: string, subscriptionId: number): Promise<void> => {
  await exec('invoices').where({ id }).update({ subscription_id: subscriptionId });
};

/** Paid now; `attemptCount` and `subscriptionId` when this payment also settles those. */
export const markInvoicePaid = async (exec: Exec, id: string, paid: { amountPaid: number; paidAt: number; subscriptionId?: number; attemptCount?: number }): Promise<void> => {
  await exec('invoices')
    .where({ id })
    .update({
      status: 'paid',
      amount_paid: paid.amountPaid,
      paid_at: paid.paidAt,
      ...(paid.subscriptionId !== undefined ? { subscription_id: paid.subscriptionId } : {}),
      ...(paid.attemptCount !== undefined ? { attempt_count: paid.attemptCount } : {}),
    });
};

/** Where a merchant's invoice stands in the history order (the paging cursor), or null when it is not theirs. */
export const invoiceSeq = async (exec: Exec, merchantId: number, id: string): Promise<number | null> => {
  const row = await exec('invoices').where({ id, merchant_id: merchantId }).first('seq');
  return row ? num(row.seq) : null;
};

/** Finalized invoices newest first: a created-at range and/or those before a cursor. */
export const listInvoices = async (exec: Exec, merchantId: number, filter: { createdBetween?: [number, number]; beforeSeq?: number; limit: number }): Promise<InvoiceRecord[]> => {
  const query = exec('invoices').where({ merchant_id: merchantId }).whereNot({ status: 'draft' });
  if (filter.createdBetween) query.whereBetween('created_at', filter.createdBetween);
  if (filter.beforeSeq !== undefined) query.where('seq', '<', filter.beforeSeq);
  return (await query.orderBy('seq', 'desc').limit(filter.limit)).map(toInvoiceRecord);
};
