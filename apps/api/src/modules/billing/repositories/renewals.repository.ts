import type { Knex } from 'knex';
import { dbClient } from '../../../db/knex';
import { type Exec, updateFromValues } from '../../../db/rows';
import { type InvoiceRecord, toInvoiceRecord } from './invoices.repository';
import { LIVE_STATUSES, type SubscriptionRecord, toSubscriptionRecord } from './subscriptions.repository';

// The billing scheduler's statements (scheduler/): which merchants have something due, the batch's locks and
// reads, and the writes of renewals, expiries and dunning. Times are unix seconds.

/** Subscriptions (joined to their merchant's sandbox clock) with an event due: a period end, an end date, a dunning retry. */
const whereDue = (query: Knex.QueryBuilder, db: Exec, globalNow: number): Knex.QueryBuilder => {
  const dueAt = (column: string) => db.raw(`?? <= ? + coalesce(sandbox_clocks.offset_seconds, 0)`, [column, globalNow]);
  return query.where((q) => {
    q.where((a) => a.where('subscriptions.stripe_status', 'active').andWhere(dueAt('subscriptions.current_period_end')))
      .orWhere((a) => a.where('subscriptions.stripe_status', 'active').whereNotNull('subscriptions.ends_at').andWhere(dueAt('subscriptions.ends_at')))
      .orWhere((a) => a.where('subscriptions.stripe_status', 'past_due').whereNotNull('subscriptions.next_retry_at').andWhere(dueAt('subscriptions.next_retry_at')))
      // An active plan waiting for an ECPay agreement's charge: its grace ends then.
      .orWhere((a) => a.where('subscriptions.stripe_status', 'active').whereNotNull('subscriptions.next_retry_at').andWhere(dueAt('subscriptions.next_retry_at')));
  });
};

const merchantIdOf = (row: { merchant_id: unknown }): number => Number(row.merchant_id);

/**
 * Merchants with something due (a period end, an end date, a dunning retry), by id: at most `limit`. Each
 * merchant's own sandbox clock counts.
 */
export const dueMerchantIds = async (db: Exec, globalNow: number, options: { limit?: number; merchantId?: number }): Promise<number[]> => {
  const query = whereDue(db('subscriptions').leftJoin('sandbox_clocks', 'sandbox_clocks.merchant_id', 'subscriptions.merchant_id'), db, globalNow)
    .distinct('subscriptions.merchant_id')
    .orderBy('subscriptions.merchant_id');
  if (options.merchantId !== undefined) query.andWhere('subscriptions.merchant_id', options.merchantId);
  if (options.limit !== undefined) query.limit(options.limit);
  return (await query).map(merchantIdOf);
};

/**
 * The billing accounts among `ids` whose merchant has something due, in merchant order. PostgreSQL would turn the
 * EXISTS into a join that first reads every due subscription (a batch's cost grew with all the work due, not with
 * the batch); OFFSET 0 keeps it a lookup per account, by index. (Knex leaves a plain 0 out but writes a raw one;
 * its types list numbers only.)
 */
const dueAccounts = (exec: Exec, ids: number[], globalNow: number): Knex.QueryBuilder => {
  const due = whereDue(exec('subscriptions').leftJoin('sandbox_clocks', 'sandbox_clocks.merchant_id', 'subscriptions.merchant_id'), exec, globalNow)
    .whereRaw('?? = ??', ['subscriptions.merchant_id', 'billing_accounts.merchant_id'])
    .select(exec.raw('1'));
  if (dbClient(exec as Knex) === 'postgres') due.offset(exec.raw('0') as unknown as number);
  return exec('billing_accounts').whereIn('billing_accounts.merchant_id', ids).whereExists(due).orderBy('billing_accounts.merchant_id').select('billing_accounts.merchant_id');
};

/** Those of `ids` (merchants with a billing account) that still have something due. */
export const stillDueMerchantIds = async (db: Exec, ids: number[], globalNow: number): Promise<number[]> => (await dueAccounts(db, ids, globalNow)).map(merchantIdOf);

/**
 * Locks the billing accounts of `ids` for this transaction (PostgreSQL; SQLite has one writer already) and
 * returns the ids it holds. `claim` (the scheduler's batches): only merchants that still have something due,
 * skipping any another instance or a request holds, so two instances that read the same due list leapfrog
 * each other's batches instead of queueing behind them or reading what the other already renewed.
 */
export const lockBillingAccounts = async (tx: Knex.Transaction, ids: number[], claim: { globalNow: number; limit?: number } | null): Promise<number[]> => {
  const query = claim ? dueAccounts(tx, ids, claim.globalNow) : tx('billing_accounts').whereIn('billing_accounts.merchant_id', ids).orderBy('billing_accounts.merchant_id').select('billing_accounts.merchant_id');
  // PostgreSQL counts only the rows it locked towards the limit (the locked ones are skipped first).
  if (claim?.limit !== undefined) query.limit(claim.limit);
  if (dbClient(tx as unknown as Knex) === 'postgres') {
    query.forUpdate('billing_accounts');
    if (claim) query.skipLocked();
  }
  return (await query).map(merchantIdOf);
};

/** Those of `ids` that have a billing account. */
export const merchantsWithAccount = async (exec: Exec, ids: number[]): Promise<Set<number>> =>
  new Set((await exec('billing_accounts').whereIn('merchant_id', ids).select('merchant_id')).map(merchantIdOf));

/** The sandbox clock offsets (seconds) of those of `ids` that have one. */
export const clockOffsets = async (exec: Exec, ids: number[]): Promise<Map<number, number>> =>
  new Map((await exec('sandbox_clocks').whereIn('merchant_id', ids).select('merchant_id', 'offset_seconds')).map((row) => [Number(row.merchant_id), Number(row.offset_seconds)]));

/** The live subscriptions (active, trialing, past due) of the merchants `ids`, each merchant's by id. */
export const liveSubscriptionsByMerchant = async (exec: Exec, ids: number[]): Promise<Map<number, SubscriptionRecord[]>> => {
  const subs = new Map<number, SubscriptionRecord[]>();
  for (const row of await exec('subscriptions').whereIn('merchant_id', ids).whereIn('stripe_status', [...LIVE_STATUSES]).orderBy('id')) {
    const sub = toSubscriptionRecord(row);
    subs.set(sub.merchantId, [...(subs.get(sub.merchantId) ?? []), sub]);
  }
  return subs;
};

/** Moves each renewed subscription to its new period and price, in one statement. */
export const writeRenewedPeriods = async (tx: Knex.Transaction, renewed: { sub: SubscriptionRecord; now: number }[]): Promise<void> => {
  await updateFromValues(
    tx,
    'subscriptions',
    [
      ['id', 'integer'],
      ['current_period_start', 'bigint'],
      ['current_period_end', 'bigint'],
      ['unit_amount', 'bigint'],
      ['updated_at', 'bigint'],
    ],
    renewed.map(({ sub, now }) => [sub.id, sub.periodStart, sub.periodEnd, sub.unitAmount, now]),
  );
};

/**
 * Open renewal invoices never charged (attempt 0) of active subscriptions, for the period they are in, oldest
 * first, at most `limit`; one merchant's when `merchantId` is given.
 */
export const unchargedRenewalInvoices = async (db: Exec, limit: number, merchantId?: number): Promise<InvoiceRecord[]> => {
  const query = db('invoices')
    .join('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .where({ 'invoices.status': 'open', 'invoices.attempt_count': 0, 'invoices.billing_reason': 'subscription_cycle', 'invoices.collection_method': 'charge_automatically', 'subscriptions.stripe_status': 'active' })
    .whereRaw('?? = ??', ['subscriptions.current_period_start', 'invoices.period_start'])
    .where('invoices.amount_due', '>', 0)
    .select('invoices.*')
    .orderBy('invoices.seq')
    .limit(limit);
  if (merchantId !== undefined) query.andWhere('invoices.merchant_id', merchantId);
  return (await query).map(toInvoiceRecord);
};

export const invoicesByIds = async (exec: Exec, ids: string[]): Promise<Map<string, InvoiceRecord>> =>
  new Map((await exec('invoices').whereIn('id', ids)).map((row) => [String(row.id), toInvoiceRecord(row)]));

export const subscriptionsByIds = async (exec: Exec, ids: number[]): Promise<Map<number, SubscriptionRecord>> =>
  new Map((await exec('subscriptions').whereIn('id', ids)).map((row) => [Number(row.id), toSubscriptionRecord(row)]));

/** The newest open invoice of a subscription (the one dunning retries). */
export const latestOpenInvoiceOf = async (exec: Exec, subscriptionId: number): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ subscription_id: subscriptionId, status: 'open' }).orderBy('seq', 'desc').first();
  return row ? toInvoiceRecord(row) : null;
};

/** Ends a subscription at `at` (its own end date if it had one), retries off. */
export const endSubscription = async (exec: Exec, sub: SubscriptionRecord, at: number, now: number): Promise<void> => {
  await exec('subscriptions').where({ id: sub.id }).update({ stripe_status: 'canceled', canceled_at: at, ends_at: sub.endsAt ?? at, next_retry_at: null, updated_at: now });
};

/** A paid (or nothing left to pay) past-due subscription is active again, its dunning reset. */
export const reactivateSubscription = async (exec: Exec, subscriptionId: number, now: number): Promise<void> => {
  await exec('subscriptions').where({ id: subscriptionId }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: now });
};

/** The next dunning retry, after `attempts` failed ones. */
export const scheduleDunningRetry = async (exec: Exec, subscriptionId: number, attempts: number, nextRetryAt: number, now: number): Promise<void> => {
  await exec('subscriptions').where({ id: subscriptionId }).update({ dunning_attempts: attempts, next_retry_at: nextRetryAt, updated_at: now });
};

export const markInvoiceUncollectible = async (exec: Exec, invoiceId: string): Promise<void> => {
  await exec('invoices').where({ id: invoiceId }).update({ status: 'uncollectible' });
};

/** A merchant's add-ons still alive (active or past due). */
export const liveAddOnsOf = async (exec: Exec, merchantId: number): Promise<SubscriptionRecord[]> =>
  (await exec('subscriptions').where({ merchant_id: merchantId, name: 'multistore' }).whereIn('stripe_status', ['active', 'past_due'])).map(toSubscriptionRecord);

/** A trialing plan (a downgrade) whose trial ended starts its first period. */
export const startPendingPlan = async (exec: Exec, subscriptionId: number, period: { start: number; end: number; unitAmount: number }, now: number): Promise<void> => {
  await exec('subscriptions').where({ id: subscriptionId }).update({ stripe_status: 'active', current_period_start: period.start, current_period_end: period.end, billing_cycle_anchor: period.start, unit_amount: period.unitAmount, updated_at: now });
};

/** A subscription moves to its next period, billed at `unitAmount`. */
export const moveToPeriod = async (exec: Exec, subscriptionId: number, period: { start: number; end: number; unitAmount: number }, now: number): Promise<void> => {
  await exec('subscriptions').where({ id: subscriptionId }).update({ current_period_start: period.start, current_period_end: period.end, unit_amount: period.unitAmount, updated_at: now });
};

/** Moves a merchant's sandbox clock `seconds` forward (its first move creates it). */
export const shiftSandboxClock = async (exec: Exec, merchantId: number, seconds: number): Promise<void> => {
  await exec('sandbox_clocks').insert({ merchant_id: merchantId, offset_seconds: 0 }).onConflict('merchant_id').ignore();
  await exec('sandbox_clocks').where({ merchant_id: merchantId }).increment('offset_seconds', seconds);
};
