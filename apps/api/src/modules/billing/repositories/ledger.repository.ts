import type { BalanceTransaction, CurrencyCode } from '@merchant-hub/domain';
import { type Exec, num } from '../../../db/rows';

export const toBalanceTransaction = (row: Record<string, unknown>): BalanceTransaction & { invoice: string | null } => ({
  id: String(row.id),
  type: String(row.type),
  description: (row.description as string | null) ?? null,
  amount: num(row.amount),
  currency: row.currency as CurrencyCode,
  ending_balance: num(row.ending_balance),
  created: num(row.created_at),
  invoice: (row.invoice_id as string | null) ?? null,
});

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
