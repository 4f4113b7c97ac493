import type { GatewayPayment } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import { type CatalogPackage, findPackage } from '../../packages';
import type { AuthenticationPayment, Charged, ChargeIntent, Engine, MerchantTx } from '../engine/billing.engine';
import { holdTransactionWork } from '../engine/on-behalf';
import { type InvoiceRecord, readInvoice } from '../repositories/invoices.repository';
import { chargeInFlight, dropPendingCharge, insertAuthentication, waitingAuthentication } from '../repositories/payments.repository';
import { subscriptionsByIds } from '../repositories/renewals.repository';
import { updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, billingState, type PendingChange, returnUrlOf } from './billing-state';
import type { PlanActivation } from './plan-activation';

/** A first plan and a plan change leave nothing behind when authentication fails; unpaid renewals and add-ons stay owed. */
export const VOID_ON_FAILURE: readonly PendingChange['purpose'][] = ['subscribe', 'plan_change'];

/** A charge whose answer is not recorded after this long was cut off (a crash between the charge and its record). */
export const PENDING_CHARGE_STALE_SECONDS = 5 * 60;

/** The answer to a second payment while one is under way (its intent committed, its answer not recorded yet). */
export const chargeUnderWay = (): AppError => new AppError('invoice_already_paid', { message: 'A payment of this invoice is under way' });

/** Step one's result: the request's answer when nothing is to be charged, else the invoice to charge and what it pays for. */
export type OnSessionStep<T> = { done: T | null } | { charge: { invoice: InvoiceRecord; pending: PendingChange; respond: (ctx: MerchantTx) => Promise<T> } };

/** A payment waiting for 3-D Secure appeared after it was looked for: the request starts over (see payOnSession). */
class AuthenticationAppeared extends Error {}

/** What the customer waits on, read before the merchant's transaction opens: the waiting payment and the answer to give. */
type AuthenticationCheck = { id: string | null; refusal: AppError | null };

/**
 * Charging while the customer is present, with no gateway call inside a transaction (issue 25 item 6): the invoice
 * and the charge's intent (a pending payment row with its idempotency key, and what it pays for) are committed,
 * the card is charged, and the answer is recorded in the merchant's next transaction, which applies the change it
 * paid for, or voids it. One payment waits for 3-D Secure at a time, and one charge is under way at a time.
 */
export const createOnSessionPayment = (engine: Engine, parts: { activation: PlanActivation; reportedPayment: (payment: GatewayPayment) => Promise<unknown> }) => {
  const { gateway, db, publicUrl } = engine.deps;
  const { activation } = parts;

  /**
   * The answer to a customer who asks for a payment while one of theirs waits for 3-D Secure (read from the
   * gateway, outside any transaction): null when the gateway no longer knows it.
   */
  const refusalFor = async (waiting: { paymentIntentId: string }, returnUrl: string): Promise<AppError | null> => {
    const payment = await gateway.retrievePayment(waiting.paymentIntentId);
    if (!payment) return null;
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', payment.id);
    back.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
    const nextAction =
      payment.status === 'requires_action' && payment.next_action
        ? payment.next_action
        : { type: 'redirect_to_url' as const, redirect_to_url: { url: back.toString(), return_url: returnUrl } };
    return engine.authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: nextAction });
  };

  /** The merchant's payment waiting for 3-D Secure and the answer it calls for, read before the transaction. */
  const checkAuthentication = async (merchantId: number, returnUrl: string): Promise<AuthenticationCheck> => {
    const waiting = await waitingAuthentication(db, merchantId);
    return waiting ? { id: waiting.paymentIntentId, refusal: await refusalFor(waiting, returnUrl) } : { id: null, refusal: null };
  };

  /**
   * One on-session payment awaits 3-D Secure at a time: charging again while one waits could take money twice for
   * the same change (the customer may still complete the first). Throwing rolls back whatever the call prepared
   * and sends the customer back to the waiting payment: its issuer page while the bank still waits, or the billing
   * page's return handler (which confirms it) once the bank has answered. The gateway was asked before this
   * transaction ({@link checkAuthentication}); a payment that started waiting since makes the request start over.
   */
  const refuseWhileAuthenticating = async (ctx: MerchantTx, checked: AuthenticationCheck): Promise<void> => {
    const waiting = await waitingAuthentication(ctx.tx, ctx.account.merchantId);
    if (!waiting) return;
    if (waiting.paymentIntentId !== checked.id) throw new AuthenticationAppeared();
    if (checked.refusal) throw checked.refusal;
  };

  /** One on-session charge at a time: a second one (a double click, two tabs) while the first is under way is refused. */
  const refuseWhileCharging = async (ctx: MerchantTx): Promise<void> => {
    if (await chargeInFlight(ctx.tx, ctx.account.merchantId)) throw chargeUnderWay();
  };

  /**
   * Keeps the invoice open and the change on hold while the customer authenticates (Stripe's
   * `requires_action`); the call answers 402 `authentication_required` with the page to go to.
   */
  const awaitAuthentication = async (ctx: MerchantTx, invoice: InvoiceRecord, payment: AuthenticationPayment, pending: PendingChange): Promise<void> => {
    await insertAuthentication(ctx.tx, { paymentIntentId: payment.id, merchantId: ctx.account.merchantId, invoiceId: invoice.id, purpose: pending.purpose, details: pending.details, now: ctx.now });
    ctx.failAfterCommit(engine.authenticationError(payment));
  };

  /**
   * What a paid on-session payment paid for: the first plan started, the plan changed, the add-on or past-due
   * subscription active again. Run when the card pays, by confirm-payment after 3-D Secure, and by the recovery pass.
   */
  const applyPaid = async (ctx: MerchantTx, pending: PendingChange, invoice: InvoiceRecord, now: number): Promise<void> => {
    if (pending.purpose === 'subscribe') {
      const st = await billingState(ctx.tx, ctx.account.merchantId);
      if (st.current) throw new AppError('already_subscribed');
      await activation.startPlan(ctx.tx, ctx.account.merchantId, (await findPackage(ctx.tx, pending.details.package_id)) as CatalogPackage, invoice, now);
    } else if (pending.purpose === 'plan_change') {
      await activation.applyPlanChange(ctx.tx, pending.details, invoice.periodStart, now);
    } else {
      await updateSubscriptions(ctx.tx, pending.details.subscription_id, { status: 'active', dunningAttempts: 0, nextRetryAt: null, updatedAt: now });
    }
  };

  /**
   * A refused or unanswerable payment: a first plan or plan change voided (nothing of it left), an add-on left
   * owed (dunning, as Retry Payment replaces Subscribe), a past-due invoice left as it was; 3-D Secure waits.
   * The refusal (if any: a charge that was never made answers the provider's error instead) is answered after the commit.
   */
  const settleUnpaid = async (ctx: MerchantTx, invoice: InvoiceRecord, pending: PendingChange, refusal: AppError | null, authentication: AuthenticationPayment | null): Promise<void> => {
    if (pending.purpose === 'add_on' && invoice.status === 'open') {
      const sub = (await subscriptionsByIds(ctx.tx, [pending.details.subscription_id])).get(pending.details.subscription_id);
      // Waiting for 3-D Secure is not a failure yet: the merchant is told only of a refusal.
      if (sub) await engine.startDunning(ctx.tx, ctx.account, sub, invoice, ctx.now, authentication === null);
    }
    if (authentication) {
      await awaitAuthentication(ctx, invoice, authentication, pending);
      return;
    }
    if (VOID_ON_FAILURE.includes(pending.purpose) && invoice.status === 'open') await engine.voidInvoice(ctx.tx, ctx.account, invoice, ctx.now);
    if (refusal) ctx.failAfterCommit(refusal);
  };

  /**
   * Step three, in the merchant's transaction: the charge's answer recorded once ({@link Engine.recordIntentOutcome})
   * and what it paid for applied, or the change undone. 'already': recorded meanwhile (the recovery pass);
   * 'paid_meanwhile': the invoice was settled otherwise (a succeeded charge must then be refunded after the commit).
   */
  const recordOutcome = async (ctx: MerchantTx, intent: ChargeIntent, pending: PendingChange, charged: Charged): Promise<'paid' | 'unpaid' | 'already' | 'paid_meanwhile'> => {
    const paid = await engine.recordIntentOutcome(ctx.tx, ctx.account, intent, charged);
    if (paid.ok) {
      await applyPaid(ctx, pending, await readInvoice(ctx.tx, intent.invoiceId), intent.now);
      return 'paid';
    }
    if (paid.code === 'already' || paid.code === 'paid_meanwhile') return paid.code;
    // The other refusals (TypeScript does not narrow a member whose code is itself a union).
    const refused = paid as Parameters<Engine['paymentError']>[0];
    const invoice = await readInvoice(ctx.tx, intent.invoiceId);
    await settleUnpaid(ctx, invoice, pending, engine.paymentError(refused), refused.code === 'requires_action' ? refused.payment : null);
    return 'unpaid';
  };

  /** Step one: the checks, the caller's preparation, and the charge's intent, in one transaction of the merchant's. */
  const prepareCharge = async <T>(actor: Actor, returnUrl: string, prepare: (ctx: MerchantTx) => Promise<OnSessionStep<T>>) => {
    for (let round = 1; ; round += 1) {
      const checked = await checkAuthentication(actor.merchantId, returnUrl);
      // A request of staff on the merchant's behalf writes its entry with the answer: in this transaction when
      // nothing is charged, else in the one that records the charge's answer.
      const held = holdTransactionWork(actor.scope);
      try {
        const prepared = await engine.withMerchant({ merchantId: actor.merchantId, scope: held.scope }, async (ctx) => {
          await refuseWhileAuthenticating(ctx, checked);
          await refuseWhileCharging(ctx);
          const step = await prepare(ctx);
          if ('done' in step) return { done: step.done, intent: null };
          const { invoice, pending, respond } = step.charge;
          if (invoice.status !== 'open' || invoice.amountDue === 0) {
            // Paid by the credit balance: nothing to charge.
            if (invoice.status === 'open') await engine.settleWithoutCharge(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false });
            await applyPaid(ctx, pending, invoice, ctx.now);
            return { done: await respond(ctx), intent: null };
          }
          const intent = await engine.recordChargeIntent(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl, purpose: pending });
          if (!intent) throw engine.paymentError({ ok: false, code: 'no_card', message: 'Cannot charge a customer that has no active card' });
          held.keep();
          return { done: null, intent: { intent, pending, respond } };
        });
        return prepared ?? { done: null, intent: null };
      } catch (error) {
        held.restore();
        if (!(error instanceof AuthenticationAppeared)) throw error;
        // A race, not bad input: after three rounds the customer is told a payment is under way (409), never a 500.
        if (round < 3) continue;
        throw chargeUnderWay();
      }
    }
  };

  /**
   * An on-session payment in three steps: `prepare` runs in the merchant's transaction and either answers at
   * once (`done`) or returns the open invoice to charge and what it pays for; the intent is committed with it;
   * the card is charged with no transaction open; the answer is recorded in a new transaction (paid: the change
   * applied and `respond` answers; refused: the change undone and the refusal answered, as before). A charge the
   * gateway did not answer is read back by its key; when that cannot be done either, the intent is left to the
   * recovery pass (see recoverCharge) and the error answered.
   */
  const payOnSession = async <T>(actor: Actor, prepare: (ctx: MerchantTx) => Promise<OnSessionStep<T>>): Promise<T | null> =>
    oneAtATime(actor.merchantId, () => payNow(actor, prepare));

  /**
   * A merchant's on-session payments in this process run one after another, as they did when each held the
   * merchant's lock from start to end: twenty identical requests each see what the previous one did (the second
   * upgrade: "already your plan"). A charge under way elsewhere (another instance, or one a crash left) is refused.
   */
  const queues = new Map<number, Promise<unknown>>();
  const oneAtATime = async <T>(merchantId: number, run: () => Promise<T>): Promise<T> => {
    const mine = (queues.get(merchantId) ?? Promise.resolve()).then(run);
    const settled = mine.catch(() => undefined);
    queues.set(merchantId, settled);
    try {
      return await mine;
    } finally {
      if (queues.get(merchantId) === settled) queues.delete(merchantId);
    }
  };

  const payNow = async <T>(actor: Actor, prepare: (ctx: MerchantTx) => Promise<OnSessionStep<T>>): Promise<T | null> => {
    const returnUrl = returnUrlOf(actor, publicUrl);
    const prepared = await prepareCharge(actor, returnUrl, prepare);
    if (!prepared.intent) return prepared.done;
    const { intent, pending, respond } = prepared.intent;
    let charged: Charged;
    try {
      charged = await engine.chargeIntent(intent);
    } catch (error) {
      const found = await gateway.findPaymentByKey({ customer: intent.input.customer, idempotencyKey: intent.input.idempotencyKey }).catch(() => undefined);
      // Not even the lookup answered: the intent waits for the recovery pass.
      if (found === undefined) throw error;
      if (found === null) {
        // Nothing was charged: the change is undone (a first plan or plan change voided, an add-on left owed).
        await engine.withMerchant(actor, async (ctx) => {
          const invoice = await readInvoice(ctx.tx, intent.invoiceId);
          if (await dropPendingCharge(ctx.tx, intent.rowId)) await settleUnpaid(ctx, invoice, pending, null, null);
        });
        throw error;
      }
      charged = { payment: found, paymentMethod: intent.paymentMethod, idempotencyKey: intent.input.idempotencyKey, attempt: intent.attempt };
    }
    let refund = false;
    try {
      return await engine.withMerchant(actor, async (ctx) => {
        const outcome = await recordOutcome(ctx, intent, pending, charged);
        const succeeded = charged.payment.status === 'succeeded';
        if (outcome === 'paid' || (outcome === 'already' && succeeded)) return respond(ctx);
        if (outcome === 'paid_meanwhile') {
          refund = succeeded;
          ctx.failAfterCommit(new AppError('invoice_already_paid'));
        } else if (outcome === 'already') {
          ctx.failAfterCommit(new AppError('payment_failed', { message: charged.payment.failure_message ?? 'Your card was declined.' }));
        }
        return null;
      });
    } finally {
      // Money taken for an invoice settled meanwhile goes back (recorded, refunded and shown to staff once).
      if (refund) await parts.reportedPayment(charged.payment);
    }
  };

  return { refusalFor, checkAuthentication, refuseWhileAuthenticating, awaitAuthentication, applyPaid, settleUnpaid, recordOutcome, payOnSession };
};

export type OnSessionPayment = ReturnType<typeof createOnSessionPayment>;
