import type { Knex } from 'knex';
import type { GatewayExec } from '../gateways/port';
import { type BillingAccount, type Charged, DUNNING_RETRY_DAYS, type Engine, ensureBillingAccount, type InvoiceDraft, type InvoiceRecord, type MerchantTx, readBillingAccount, readBillingAccounts, renewalChargeKey, type SubscriptionRecord, toInvoiceRecord, toSubscriptionRecord } from '../modules/billing';
import { dbClient } from '../db/knex';
import { updateFromValues } from '../db/rows';

const DAY = 86_400;
/** Merchants claimed, renewed and committed together: one commit (one WAL sync) per batch, not per renewal. */
export const BATCH_SIZE = 200;

export type RunReport = { merchants: number; renewed: number; downgraded: number; expired: number; retried: number; canceled: number; failed: number; errors: number };

/** A charge an event needs, made after its batch commits: a renewal's first one, or a dunning retry. */
export type DeferredCharge = {
  kind: 'renewal' | 'retry';
  account: BillingAccount;
  invoice: InvoiceRecord;
  subscriptionId: number;
  /** A renewal's: renewalChargeKey(subscription, period start); a retry's comes from the invoice and attempt. */
  idempotencyKey: string | undefined;
  /** The time the answer is recorded at (the period start, or the retry's due time), as before. */
  now: number;
  /** The merchant's own clock when the event ran. */
  merchantNow: number;
};

/**
 * The writes of a batch's plain renewals (see periodEnd in billing-scheduler.ts), made together just before the
 * batch commits: every period moved on in one statement, every invoice and its lines in three.
 */
export type BatchWrites = { renewals: { sub: SubscriptionRecord; now: number; draft: InvoiceDraft }[] };

const writeBatch = async (engine: Engine, tx: Knex.Transaction, writes: BatchWrites): Promise<void> => {
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
    writes.renewals.map(({ sub, now }) => [sub.id, sub.periodStart, sub.periodEnd, sub.unitAmount, now]),
  );
  await engine.insertInvoices(tx, writes.renewals.map((r) => r.draft));
};

export const canCharge = (account: BillingAccount): boolean => account.defaultPaymentMethod !== null && account.gatewayCustomerId !== null;

/**
 * Merchants with something due (a period end, an end date, a dunning retry), by id: at most `limit`. Each
 * merchant's own sandbox clock counts.
 */
export const dueMerchants = async (engine: Engine, options: { limit?: number; merchantId?: number }): Promise<number[]> => {
  const { db } = engine.deps;
  const query = whereDue(db('subscriptions').leftJoin('sandbox_clocks', 'sandbox_clocks.merchant_id', 'subscriptions.merchant_id'), db, globalNowOf(engine))
    .distinct('subscriptions.merchant_id')
    .orderBy('subscriptions.merchant_id');
  if (options.merchantId !== undefined) query.andWhere('subscriptions.merchant_id', options.merchantId);
  if (options.limit !== undefined) query.limit(options.limit);
  return (await query).map((row) => Number(row.merchant_id));
};

/** Those of `ids` (merchants with a billing account: charged ones) that still have something due. */
export const stillDue = async (engine: Engine, ids: number[]): Promise<number[]> => (await dueAccounts(engine.deps.db, ids, globalNowOf(engine))).map(merchantIdOf);

const globalNowOf = (engine: Engine): number => Math.floor(engine.deps.clock.now().getTime() / 1000);

/** Subscriptions (joined to their merchant's sandbox clock) with an event due: a period end, an end date, a dunning retry. */
const whereDue = (query: Knex.QueryBuilder, db: Knex | Knex.Transaction, globalNow: number): Knex.QueryBuilder => {
  const dueAt = (column: string) => db.raw(`?? <= ? + coalesce(sandbox_clocks.offset_seconds, 0)`, [column, globalNow]);
  return query.where((q) => {
    q.where((a) => a.where('subscriptions.stripe_status', 'active').andWhere(dueAt('subscriptions.current_period_end')))
      .orWhere((a) => a.where('subscriptions.stripe_status', 'active').whereNotNull('subscriptions.ends_at').andWhere(dueAt('subscriptions.ends_at')))
      .orWhere((a) => a.where('subscriptions.stripe_status', 'past_due').whereNotNull('subscriptions.next_retry_at').andWhere(dueAt('subscriptions.next_retry_at')));
  });
};

const merchantIdOf = (row: { merchant_id: unknown }): number => Number(row.merchant_id);

/**
 * The billing accounts among `ids` whose merchant has something due, in merchant order. PostgreSQL would turn the
 * EXISTS into a join that first reads every due subscription (a batch's cost grew with all the work due, not with
 * the batch); OFFSET 0 keeps it a lookup per account, by index. (Knex leaves a plain 0 out but writes a raw one;
 * its types list numbers only.)
 */
const dueAccounts = (exec: Knex | Knex.Transaction, ids: number[], globalNow: number): Knex.QueryBuilder => {
  const due = whereDue(exec('subscriptions').leftJoin('sandbox_clocks', 'sandbox_clocks.merchant_id', 'subscriptions.merchant_id'), exec, globalNow)
    .whereRaw('?? = ??', ['subscriptions.merchant_id', 'billing_accounts.merchant_id'])
    .select(exec.raw('1'));
  if (dbClient(exec as Knex) === 'postgres') due.offset(exec.raw('0') as unknown as number);
  return exec('billing_accounts').whereIn('billing_accounts.merchant_id', ids).whereExists(due).orderBy('billing_accounts.merchant_id').select('billing_accounts.merchant_id');
};

/**
 * Locks the billing accounts of `ids` for this transaction (PostgreSQL; SQLite has one writer already) and
 * returns the ids it holds. `claim` (the scheduler's batches): only merchants that still have something due,
 * skipping any another instance or a request holds, so two instances that read the same due list leapfrog
 * each other's batches instead of queueing behind them or reading what the other already renewed.
 */
const lockAccounts = async (tx: Knex.Transaction, ids: number[], claim: { globalNow: number; limit?: number } | null): Promise<number[]> => {
  const query = claim ? dueAccounts(tx, ids, claim.globalNow) : tx('billing_accounts').whereIn('billing_accounts.merchant_id', ids).orderBy('billing_accounts.merchant_id').select('billing_accounts.merchant_id');
  // PostgreSQL counts only the rows it locked towards the limit (the locked ones are skipped first).
  if (claim?.limit !== undefined) query.limit(claim.limit);
  if (dbClient(tx as unknown as Knex) === 'postgres') {
    query.forUpdate('billing_accounts');
    if (claim) query.skipLocked();
  }
  return (await query).map(merchantIdOf);
};

/**
 * One transaction for a batch of at most `size` of the candidates `ids`: each one's account locked (skipping any
 * busy elsewhere) and `settle` run with it. Returns the merchants settled, the charges their events need, and
 * the candidates the claim did not reach (`rest`, for the next batch).
 */
export const settleBatch = async (
  engine: Engine,
  ids: number[],
  settle: (ctx: MerchantTx, subs: SubscriptionRecord[], writes: BatchWrites) => Promise<DeferredCharge | null>,
  size = ids.length,
): Promise<{ settled: number[]; charges: DeferredCharge[]; rest: number[] }> => {
  const { db } = engine.deps;
  const settled: number[] = [];
  const charges: DeferredCharge[] = [];
  let rest: number[] = [];
  await db.transaction(async (tx) => {
    const globalNow = globalNowOf(engine);
    // At most `size` of the candidates: with more candidates than that, a batch another instance holds is
    // skipped within the same claim (two instances on one due list no longer make every other claim an empty one).
    let locked = await lockAccounts(tx, ids, { globalNow, limit: size });
    // The claim stopped at its limit: candidates after the last one it took were not looked at; they wait in the queue.
    const last = locked.length === size ? locked[locked.length - 1] : Infinity;
    rest = ids.filter((id) => id > last);
    if (locked.length + rest.length < ids.length) {
      // Left out: busy elsewhere, nothing due any more (another instance renewed it), or no account yet. An
      // account never used yet is created here; the others are simply left (a busy one waits for the next run).
      const held = new Set(locked);
      const others = ids.filter((id) => !held.has(id) && id <= last);
      const existing = new Set((await tx('billing_accounts').whereIn('merchant_id', others).select('merchant_id')).map((row) => Number(row.merchant_id)));
      const missing = others.filter((id) => !existing.has(id));
      for (const id of missing) await ensureBillingAccount(tx, id, await engine.nowFor(tx, id));
      if (missing.length > 0) locked = [...locked, ...(await lockAccounts(tx, missing, { globalNow }))];
    }
    if (locked.length === 0) return;
    // What every merchant's first step reads, read for the whole batch at once.
    const accounts = await readBillingAccounts(tx, locked);
    const offsets = new Map((await tx('sandbox_clocks').whereIn('merchant_id', locked).select('merchant_id', 'offset_seconds')).map((row) => [Number(row.merchant_id), Number(row.offset_seconds)]));
    const subs = new Map<number, SubscriptionRecord[]>();
    for (const row of await tx('subscriptions').whereIn('merchant_id', locked).whereIn('stripe_status', ['active', 'trialing', 'past_due']).orderBy('id')) {
      const sub = toSubscriptionRecord(row);
      subs.set(sub.merchantId, [...(subs.get(sub.merchantId) ?? []), sub]);
    }
    const writes: BatchWrites = { renewals: [] };
    for (const merchantId of locked) {
      const account = accounts.get(merchantId);
      if (!account) continue;
      const now = globalNow + (offsets.get(merchantId) ?? 0);
      const charge = await settle({ tx, account, now, failAfterCommit: () => undefined }, subs.get(merchantId) ?? [], writes);
      settled.push(merchantId);
      if (charge) charges.push(charge);
    }
    // Before the commit: the charges' invoices get their numbers here.
    await writeBatch(engine, tx, writes);
  });
  return { settled, charges, rest };
};

/**
 * Renewal invoices whose first charge was never recorded (a crash, or a lost answer, between the renewal's
 * commit and the answer's): asked again with the same key, the gateway answers with the charge it took, if any.
 */
export const unsettledRenewals = async (engine: Engine, merchantId?: number): Promise<DeferredCharge[]> => {
  const { db } = engine.deps;
  const query = db('invoices')
    .join('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .where({ 'invoices.status': 'open', 'invoices.attempt_count': 0, 'invoices.billing_reason': 'subscription_cycle', 'invoices.collection_method': 'charge_automatically', 'subscriptions.stripe_status': 'active' })
    .whereRaw('?? = ??', ['subscriptions.current_period_start', 'invoices.period_start'])
    .where('invoices.amount_due', '>', 0)
    .select('invoices.*')
    .orderBy('invoices.seq')
    .limit(BATCH_SIZE);
  if (merchantId !== undefined) query.andWhere('invoices.merchant_id', merchantId);
  const charges: DeferredCharge[] = [];
  for (const row of await query) {
    const invoice = toInvoiceRecord(row);
    const account = await readBillingAccount(db, invoice.merchantId);
    if (!account || !canCharge(account) || invoice.subscriptionId === null) continue;
    charges.push({ kind: 'renewal', account, invoice, subscriptionId: invoice.subscriptionId, idempotencyKey: renewalChargeKey(invoice.subscriptionId, invoice.periodStart), now: invoice.periodStart, merchantNow: await engine.nowFor(db, invoice.merchantId) });
  }
  return charges;
};

/**
 * Makes the batch's charges, outside any transaction of ours (the gateway may group its own work, see
 * PaymentGateway.batch), then records every answer in one transaction holding the merchants' locks. An
 * invoice someone else settled meanwhile (same key: the same charge) is left as it is. Returns the errors of
 * charges the gateway could not be asked (the invoice stays unsettled: the next run asks again).
 */
export const settleCharges = async (engine: Engine, charges: DeferredCharge[], report: RunReport, answered?: Set<DeferredCharge>): Promise<unknown[]> => {
  if (charges.length === 0) return [];
  const { db, gateway } = engine.deps;
  const failures: unknown[] = [];
  const inBatch = gateway.batch ?? (<T>(work: (exec: GatewayExec | undefined) => Promise<T>) => work(undefined));
  const answers = await inBatch(async (exec) => {
    const out: { charge: DeferredCharge; charged: Charged }[] = [];
    const results = await engine.chargeInvoices(
      charges.map((charge) => ({ account: charge.account, invoice: charge.invoice, options: { offSession: true, idempotencyKey: charge.idempotencyKey } })),
      exec,
    );
    for (const [i, charged] of results.entries()) {
      if (charged instanceof Error) failures.push(charged);
      else if (charged) {
        out.push({ charge: charges[i], charged });
        answered?.add(charges[i]);
      }
    }
    return out;
  });
  if (answers.length === 0) return failures;
  await db.transaction(async (tx) => {
    await lockAccounts(tx, [...new Set(answers.map((a) => a.charge.account.merchantId))], null);
    const invoices = new Map((await tx('invoices').whereIn('id', answers.map((a) => a.charge.invoice.id))).map((row) => [String(row.id), toInvoiceRecord(row)]));
    const subs = new Map((await tx('subscriptions').whereIn('id', answers.map((a) => a.charge.subscriptionId))).map((row) => [Number(row.id), toSubscriptionRecord(row)]));
    const succeeded: Parameters<Engine['recordSucceededCharges']>[1] = [];
    for (const { charge, charged } of answers) {
      const invoice = invoices.get(charge.invoice.id);
      const sub = subs.get(charge.subscriptionId);
      if (!invoice || !sub || invoice.status !== 'open' || invoice.attemptCount !== charge.invoice.attemptCount) continue;
      // A paid renewal (nearly all of them) is recorded with the others below, in two statements for the batch.
      if (charge.kind === 'renewal' && charged.payment.status === 'succeeded') {
        succeeded.push({ account: charge.account, invoice, charged, now: charge.now });
        continue;
      }
      const paid = await engine.recordCharge(tx, charge.account, invoice, charged, { now: charge.now });
      if (charge.kind === 'retry') {
        await afterRetry(engine, tx, charge.account, sub, invoice, paid.ok, charge.now, charge.merchantNow, report);
      } else if (!paid.ok) {
        report.failed += 1;
        await engine.startDunning(tx, charge.account, sub, invoice, charge.now, true, charge.merchantNow);
      }
    }
    await engine.recordSucceededCharges(tx, succeeded);
  });
  return failures;
};

export const cancel = async (ctx: Pick<MerchantTx, 'tx' | 'now'>, sub: SubscriptionRecord, at: number): Promise<void> => {
  await ctx.tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'canceled', canceled_at: at, ends_at: sub.endsAt ?? at, next_retry_at: null, updated_at: ctx.now });
};

/** What a retry's answer does: paid → active again; refused → the next retry, or cancelled after the last. */
export const afterRetry = async (
  engine: Engine,
  tx: Knex.Transaction,
  account: BillingAccount,
  sub: SubscriptionRecord,
  invoice: InvoiceRecord,
  paid: boolean,
  at: number,
  now: number,
  report: RunReport,
): Promise<void> => {
  const ctx = { tx, now };
  if (paid) {
    await tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: now });
    return;
  }
  const attempts = sub.dunningAttempts + 1;
  const nextDay = DUNNING_RETRY_DAYS[attempts];
  if (nextDay === undefined) {
    await tx('invoices').where({ id: invoice.id }).update({ status: 'uncollectible' });
    await cancel(ctx, sub, at);
    if (sub.name === 'default') {
      const addOns = await tx('subscriptions').where({ merchant_id: sub.merchantId, name: 'multistore' }).whereIn('stripe_status', ['active', 'past_due']);
      for (const addOn of addOns) await cancel(ctx, toSubscriptionRecord(addOn), at);
    }
    report.canceled += 1;
    await engine.mailInvoice(tx, account, 'paymentFailedFinal', invoice, at);
    return;
  }
  const failedAt = invoice.periodStart;
  const nextRetryAt = failedAt + nextDay * DAY;
  await tx('subscriptions').where({ id: sub.id }).update({ dunning_attempts: attempts, next_retry_at: nextRetryAt, updated_at: now });
  // A next attempt already due (the test clock moved past it) runs in this same pass and tells its own outcome.
  if (nextRetryAt > now) await engine.mailInvoice(tx, account, 'paymentFailed', invoice, nextRetryAt);
};

