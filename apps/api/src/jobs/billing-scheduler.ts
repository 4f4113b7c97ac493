import type { Knex } from 'knex';
import { hostname } from 'node:os';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/errors';
import type { SchedulerObserver } from '../http/metrics';
import { billingFor, DUNNING_RETRY_DAYS, renewalChargeKey, type Engine, type MerchantTx, nextPeriodEnd, type SubscriptionRecord, toInvoiceRecord, toSubscriptionRecord } from '../modules/billing';
import { type CatalogPackage, findPackage } from '../modules/packages';

const DAY = 86_400;
/** A merchant whose clock jumped years ahead settles at most this many events per run (then the next run continues). */
const MAX_STEPS_PER_MERCHANT = 400;

export type RunReport = { merchants: number; renewed: number; downgraded: number; expired: number; retried: number; canceled: number; failed: number; errors: number };

const emptyReport = (): RunReport => ({ merchants: 0, renewed: 0, downgraded: 0, expired: 0, retried: 0, canceled: 0, failed: 0, errors: 0 });

/**
 * Due work, merchant by merchant. Every merchant is settled in its own transaction holding its billing
 * account row lock, taken with SKIP LOCKED on PostgreSQL: two instances (or a request and the scheduler)
 * never renew the same subscription twice; a merchant busy elsewhere is picked up on the next run.
 */
export const runDueBilling = async (engine: Engine, options: { merchantId?: number; limit?: number; stopRequested?: () => boolean } = {}): Promise<RunReport> => {
  const { db, clock } = engine.deps;
  const report = emptyReport();
  const globalNow = Math.floor(clock.now().getTime() / 1000);
  const dueAt = (column: string) => db.raw(`?? <= ? + coalesce(sandbox_clocks.offset_seconds, 0)`, [column, globalNow]);
  const query = db('subscriptions')
    .leftJoin('sandbox_clocks', 'sandbox_clocks.merchant_id', 'subscriptions.merchant_id')
    .where((q) => {
      q.where((a) => a.whereIn('subscriptions.stripe_status', ['active']).andWhere(dueAt('subscriptions.current_period_end')))
        .orWhere((a) => a.where('subscriptions.stripe_status', 'active').whereNotNull('subscriptions.ends_at').andWhere(dueAt('subscriptions.ends_at')))
        .orWhere((a) => a.where('subscriptions.stripe_status', 'past_due').whereNotNull('subscriptions.next_retry_at').andWhere(dueAt('subscriptions.next_retry_at')));
    })
    .distinct('subscriptions.merchant_id')
    .orderBy('subscriptions.merchant_id')
    .limit(options.limit ?? 1000);
  if (options.merchantId !== undefined) query.andWhere('subscriptions.merchant_id', options.merchantId);
  const merchantIds = (await query).map((row) => Number(row.merchant_id));
  for (const merchantId of merchantIds) {
    // Shutting down: the merchant in its transaction finishes, the rest wait for the next run (any instance).
    if (options.stopRequested?.()) break;
    // One merchant's failure (the gateway down past its retries) rolls back that merchant only and is tried
    // again on the next run; the rest of the batch goes on.
    const own = emptyReport();
    try {
      const done = await engine.withMerchant(merchantId, (ctx) => settleMerchant(engine, ctx, own), { skipLocked: true });
      if (done !== null) report.merchants += 1;
      // Counted once committed: a merchant rolled back renewed nothing.
      for (const key of Object.keys(report) as (keyof RunReport)[]) if (key !== 'merchants') report[key] += own[key];
    } catch (error) {
      report.errors += 1;
      engine.deps.logger?.warn({ err: error, merchantId }, 'billing: settling a merchant failed; retried on the next run');
    }
  }
  return report;
};

const pkgOf = async (tx: Knex.Transaction, id: number): Promise<CatalogPackage> => (await findPackage(tx, id)) as CatalogPackage;

const dueSubscriptions = async (ctx: MerchantTx): Promise<SubscriptionRecord[]> =>
  (await ctx.tx('subscriptions').where({ merchant_id: ctx.account.merchantId }).whereIn('stripe_status', ['active', 'trialing', 'past_due']).orderBy('id')).map(toSubscriptionRecord);

/** Applies every event that fell due for one merchant, oldest first, until nothing is due. */
const settleMerchant = async (engine: Engine, ctx: MerchantTx, report: RunReport): Promise<true> => {
  for (let step = 0; step < MAX_STEPS_PER_MERCHANT; step += 1) {
    const subs = await dueSubscriptions(ctx);
    const plan = subs.find((s) => s.name === 'default' && s.status !== 'trialing') ?? null;
    const pending = subs.find((s) => s.name === 'default' && s.status === 'trialing') ?? null;
    const addOn = subs.find((s) => s.name === 'multistore') ?? null;
    const events: { at: number; run: () => Promise<void> }[] = [];
    for (const sub of [plan, addOn]) {
      if (!sub) continue;
      if (sub.status === 'past_due' && sub.nextRetryAt !== null) events.push({ at: sub.nextRetryAt, run: () => retry(engine, ctx, sub, report) });
      if (sub.status === 'active' && sub.periodEnd !== null) {
        const at = sub.endsAt !== null ? Math.min(sub.endsAt, sub.periodEnd) : sub.periodEnd;
        events.push({ at, run: () => periodEnd(engine, ctx, sub, sub.name === 'default' ? pending : null, plan, report, at) });
      }
    }
    const next = events.filter((e) => e.at <= ctx.now).sort((a, b) => a.at - b.at)[0];
    if (!next) return true;
    await next.run();
  }
  return true;
};

const cancel = async (ctx: MerchantTx, sub: SubscriptionRecord, at: number): Promise<void> => {
  await ctx.tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'canceled', canceled_at: at, ends_at: sub.endsAt ?? at, next_retry_at: null, updated_at: ctx.now });
};

/** The end of a period: a scheduled plan takes over, a plan set to end ends, otherwise it renews. */
const periodEnd = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, pending: SubscriptionRecord | null, plan: SubscriptionRecord | null, report: RunReport, at: number): Promise<void> => {
  if (sub.name === 'default' && pending && pending.trialEndsAt !== null && pending.trialEndsAt <= ctx.now) {
    await cancel(ctx, sub, at);
    const pkg = await pkgOf(ctx.tx, pending.packageId);
    const start = pending.trialEndsAt;
    const end = nextPeriodEnd(start, pkg.billing_period, start);
    await ctx.tx('subscriptions').where({ id: pending.id }).update({ stripe_status: 'active', current_period_start: start, current_period_end: end, billing_cycle_anchor: start, updated_at: ctx.now });
    report.downgraded += 1;
    await invoicePeriod(engine, ctx, { ...pending, status: 'active', periodStart: start, periodEnd: end, anchor: start }, pkg, start, end, report);
    return;
  }
  if (sub.endsAt !== null && sub.endsAt <= ctx.now) {
    await cancel(ctx, sub, at);
    report.expired += 1;
    return;
  }
  // An add-on lives only beside a live plan.
  if (sub.name === 'multistore' && (!plan || plan.status === 'trialing')) {
    await cancel(ctx, sub, at);
    report.canceled += 1;
    return;
  }
  const pkg = await pkgOf(ctx.tx, sub.packageId);
  const start = sub.periodEnd as number;
  const end = nextPeriodEnd(sub.anchor ?? start, pkg.billing_period, start);
  await ctx.tx('subscriptions').where({ id: sub.id }).update({ current_period_start: start, current_period_end: end, updated_at: ctx.now });
  report.renewed += 1;
  await invoicePeriod(engine, ctx, { ...sub, periodStart: start, periodEnd: end }, pkg, start, end, report);
};

/** Invoices a new period (coupon and credit first) and charges the default card off-session. */
const invoicePeriod = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, pkg: CatalogPackage, start: number, end: number, report: RunReport): Promise<void> => {
  const coupon = await engine.couponFor(ctx.tx, sub, start);
  const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
    subscriptionId: sub.id,
    lines: [engine.planLine(pkg, start, end, sub.name === 'multistore' ? sub.quantity : 1)],
    coupon,
    taxPercent: pkg.tax,
    taxLabel: pkg.tax_label,
    billingReason: 'subscription_cycle',
    collectionMethod: ctx.account.defaultPaymentMethod ? 'charge_automatically' : 'send_invoice',
    now: start,
  });
  if (coupon) await engine.useCoupon(ctx.tx, sub);
  if (invoice.status !== 'open') return;
  const paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: start, offSession: true, idempotencyKey: renewalChargeKey(sub.id, start) });
  if (!paid.ok) {
    report.failed += 1;
    await engine.startDunning(ctx.tx, sub, start);
  }
};

/** A dunning retry of the open invoice; after the last scheduled retry the subscription is cancelled. */
const retry = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, report: RunReport): Promise<void> => {
  const at = sub.nextRetryAt as number;
  const row = await ctx.tx('invoices').where({ subscription_id: sub.id, status: 'open' }).orderBy('seq', 'desc').first();
  report.retried += 1;
  if (!row) {
    await ctx.tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: ctx.now });
    return;
  }
  const invoice = toInvoiceRecord(row);
  let paid;
  try {
    paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: at, offSession: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    paid = { ok: true as const, paymentId: null };
  }
  if (paid.ok) {
    await ctx.tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: ctx.now });
    return;
  }
  const attempts = sub.dunningAttempts + 1;
  const nextDay = DUNNING_RETRY_DAYS[attempts];
  if (nextDay === undefined) {
    await ctx.tx('invoices').where({ id: invoice.id }).update({ status: 'uncollectible' });
    await cancel(ctx, sub, at);
    if (sub.name === 'default') {
      const addOns = await ctx.tx('subscriptions').where({ merchant_id: sub.merchantId, name: 'multistore' }).whereIn('stripe_status', ['active', 'past_due']);
      for (const addOn of addOns) await cancel(ctx, toSubscriptionRecord(addOn), at);
    }
    report.canceled += 1;
    return;
  }
  const failedAt = invoice.periodStart;
  await ctx.tx('subscriptions').where({ id: sub.id }).update({ dunning_attempts: attempts, next_retry_at: failedAt + nextDay * DAY, updated_at: ctx.now });
};

/** Moves one merchant's sandbox clock forward and settles everything that fell due. */
export const advanceMerchantClock = async (engine: Engine, merchantId: number, seconds: number): Promise<{ now: number; report: RunReport }> => {
  const { db } = engine.deps;
  await db('sandbox_clocks').insert({ merchant_id: merchantId, offset_seconds: 0 }).onConflict('merchant_id').ignore();
  await db('sandbox_clocks').where({ merchant_id: merchantId }).increment('offset_seconds', seconds);
  const report = emptyReport();
  // Loop until the merchant is settled: a run may stop at the step cap for very long jumps.
  for (let i = 0; i < 10; i += 1) {
    const r = await runDueBilling(engine, { merchantId });
    for (const key of Object.keys(report) as (keyof RunReport)[]) report[key] += r[key];
    if (r.merchants === 0) break;
  }
  return { now: await engine.nowFor(db, merchantId), report };
};

/**
 * Runs the scheduler on an interval in one process. A lease row makes instances take turns scanning (the row
 * locks above are what makes double renewal impossible; the lease only avoids wasted scans).
 */
export const startBillingScheduler = (deps: AppDeps, options: { intervalMs?: number; observer?: SchedulerObserver } = {}): { stop: () => Promise<void> } => {
  const engine = billingFor(deps).engine;
  const owner = `${hostname()}:${process.pid}`;
  const intervalMs = options.intervalMs ?? deps.config.schedulerIntervalMs;
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = async () => {
    const startedAt = performance.now();
    try {
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      const until = now + Math.ceil(intervalMs / 1000);
      await deps.db('job_leases').insert({ name: 'billing', owner, leased_until: 0 }).onConflict('name').ignore();
      const taken = await deps.db('job_leases').where({ name: 'billing' }).andWhere((q) => q.where('leased_until', '<', now).orWhere({ owner })).update({ owner, leased_until: until });
      const report = taken === 1 ? await runDueBilling(engine, { stopRequested: () => stopped }) : emptyReport();
      if (report.merchants > 0) deps.logger?.info({ report }, 'billing scheduler run');
      options.observer?.runFinished(report, (performance.now() - startedAt) / 1000);
    } catch (error) {
      deps.logger?.error({ err: error }, 'billing scheduler run failed');
      options.observer?.runFailed();
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = runOnce().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  /** Stops the timer; resolves once the tick under way (the merchant being settled, in its transaction) is done. */
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  return { stop };
};
