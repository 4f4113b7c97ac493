import { exceedsChargeCeiling, invoiceAmounts, type CouponTerms } from '@merchant-hub/money';
import type { ChargeLineLabel } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { dbClient } from '../../../db/knex';
import { newId, updateFromValues } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import type { BillingAccount } from '../repositories/billing-accounts.repository';
import { type InvoiceRecord, toInvoiceRecord } from '../repositories/invoices.repository';

/** `label`: what the line is, for a page to word in its own language (not stored; the invoice keeps `description`). */
export type DraftLine = { description: string; label?: ChargeLineLabel; amount: number; quantity?: number; proration?: boolean; periodStart: number; periodEnd: number };

/** What the engine's createInvoice is asked to bill. */
export type InvoiceInput = {
  subscriptionId: number | null;
  lines: DraftLine[];
  coupon?: { terms: CouponTerms; code: string } | null;
  taxPercent: number;
  taxLabel: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collectionMethod?: 'charge_automatically' | 'send_invoice';
  applyBalance?: boolean;
  paymentIntentId?: string | null;
  now: number;
};

/** An invoice worked out but not yet written; `total` < 0 or `applied` > 0 also move the credit balance. */
export type InvoiceDraft = { row: Record<string, unknown> & { id: string }; lines: Record<string, unknown>[]; record: InvoiceRecord; total: number; applied: number };

const invoiceNumber = (seq: number): string => `MH-${String(seq).padStart(6, '0')}`;

/**
 * An invoice as {@link createInvoice} writes it, worked out without a statement: totals (credit balance applied
 * first), its row and its lines. Its number and seq are drawn when it is inserted ({@link insertInvoices}).
 */
export const draftInvoice = (account: BillingAccount, input: InvoiceInput): InvoiceDraft => {
  const startingBalance = account.balance;
  const totals = invoiceAmounts({ lines: input.lines, coupon: input.coupon?.terms ?? null, taxPercent: input.taxPercent, currency: account.currency, balance: startingBalance, applyBalance: input.applyBalance });
  // Every charge starts as an invoice: no amount past the currency's ceiling is ever written or charged.
  if (exceedsChargeCeiling(totals.total, account.currency)) throw new AppError('amount_too_large', { details: { currency: account.currency } });
  const amountDue = totals.amountDue;
  const id = newId('in');
  const row = {
    id,
    number: id,
    merchant_id: account.merchantId,
    subscription_id: input.subscriptionId,
    status: amountDue === 0 ? 'paid' : 'open',
    currency: account.currency,
    subtotal: totals.subtotal,
    discount: totals.discount,
    tax: totals.tax,
    tax_percent: input.taxPercent,
    tax_label: input.taxLabel,
    rounding_amount: totals.rounding,
    total: totals.total,
    starting_balance: startingBalance,
    applied_balance: totals.appliedBalance,
    amount_due: amountDue,
    amount_paid: 0,
    collection_method: input.collectionMethod ?? 'charge_automatically',
    billing_reason: input.billingReason,
    coupon_code: input.coupon?.code ?? null,
    period_start: Math.min(...input.lines.map((l) => l.periodStart)),
    period_end: Math.max(...input.lines.map((l) => l.periodEnd)),
    payment_intent_id: input.paymentIntentId ?? null,
    created_at: input.now,
    finalized_at: input.now,
    paid_at: amountDue === 0 ? input.now : null,
    attempt_count: 0,
  };
  const lines = input.lines.map((line) => ({
    invoice_id: id,
    description: line.description,
    label: line.label ? JSON.stringify(line.label) : null,
    amount: line.amount,
    quantity: line.quantity ?? 1,
    proration: line.proration ?? false,
    period_start: line.periodStart,
    period_end: line.periodEnd,
  }));
  // What will be written, as a read would return it (no second read of the same row); seq and number follow.
  return { row, lines, record: toInvoiceRecord({ ...row, seq: 0, voided_at: null }), total: totals.total, applied: totals.appliedBalance };
};

/** Fills in a draft's seq and the number made from it. */
const numberDraft = (draft: InvoiceDraft, seq: number): void => {
  draft.record.seq = seq;
  draft.record.number = invoiceNumber(seq);
  draft.row.number = draft.record.number;
};

/**
 * Inserts drafted invoices, numbered from their seq, and their lines: three statements however many there
 * are (the renewal engine's batches). Fills in each draft's `record.seq` and `record.number`. PostgreSQL draws
 * the seqs from the column's sequence first, so each row is written once with its number; SQLite (no
 * sequence to draw from) inserts, then numbers the rows from the seqs it gave them.
 */
export const insertInvoices = async (tx: Knex.Transaction, drafts: InvoiceDraft[]): Promise<void> => {
  if (drafts.length === 0) return;
  if (dbClient(tx as unknown as Knex) === 'postgres') {
    const drawn = (await tx.raw(`select nextval(pg_get_serial_sequence('invoices', 'seq')) as seq from generate_series(1, ?)`, [drafts.length])) as { rows: { seq: string }[] };
    drafts.forEach((draft, i) => numberDraft(draft, Number(drawn.rows[i].seq)));
    await tx('invoices').insert(drafts.map((d) => ({ ...d.row, seq: d.record.seq })));
  } else {
    const inserted = (await tx('invoices').insert(drafts.map((d) => d.row)).returning(['id', 'seq'])) as { id: string; seq: number }[];
    const seqs = new Map(inserted.map((r) => [String(r.id), Number(r.seq)]));
    for (const draft of drafts) numberDraft(draft, seqs.get(draft.row.id) as number);
    if (drafts.length === 1) await tx('invoices').where({ id: drafts[0].row.id }).update({ number: drafts[0].record.number });
    else await updateFromValues(tx, 'invoices', [['id', 'text'], ['number', 'text']], drafts.map((d) => [d.row.id, d.record.number]));
  }
  await tx('invoice_lines').insert(drafts.flatMap((d) => d.lines));
};
