import type { Exec } from '../../../db/rows';

/**
 * A merchant's billing state as plain values (subscriptions with their dunning and billing day, balance, newest ledger entry, invoices): a staff
 * preview token fingerprints it, and any payment, renewal or change makes it differ.
 */
export const accountStateOf = async (exec: Exec, merchantId: number): Promise<unknown[]> => {
  const [subscriptions, account, ledger, invoices, open] = await Promise.all([
    exec('subscriptions').where({ merchant_id: merchantId }).orderBy('id').select('id', 'stripe_status', 'package_id', 'quantity', 'ends_at', 'current_period_end', 'trial_ends_at', 'next_retry_at', 'billing_cycle_anchor'),
    exec('billing_accounts').where({ merchant_id: merchantId }).first('balance'),
    exec('balance_transactions').where({ merchant_id: merchantId }).max({ seq: 'seq' }).first(),
    exec('invoices').where({ merchant_id: merchantId }).count({ n: '*' }).max({ seq: 'seq' }).first(),
    exec('invoices').where({ merchant_id: merchantId, status: 'open' }).count({ n: '*' }).first(),
  ]);
  return [
    subscriptions.map((s) => [Number(s.id), String(s.stripe_status), Number(s.package_id), Number(s.quantity ?? 1), s.ends_at === null ? null : Number(s.ends_at), Number(s.current_period_end ?? 0), Number(s.trial_ends_at ?? 0), Number(s.next_retry_at ?? 0), Number(s.billing_cycle_anchor ?? 0)]),
    Number(account?.balance ?? 0),
    Number(ledger?.seq ?? 0),
    Number(invoices?.n ?? 0),
    Number(invoices?.seq ?? 0),
    Number(open?.n ?? 0),
  ];
};
