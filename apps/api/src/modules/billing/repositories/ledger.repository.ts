import { type BalanceTransaction, type CurrencyCode, LEDGER_LABEL_KEYS, type LedgerLabel, type LedgerLabelKey } from '@merchant-hub/domain';
import { type Exec, num } from '../../../db/rows';

/** The stored columns of a ledger entry's label (balance_transactions, staff_credit_adjustments; migration 1040). */
export const ledgerLabelColumns = (label: LedgerLabel | null | undefined): { description_key: string | null; description_params: string | null } =>
  label ? { description_key: label.key, description_params: JSON.stringify(label.params) } : { description_key: null, description_params: null };

/** A stored label back, or undefined for a row without one (written before, or staff-typed) or of a key this build does not know. */
export const ledgerLabelOf = (row: Record<string, unknown>): LedgerLabel | undefined => {
  const key = row.description_key as string | null | undefined;
  if (!key || !(LEDGER_LABEL_KEYS as readonly string[]).includes(key)) return undefined;
  try {
    const params = JSON.parse(String(row.description_params ?? '{}')) as LedgerLabel['params'];
    return { key: key as LedgerLabelKey, params: params && typeof params === 'object' ? params : {} };
  } catch {
    return undefined;
  }
};

export const toBalanceTransaction = (row: Record<string, unknown>): BalanceTransaction & { invoice: string | null } => {
  const label = ledgerLabelOf(row);
  return {
  id: String(row.id),
  type: String(row.type),
  description: (row.description as string | null) ?? null,
  ...(label ? { label } : {}),
  amount: num(row.amount),
  currency: row.currency as CurrencyCode,
  ending_balance: num(row.ending_balance),
  created: num(row.created_at),
  invoice: (row.invoice_id as string | null) ?? null,
  };
};

export type LedgerRow = BalanceTransaction & { invoice: string | null; seq: number };

const toLedgerRow = (row: Record<string, unknown>): LedgerRow => ({ ...toBalanceTransaction(row), seq: num(row.seq) });

/** Where a merchant's ledger entry stands (the paging cursor), or null when it is not theirs. */
export const ledgerSeq = async (exec: Exec, merchantId: number, id: string): Promise<number | null> => {
  const row = await exec('balance_transactions').where({ id, merchant_id: merchantId }).first('seq');
  return row ? num(row.seq) : null;
};

/** Entries older than `beforeSeq` (all when null), newest first. */
export const olderEntries = async (exec: Exec, merchantId: number, beforeSeq: number | null, limit: number): Promise<LedgerRow[]> => {
  const query = exec('balance_transactions').where({ merchant_id: merchantId }).orderBy('seq', 'desc').limit(limit);
  if (beforeSeq !== null) query.where('seq', '<', beforeSeq);
  return (await query).map(toLedgerRow);
};

/** The entries just newer than `afterSeq`, oldest first. */
export const newerEntries = async (exec: Exec, merchantId: number, afterSeq: number, limit: number): Promise<LedgerRow[]> =>
  (await exec('balance_transactions').where({ merchant_id: merchantId }).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit)).map(toLedgerRow);

export const hasEntryBefore = async (exec: Exec, merchantId: number, seq: number): Promise<boolean> =>
  Boolean(await exec('balance_transactions').where({ merchant_id: merchantId }).where('seq', '<', seq).first('seq'));

export const hasEntryAfter = async (exec: Exec, merchantId: number, seq: number): Promise<boolean> =>
  Boolean(await exec('balance_transactions').where({ merchant_id: merchantId }).where('seq', '>', seq).first('seq'));
