import type { LedgerLabel } from '@merchant-hub/domain';
import { ledgerLabelColumns, ledgerLabelOf, unapprovedRefundAmountsSince } from '../../billing';
import { type Exec, num } from './shared';

// ------------------------------------------------------------------------------------------- credit adjustments

export type AdjustmentRecord = {
  id: string;
  merchantId: number;
  requestedBy: number;
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  description: string;
  /** What a description the system wrote is, for the merchant's pages (migration 1040); none for staff-typed text. */
  label?: LedgerLabel | null;
  reason: string;
  status: 'applied' | 'pending_approval' | 'rejected' | 'reversed';
  ledgerEntryId: string | null;
  reversesId: string | null;
  reversedById: string | null;
  /** A free month's credit note (`CN-F<merchant>-<n>`), null for other adjustments. */
  creditNoteNumber?: string | null;
  createdAt: number;
};

const toAdjustment = (row: Record<string, unknown>): AdjustmentRecord => ({
  id: String(row.id),
  merchantId: num(row.merchant_id),
  requestedBy: num(row.requested_by),
  direction: String(row.direction) as 'credit' | 'debit',
  amount: num(row.amount),
  currency: String(row.currency),
  description: String(row.description),
  label: ledgerLabelOf(row) ?? null,
  reason: String(row.reason),
  status: String(row.status) as AdjustmentRecord['status'],
  ledgerEntryId: row.ledger_entry_id ? String(row.ledger_entry_id) : null,
  reversesId: row.reverses_id ? String(row.reverses_id) : null,
  reversedById: row.reversed_by_id ? String(row.reversed_by_id) : null,
  creditNoteNumber: row.credit_note_number ? String(row.credit_note_number) : null,
  createdAt: num(row.created_at),
});

export const insertAdjustment = async (db: Exec, record: Omit<AdjustmentRecord, 'reversedById'>): Promise<void> => {
  await db('staff_credit_adjustments').insert({
    id: record.id,
    merchant_id: record.merchantId,
    requested_by: record.requestedBy,
    direction: record.direction,
    amount: record.amount,
    currency: record.currency,
    description: record.description,
    ...ledgerLabelColumns(record.label),
    reason: record.reason,
    status: record.status,
    ledger_entry_id: record.ledgerEntryId,
    reverses_id: record.reversesId,
    credit_note_number: record.creditNoteNumber ?? null,
    created_at: record.createdAt,
  });
};

/** The number of a merchant's next free-month credit note (read under the merchant's billing lock). */
export const nextCreditNoteNumber = async (db: Exec, merchantId: number): Promise<string> => {
  const row = await db('staff_credit_adjustments').where({ merchant_id: merchantId }).whereNotNull('credit_note_number').count({ n: '*' }).first();
  return `CN-F${merchantId}-${num(row?.n ?? 0) + 1}`;
};

/** How many of a merchant's adjustments wait for approval (a subscription control's preview is stale once this moves). */
export const pendingAdjustmentsOf = async (db: Exec, merchantId: number): Promise<number> => {
  const row = await db('staff_credit_adjustments').where({ merchant_id: merchantId, status: 'pending_approval' }).count({ n: '*' }).first();
  return num(row?.n ?? 0);
};

export const findAdjustment = async (db: Exec, id: string): Promise<AdjustmentRecord | null> => {
  const row = await db('staff_credit_adjustments').where({ id }).first();
  return row ? toAdjustment(row) : null;
};

export const updateAdjustment = async (
  db: Exec,
  id: string,
  changes: { status?: AdjustmentRecord['status']; ledgerEntryId?: string | null; reversedById?: string; decidedBy?: number; decidedAt?: number },
): Promise<void> => {
  await db('staff_credit_adjustments')
    .where({ id })
    .update({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.ledgerEntryId !== undefined ? { ledger_entry_id: changes.ledgerEntryId } : {}),
      ...(changes.reversedById ? { reversed_by_id: changes.reversedById } : {}),
      ...(changes.decidedBy ? { decided_by: changes.decidedBy, decided_at: changes.decidedAt } : {}),
    });
};

/** How many adjustments wait for a decision that `staffId` may take (their own requests need someone else). */
export const countPendingApprovals = async (db: Exec, staffId: number): Promise<number> => {
  const row = await db('staff_credit_adjustments').where({ status: 'pending_approval' }).whereNot({ requested_by: staffId }).count({ n: '*' }).first();
  return num(row?.n ?? 0);
};

export const listApprovals = async (db: Exec, status: 'pending' | 'approved' | 'rejected') => {
  const stored = status === 'pending' ? ['pending_approval'] : status === 'rejected' ? ['rejected'] : ['applied', 'reversed'];
  const query = db('staff_credit_adjustments as a')
    .join('merchants as m', 'm.id', 'a.merchant_id')
    .join('users as u', 'u.id', 'a.requested_by')
    .whereIn('a.status', stored)
    .orderBy('a.created_at', 'desc')
    .limit(200)
    .select('a.*', 'm.owner_user_id', 'm.name as merchant_name', 'u.email as requester_email');
  if (status === 'approved') query.whereNotNull('a.decided_by');
  return (await query).map((row) => ({
    id: String(row.id),
    merchant: { user_id: num(row.owner_user_id), name: String(row.merchant_name) },
    requested_by: { id: num(row.requested_by), email: String(row.requester_email) },
    amount_minor: num(row.amount),
    currency: String(row.currency),
    direction: String(row.direction) as 'credit' | 'debit',
    description: String(row.description),
    reason: String(row.reason),
    created_at: num(row.created_at),
  }));
};

/** The newest ledger entry of a merchant: a preview is stale once another entry lands after it. */
export const lastLedgerSeq = async (db: Exec, merchantId: number): Promise<number> => {
  const row = await db('balance_transactions').where({ merchant_id: merchantId }).max({ seq: 'seq' }).first();
  return num(row?.seq ?? 0);
};

export const ledgerEntryIdAfter = async (db: Exec, merchantId: number): Promise<string | null> => {
  const row = await db('balance_transactions').where({ merchant_id: merchantId }).orderBy('seq', 'desc').first('id');
  return row ? String(row.id) : null;
};


/**
 * What one staff member moved for one merchant since `since` without a second person (the four-eyes running
 * total): their adjustments applied on their own word, reversed ones included, reversals of them not, and
 * their refunds sent to the gateway on their own word.
 */
export const unapprovedAmountsSince = async (db: Exec, staffId: number, merchantId: number, since: number): Promise<number[]> => [
  ...(
    await db('staff_credit_adjustments')
      .where({ requested_by: staffId, merchant_id: merchantId })
      .whereIn('status', ['applied', 'reversed'])
      .whereNull('decided_by')
      .whereNull('reverses_id')
      .where('created_at', '>=', since)
      .select('amount')
  ).map((row) => num(row.amount)),
  // Refunds move money too: one running total per staff member and merchant (issue 25 item 7).
  ...(await unapprovedRefundAmountsSince(db, staffId, merchantId, since)),
];
