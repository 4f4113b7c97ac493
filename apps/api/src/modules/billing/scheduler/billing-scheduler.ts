import type { Knex } from 'knex';
import type { AppDeps } from '../../../app-deps';
import { DomainError } from '../../../domain-error';
import type { SchedulerObserver } from '../../../http/metrics';
import { billingFor, billingServicesOf } from '../context/billing.context';
import { type Engine, type InvoiceInput, type MerchantTx, renewalChargeKey } from '../engine/billing.engine';
import type { InvoiceRecord } from '../repositories/invoices.repository';
import { nextPeriodEnd } from '../engine/periods';
import { planLine } from '../engine/subscription-steps';
import { isPermanentRefusal } from '../../../gateways/port';
import { lastChargeOf } from '../repositories/payments.repository';
import { latestOpenInvoiceOf, moveToPeriod, reactivateSubscription, shiftSandboxClock, startPendingPlan } from '../repositories/renewals.repository';
import { liveSubscriptions, type SubscriptionRecord } from '../repositories/subscriptions.repository';
import { type CatalogPackage, findPackage } from '../../packages';
import { ecpayBillingFor } from '../ecpay/ecpay-billing.service';
import { agreementForRenewal, agreementGraceEnded, renewThroughAgreement } from '../ecpay/ecpay-renewals';
import { afterRetry, BATCH_SIZE, type BatchWrites, canCharge, cancel, type DeferredCharge, dueMerchants, type RunReport, settleBatch, settleCharges, stillDue, unsettledRenewals } from './renewal-batches';

/** A merchant whose clock jumped years ahead settles at most this many events per run (then the next run continues). */
const MAX_STEPS_PER_MERCHANT = 400;

export type { RunReport } from './renewal-batches';

const emptyReport = (): RunReport => ({ merchants: 0, renewed: 0, downgraded: 0, expired: 0, retried: 0, canceled: 0, failed: 0, errors: 0 });

/**
 * Due work, in batches of merchants (see renewal-batches.ts): each batch is claimed and renewed in one
 * transaction (row locks taken with SKIP LOCKED on PostgreSQL, so two instances never renew the same
 * subscription; a merchant busy elsewhere is picked up on the next run), charged outside any transaction of
 * ours, and the answers recorded in a second one. A charge a crash left unrecorded is asked again first, under
 * the same idempotency key, so it is recorded and never taken twice.
 */
export const runDueBilling = async (engine: Engine, options: { merchantId?: number; limit?: number; batchSize?: number; stopRequested?: () => boolean } = {}): Promise<RunReport> => {
  const report = emptyReport();
  const limit = options.limit ?? 1000;
  const settled = new Set<number>();
  const steps = new Map<number, number>();
  const failures: unknown[] = [];
  // On-session charges a crash left unrecorded, read back from the gateway first (services/charge-recovery.ts).
  await billingServicesOf(engine).chargeRecovery.recoverCharges({ merchantId: options.merchantId });
  failures.push(...(await settleCharges(engine, await unsettledRenewals(engine, options.merchantId), report)));
  // Read once (one scan, not one per batch); each batch re-reads its merchants under their locks.
  const due = await dueMerchants(engine, { limit, merchantId: options.merchantId });
  const again: number[] = [];
  for (;;) {
    // Shutting down: the batch in its transaction finishes, the rest wait for the next run (any instance).
    if (options.stopRequested?.()) break;
    const size = options.batchSize ?? BATCH_SIZE;
    // Two batches' worth of candidates for one batch: one another instance holds is skipped in the same claim.
    const queue = again.length > 0 ? again : due;
    const ids = queue.splice(0, 2 * size);
    if (ids.length === 0) break;
    const batch = await settleIsolated(engine, ids, size, report, failures);
    queue.unshift(...batch.rest);
    for (const id of batch.settled) settled.add(id);
    const answered = new Set<DeferredCharge>();
    failures.push(...(await settleCharges(engine, batch.charges, report, answered)));
    // A merchant whose charge was just recorded may have more due (a clock moved months ahead): once more. One
    // whose charge got no answer waits for the next run (asking again now would loop while the provider is down).
    const charged = batch.charges.filter((c) => answered.has(c)).map((c) => c.account.merchantId).filter((id) => {
      const n = (steps.get(id) ?? 0) + 1;
      steps.set(id, n);
      return n < MAX_STEPS_PER_MERCHANT;
    });
    if (charged.length > 0) again.push(...(await stillDue(engine, charged)));
  }
  report.merchants = settled.size;
  report.errors = failures.length;
  // A charge the provider would not answer (past its retries) stays unrecorded and is asked again, under the
  // same key, on the next run; the rest of the batch went on.
  if (failures.length > 0) engine.deps.logger?.warn({ err: failures[0], failures: failures.length }, 'billing: some charges got no answer; asked again on the next run');
  return report;
};

/**
 * One batch in one transaction; if any merchant of it fails (a bad row, a bug), the batch is rolled back and
 * its merchants are settled one by one, so that merchant alone waits for the next run and the rest go on.
 * The report only counts what committed.
 */
const settleIsolated = async (engine: Engine, ids: number[], size: number, report: RunReport, failures: unknown[]): Promise<{ settled: number[]; charges: DeferredCharge[]; rest: number[] }> => {
  const attempt = async (some: number[], most: number) => {
    const before = { ...report };
    try {
      return await settleBatch(engine, some, (ctx, subs, writes) => settleMerchant(engine, ctx, report, subs, writes), most);
    } catch (error) {
      Object.assign(report, before);
      throw error;
    }
  };
  try {
    return await attempt(ids, size);
  } catch (error) {
    if (ids.length === 1) {
      failures.push(error);
      return { settled: [], charges: [], rest: [] };
    }
    // Which candidates the failed claim had taken is rolled back with it: each is tried alone.
    const settled: number[] = [];
    const charges: DeferredCharge[] = [];
    for (const id of ids) {
      try {
        const one = await attempt([id], 1);
        settled.push(...one.settled);
        charges.push(...one.charges);
      } catch (failure) {
        failures.push(failure);
        engine.deps.logger?.warn({ err: failure, merchantId: id }, 'billing: settling a merchant failed; retried on the next run');
      }
    }
    return { settled, charges, rest: [] };
  }
};

/** Packages read in one transaction, by id: a batch renews many merchants on the same few plans. */
const packagesSeen = new WeakMap<Knex.Transaction, Map<number, CatalogPackage>>();
const pkgOf = async (tx: Knex.Transaction, id: number): Promise<CatalogPackage> => {
  let seen = packagesSeen.get(tx);
  if (!seen) packagesSeen.set(tx, (seen = new Map()));
  let pkg = seen.get(id);
  if (!pkg) {
    pkg = (await findPackage(tx, id)) as CatalogPackage;
    seen.set(id, pkg);
  }
  return pkg;
};

const dueSubscriptions = (ctx: MerchantTx): Promise<SubscriptionRecord[]> => liveSubscriptions(ctx.tx, ctx.account.merchantId);

/**
 * Applies every event that fell due for one merchant, oldest first, until nothing is due or an event needs
 * the gateway: that charge is returned, to be made after the batch commits (the merchant is looked at again
 * once its answer is recorded).
 */
const settleMerchant = async (engine: Engine, ctx: MerchantTx, report: RunReport, first: SubscriptionRecord[], writes: BatchWrites): Promise<DeferredCharge | null> => {
  for (let step = 0; step < MAX_STEPS_PER_MERCHANT; step += 1) {
    const subs = step === 0 ? first : await dueSubscriptions(ctx);
    const plan = subs.find((s) => s.name === 'default' && s.status !== 'trialing') ?? null;
    const pending = subs.find((s) => s.name === 'default' && s.status === 'trialing') ?? null;
    const addOn = subs.find((s) => s.name === 'multistore') ?? null;
    const events: { at: number; run: () => Promise<DeferredCharge | null> }[] = [];
    for (const sub of [plan, addOn]) {
      if (!sub) continue;
      if (sub.status === 'past_due' && sub.nextRetryAt !== null) events.push({ at: sub.nextRetryAt, run: () => retry(engine, ctx, sub, report) });
      // An ECPay agreement's charge not reported within its grace (ecpay/ecpay-renewals.ts): past due now.
      if (sub.status === 'active' && sub.nextRetryAt !== null) {
        events.push({
          at: sub.nextRetryAt,
          run: async () => {
            if (await agreementGraceEnded(engine, ctx, sub)) report.failed += 1;
            return null;
          },
        });
      }
      if (sub.status === 'active' && sub.periodEnd !== null) {
        const at = sub.endsAt !== null ? Math.min(sub.endsAt, sub.periodEnd) : sub.periodEnd;
        events.push({ at, run: () => periodEnd(engine, ctx, sub, sub.name === 'default' ? pending : null, plan, report, at, writes) });
      }
    }
    const next = events.filter((e) => e.at <= ctx.now).sort((a, b) => a.at - b.at)[0];
    if (!next) return null;
    const charge = await next.run();
    if (charge) return charge;
  }
  return null;
};

/** The end of a period: a scheduled plan takes over, a plan set to end ends, otherwise it renews. */
const periodEnd = async (
  engine: Engine,
  ctx: MerchantTx,
  sub: SubscriptionRecord,
  pending: SubscriptionRecord | null,
  plan: SubscriptionRecord | null,
  report: RunReport,
  at: number,
  writes: BatchWrites,
): Promise<DeferredCharge | null> => {
  if (sub.name === 'default' && pending && pending.trialEndsAt !== null && pending.trialEndsAt <= ctx.now) {
    await cancel(ctx, sub, at);
    const pkg = await pkgOf(ctx.tx, pending.packageId);
    const start = pending.trialEndsAt;
    const end = nextPeriodEnd(start, pkg.billing_period, start);
    await startPendingPlan(ctx.tx, pending.id, { start, end, unitAmount: pkg.subtotal }, ctx.now);
    report.downgraded += 1;
    return invoicePeriod(engine, ctx, { ...pending, status: 'active', periodStart: start, periodEnd: end, anchor: start, unitAmount: pkg.subtotal }, pkg, start, end, report);
  }
  if (sub.endsAt !== null && sub.endsAt <= ctx.now) {
    await cancel(ctx, sub, at);
    report.expired += 1;
    return null;
  }
  // An add-on lives only beside a live plan.
  if (sub.name === 'multistore' && (!plan || plan.status === 'trialing')) {
    await cancel(ctx, sub, at);
    report.canceled += 1;
    return null;
  }
  const pkg = await pkgOf(ctx.tx, sub.packageId);
  const start = sub.periodEnd as number;
  const end = nextPeriodEnd(sub.anchor ?? start, pkg.billing_period, start);
  const renewed = { ...sub, periodStart: start, periodEnd: end, unitAmount: pkg.subtotal };
  report.renewed += 1;
  // A plain renewal (no coupon, no credit moved, a card to charge: nearly all of them) ends this merchant's
  // steps in this batch, so nothing reads its rows again before the commit: its writes join the batch's.
  if (!sub.promotionCodeId && canCharge(ctx.account)) {
    const draft = engine.draftInvoice(ctx.account, renewalInvoice(ctx, renewed, pkg, start, end, null));
    if (draft.record.status === 'open' && draft.total >= 0 && draft.applied === 0) {
      writes.renewals.push({ sub: renewed, now: ctx.now, draft });
      return renewalCharge(ctx, renewed, draft.record);
    }
  }
  // The new period is billed at the package's price now: this is when an edited price reaches the subscriber.
  await moveToPeriod(ctx.tx, sub.id, { start, end, unitAmount: pkg.subtotal }, ctx.now);
  return invoicePeriod(engine, ctx, renewed, pkg, start, end, report);
};

const renewalInvoice = (ctx: MerchantTx, sub: SubscriptionRecord, pkg: CatalogPackage, start: number, end: number, coupon: Awaited<ReturnType<Engine['couponFor']>>): InvoiceInput => ({
  subscriptionId: sub.id,
  lines: [planLine(pkg, start, end, sub.name === 'multistore' ? sub.quantity : 1)],
  coupon,
  taxPercent: pkg.tax,
  taxLabel: pkg.tax_label,
  billingReason: 'subscription_cycle',
  collectionMethod: ctx.account.defaultPaymentMethod ? 'charge_automatically' : 'send_invoice',
  now: start,
});

/** The off-session charge of the default card for a renewal's invoice, keyed by the subscription and the period. */
const renewalCharge = (ctx: MerchantTx, sub: SubscriptionRecord, invoice: InvoiceRecord): DeferredCharge => ({
  kind: 'renewal',
  account: ctx.account,
  invoice,
  subscriptionId: sub.id,
  idempotencyKey: renewalChargeKey(sub.id, sub.periodStart as number),
  now: sub.periodStart as number,
  merchantNow: ctx.now,
});

/**
 * Invoices a new period (coupon and credit first). The off-session charge of the default card is returned
 * (made after the commit, keyed by the subscription and the period); without a card, dunning starts now.
 */
const invoicePeriod = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, pkg: CatalogPackage, start: number, end: number, report: RunReport): Promise<DeferredCharge | null> => {
  const coupon = await engine.couponFor(ctx.tx, sub, start);
  // An ECPay agreement charges its own fixed amount: credit is kept for later rather than making the invoice differ.
  const agreement = canCharge(ctx.account) ? null : await agreementForRenewal(ctx, sub);
  const invoice = await engine.createInvoice(ctx.tx, ctx.account, { ...renewalInvoice(ctx, sub, pkg, start, end, coupon), ...(agreement ? { applyBalance: false } : {}) });
  if (coupon) await engine.useCoupon(ctx.tx, sub);
  if (invoice.status !== 'open') return null;
  if (canCharge(ctx.account)) return renewalCharge(ctx, sub, invoice);
  if (agreement && (await renewThroughAgreement(engine, ctx, sub, agreement, invoice, start))) return null;
  await engine.settleWithoutCharge(ctx.tx, ctx.account, invoice, { now: start, offSession: true }); // no card: nothing is asked, the invoice stays open
  report.failed += 1;
  await engine.startDunning(ctx.tx, ctx.account, sub, invoice, start, true, ctx.now);
  return null;
};

/** A dunning retry of the open invoice: the charge is returned (see afterRetry); with no card it fails now. */
const retry = async (engine: Engine, ctx: MerchantTx, sub: SubscriptionRecord, report: RunReport): Promise<DeferredCharge | null> => {
  const at = sub.nextRetryAt as number;
  const invoice = await latestOpenInvoiceOf(ctx.tx, sub.id);
  report.retried += 1;
  if (!invoice) {
    await reactivateSubscription(ctx.tx, sub.id, ctx.now);
    return null;
  }
  // A permanent refusal (a lost or expired card, a customer gone) is never retried as is: with the same card
  // the attempt counts as failed without asking the gateway; a new default card is charged.
  const last = await lastChargeOf(ctx.tx, invoice.id);
  if (last && isPermanentRefusal(last.failureCode) && last.paymentMethodId === ctx.account.defaultPaymentMethod) {
    await afterRetry(engine, ctx.tx, ctx.account, sub, invoice, false, at, ctx.now, report);
    return null;
  }
  if (canCharge(ctx.account) && invoice.amountDue > 0) return { kind: 'retry', account: ctx.account, invoice, subscriptionId: sub.id, idempotencyKey: undefined, now: at, merchantNow: ctx.now };
  let paid;
  try {
    paid = await engine.settleWithoutCharge(ctx.tx, ctx.account, invoice, { now: at, offSession: true });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    paid = { ok: true as const, paymentId: null };
  }
  await afterRetry(engine, ctx.tx, ctx.account, sub, invoice, paid.ok, at, ctx.now, report);
  return null;
};

/** Moves one merchant's sandbox clock forward and settles everything that fell due. */
/** Moves a merchant's test clock only, inside the caller's transaction (so an audit entry can share it). */
export const shiftMerchantClock = async (db: Knex | Knex.Transaction, merchantId: number, seconds: number): Promise<void> => {
  await shiftSandboxClock(db, merchantId, seconds);
};

export const advanceMerchantClock = async (engine: Engine, merchantId: number, seconds: number): Promise<{ now: number; report: RunReport }> => {
  await shiftMerchantClock(engine.deps.db, merchantId, seconds);
  return settleMerchantClock(engine, merchantId);
};

/** Runs, in the billing engine's own transactions, what fell due for a merchant whose clock moved. */
export const settleMerchantClock = async (engine: Engine, merchantId: number): Promise<{ now: number; report: RunReport }> => {
  const { db } = engine.deps;
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
 * Runs the scheduler on an interval in one process. Every instance runs it: no lease makes them take turns
 * (one used to, so only one instance worked at a time); their batches' row locks, taken with SKIP LOCKED and
 * only on merchants still due, split the due work between them and make double renewal impossible.
 */
export const startBillingScheduler = (deps: AppDeps, options: { intervalMs?: number; batchSize?: number; observer?: SchedulerObserver } = {}): { stop: () => Promise<void> } => {
  const engine = billingFor(deps).engine;
  const intervalMs = options.intervalMs ?? deps.config.schedulerIntervalMs;
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = async () => {
    const startedAt = performance.now();
    try {
      const report = await runDueBilling(engine, { batchSize: options.batchSize, stopRequested: () => stopped });
      // ECPay agreements whose plan ended or changed (dunning, an expiry) are cancelled at ECPay, outside any transaction.
      if (!stopped) await ecpayBillingFor(deps).settleAgreements();
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
