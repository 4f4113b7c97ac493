import { type Exec, num } from '../../../db/rows';
import { type InvoiceRecord, toInvoiceRecord } from './invoices.repository';
import { type SubscriptionRecord, toSubscriptionRecord } from './subscriptions.repository';

// What staff subscription controls read (issue 27 capability 3): the invoices they void or reopen, what a period
// was paid, the plan dunning ended, and whether a charge is under way. The only Knex caller for these reads.

/** Open invoices of the given subscriptions, oldest first. */
export const openInvoicesOf = async (exec: Exec, subscriptionIds: number[]): Promise<InvoiceRecord[]> =>
  subscriptionIds.length === 0 ? [] : (await exec('invoices').whereIn('subscription_id', subscriptionIds).where({ status: 'open' }).orderBy('seq')).map(toInvoiceRecord);

/** Uncollectible invoices of a subscription (what dunning gave up on), oldest first. */
export const uncollectibleInvoicesOf = async (exec: Exec, subscriptionId: number): Promise<InvoiceRecord[]> =>
  (await exec('invoices').where({ subscription_id: subscriptionId, status: 'uncollectible' }).orderBy('seq')).map(toInvoiceRecord);

/**
 * What was paid for the period ending at `periodEnd` by the paid invoices of these subscriptions whose own period
 * ends with it: each one's subtotal and discount (before tax), and the refunds made of them.
 */
export const paidForPeriod = async (exec: Exec, subscriptionIds: number[], periodEnd: number): Promise<{ subtotals: number[]; discounts: number[]; refunded: number[] }> => {
  if (subscriptionIds.length === 0) return { subtotals: [], discounts: [], refunded: [] };
  const invoices = await exec('invoices').whereIn('subscription_id', subscriptionIds).where({ status: 'paid', period_end: periodEnd }).select('id', 'subtotal', 'discount');
  const refunds = invoices.length === 0 ? [] : await exec('invoice_refunds').whereIn('invoice_id', invoices.map((row) => String(row.id))).whereIn('status', ['succeeded', 'processing', 'pending_approval']).select('amount');
  return { subtotals: invoices.map((row) => num(row.subtotal)), discounts: invoices.map((row) => num(row.discount)), refunded: refunds.map((row) => num(row.amount)) };
};

/** The merchant's newest plan (`default`, not a scheduled change) that is cancelled, and add-ons that ended at the same moment. */
export const lastEndedPlan = async (exec: Exec, merchantId: number): Promise<{ plan: SubscriptionRecord; addOns: SubscriptionRecord[] } | null> => {
  const row = await exec('subscriptions').where({ merchant_id: merchantId, name: 'default' }).whereNot({ stripe_status: 'trialing' }).orderBy('id', 'desc').first();
  if (!row) return null;
  const plan = toSubscriptionRecord(row);
  if (plan.status !== 'canceled' || plan.canceledAt === null) return null;
  const addOns = (await exec('subscriptions').where({ merchant_id: merchantId, name: 'multistore', stripe_status: 'canceled', canceled_at: plan.canceledAt })).map(toSubscriptionRecord);
  return { plan, addOns };
};

/**
 * Whether a payment of this merchant is under way: a charge whose intent is recorded and whose answer is not, a
 * card payment waiting for the bank's 3-D Secure page, or an ECPay payment page opened in the last `windowSeconds`.
 */
export const chargeInFlight = async (exec: Exec, merchantId: number, since: number): Promise<boolean> => {
  const [pending, authentication, ecpay] = await Promise.all([
    exec('payments').where({ merchant_id: merchantId, status: 'pending' }).first('id'),
    exec('payment_authentications').where({ merchant_id: merchantId, status: 'requires_action' }).first('payment_intent_id'),
    exec('ecpay_invoice_orders').where({ merchant_id: merchantId, status: 'pending' }).where('created_at', '>=', since).first('trade_no'),
  ]);
  return Boolean(pending || authentication || ecpay);
};

/** Opens uncollectible invoices again (a plan reinstated owes them once more). */
export const reopenInvoices = async (exec: Exec, invoiceIds: string[]): Promise<void> => {
  if (invoiceIds.length > 0) await exec('invoices').whereIn('id', invoiceIds).where({ status: 'uncollectible' }).update({ status: 'open' });
};
