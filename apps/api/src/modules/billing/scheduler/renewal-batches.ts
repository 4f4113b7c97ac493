import type { Knex } from 'knex';
import type { GatewayExec } from '../../../gateways/port';
import { type BillingAccount, ensureBillingAccount, readBillingAccount, readBillingAccounts } from '../repositories/billing-accounts.repository';
import { type Charged, type Engine, type InvoiceDraft, type MerchantTx, renewalChargeKey } from '../engine/billing.engine';
import { DUNNING_RETRY_DAYS } from '../engine/subscription-steps';
import type { InvoiceRecord } from '../repositories/invoices.repository';
import {
  clockOffsets,
  dueMerchantIds,
  endSubscription,
  invoicesByIds,
  liveAddOnsOf,
  liveSubscriptionsByMerchant,
  lockBillingAccounts,
  markInvoiceUncollectible,
  merchantsWithAccount,
  reactivateSubscription,
  scheduleDunningRetry,
  stillDueMerchantIds,
  subscriptionsByIds,
  unchargedRenewalInvoices,
  writeRenewedPeriods,
} from '../repositories/renewals.repository';
import { merchantsChargingOnSession } from '../repositories/payments.repository';
import type { SubscriptionRecord } from '../repositories/subscriptions.repository';

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
  await writeRenewedPeriods(tx, writes.renewals);
  await engine.insertInvoices(tx, writes.renewals.map((r) => r.draft));
};

export const canCharge = (account: BillingAccount): boolean => account.defaultPaymentMethod !== null && account.gatewayCustomerId !== null;

/**
 * Merchants with something due (a period end, an end date, a dunning retry), by id: at most `limit`. Each
 * merchant's own sandbox clock counts.
 */
export const dueMerchants = async (engine: Engine, options: { limit?: number; merchantId?: number }): Promise<number[]> =>
  dueMerchantIds(engine.deps.db, globalNowOf(engine), options);

/** Those of `ids` (merchants with a billing account: charged ones) that still have something due. */
export const stillDue = async (engine: Engine, ids: number[]): Promise<number[]> => stillDueMerchantIds(engine.deps.db, ids, globalNowOf(engine));

const globalNowOf = (engine: Engine): number => Math.floor(engine.deps.clock.now().getTime() / 1000);

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
    let locked = await lockBillingAccounts(tx, ids, { globalNow, limit: size });
    // The claim stopped at its limit: candidates after the last one it took were not looked at; they wait in the queue.
    const last = locked.length === size ? locked[locked.length - 1] : Infinity;
    rest = ids.filter((id) => id > last);
    if (locked.length + rest.length < ids.length) {
      // Left out: busy elsewhere, nothing due any more (another instance renewed it), or no account yet. An
      // account never used yet is created here; the others are simply left (a busy one waits for the next run).
      const held = new Set(locked);
      const others = ids.filter((id) => !held.has(id) && id <= last);
      const existing = await merchantsWithAccount(tx, others);
      const missing = others.filter((id) => !existing.has(id));
      for (const id of missing) await ensureBillingAccount(tx, id, await engine.nowFor(tx, id));
      if (missing.length > 0) locked = [...locked, ...(await lockBillingAccounts(tx, missing, { globalNow }))];
    }
    if (locked.length === 0) return;
    // What every merchant's first step reads, read for the whole batch at once.
    const accounts = await readBillingAccounts(tx, locked);
    const offsets = await clockOffsets(tx, locked);
    const subs = await liveSubscriptionsByMerchant(tx, locked);
    const writes: BatchWrites = { renewals: [] };
    // A merchant with an on-session charge under way (Retry Payment, an upgrade: its intent committed, its answer
    // not yet recorded) waits: a dunning retry now could send the same idempotency key with other parameters, or
    // renew a plan about to change. The recovery pass settles a charge a crash left within minutes.
    const charging = await merchantsChargingOnSession(tx, locked);
    for (const merchantId of locked) {
      const account = accounts.get(merchantId);
      if (!account || charging.has(merchantId)) continue;
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
  const charges: DeferredCharge[] = [];
  for (const invoice of await unchargedRenewalInvoices(db, BATCH_SIZE, merchantId)) {
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
    await lockBillingAccounts(tx, [...new Set(answers.map((a) => a.charge.account.merchantId))], null);
    const invoices = await invoicesByIds(tx, answers.map((a) => a.charge.invoice.id));
    const subs = await subscriptionsByIds(tx, answers.map((a) => a.charge.subscriptionId));
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
  await endSubscription(ctx.tx, sub, at, ctx.now);
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
    await reactivateSubscription(tx, sub.id, now);
    return;
  }
  const attempts = sub.dunningAttempts + 1;
  const nextDay = DUNNING_RETRY_DAYS[attempts];
  if (nextDay === undefined) {
    await markInvoiceUncollectible(tx, invoice.id);
    await cancel(ctx, sub, at);
    if (sub.name === 'default') {
      for (const addOn of await liveAddOnsOf(tx, sub.merchantId)) await cancel(ctx, addOn, at);
    }
    report.canceled += 1;
    await engine.mailInvoice(tx, account, 'paymentFailedFinal', invoice, at);
    return;
  }
  const failedAt = invoice.periodStart;
  const nextRetryAt = failedAt + nextDay * DAY;
  await scheduleDunningRetry(tx, sub.id, attempts, nextRetryAt, now);
  // A next attempt already due (the test clock moved past it) runs in this same pass and tells its own outcome.
  if (nextRetryAt > now) await engine.mailInvoice(tx, account, 'paymentFailed', invoice, nextRetryAt);
};

