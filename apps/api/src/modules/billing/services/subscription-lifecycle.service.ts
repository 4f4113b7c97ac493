import type { CancelTrialingPackageOutput, LateSubscribeOutput, RetryPaymentOutput } from '@merchant-hub/validation';
import { iso } from '../../../db/rows';
import { declineDetails, type GatewayPayment } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import type { CatalogPackage } from '../../packages';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { openInvoiceOf, readInvoice, toInvoice } from '../repositories/invoices.repository';
import { dropPendingCharge, pendingChargeOf, waitingAuthentication } from '../repositories/payments.repository';
import { cancelSubscription, retryableSubscription, updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, billingState, dateOf, PAYMENT_RECEIVED, purchasable, returnUrlOf } from './billing-state';
import { chargeUnderWay, type OnSessionPayment, type OnSessionStep, PENDING_CHARGE_STALE_SECONDS } from './on-session-payment';
import type { AttachedCard, PaymentMethodsService } from './payment-methods.service';
import type { PlanActivation } from './plan-activation';

/** What subscribing answers once the first plan is paid. */
type SubscribeAnswer = { message: string; notice: { kind: 'welcomePlan'; plan: string }; change: 'upgrade'; invoice: Awaited<ReturnType<typeof toInvoice>> };

/** Subscribing, the scheduled change's cancellation, unsubscribe and resume, and paying what a renewal left owed. */
export const createSubscriptionLifecycleService = (engine: Engine, parts: { onSession: OnSessionPayment; activation: PlanActivation; paymentMethods: PaymentMethodsService; reportedPayment: (payment: GatewayPayment) => Promise<unknown> }) => {
  const { publicUrl } = engine.deps;
  const { onSession, activation, paymentMethods } = parts;

  /**
   * A first plan (or a plan after the last one ended), step one of its on-session payment (see payOnSession): a
   * full period from now, credit first, then the card. `card`: a card saved at the gateway for it, recorded now as
   * the default one.
   */
  const subscribeStep = async (ctx: MerchantTx, pkg: CatalogPackage, card: AttachedCard | null): Promise<OnSessionStep<SubscribeAnswer>> => {
    const st = await billingState(ctx.tx, ctx.account.merchantId);
    if (st.current) throw new AppError('already_subscribed');
    if (card && !(await paymentMethods.recordAttached(ctx, card, true))) return { done: null };
    if (!ctx.account.defaultPaymentMethod) throw new AppError('no_valid_card');
    const invoice = await activation.firstPlanInvoice(ctx, pkg);
    const respond = async (done: MerchantTx): Promise<SubscribeAnswer> => ({
      message: `Welcome to ${pkg.name}!`,
      notice: { kind: 'welcomePlan' as const, plan: pkg.name },
      change: 'upgrade' as const,
      invoice: await toInvoice(done.tx, await readInvoice(done.tx, invoice.id)),
    });
    return { charge: { invoice, pending: { purpose: 'subscribe', details: { package_id: pkg.id } }, respond } };
  };

  const cancelTrialing = async (actor: Actor, input: CancelTrialingPackageOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      const st = await billingState(ctx.tx, actor.merchantId);
      const pending = st.pendingRecord;
      if (!pending || pending.stripePlan !== input.price_id || !st.currentRecord) throw new AppError('cancel_trialing_failed');
      await cancelSubscription(ctx.tx, pending.id, ctx.now);
      await updateSubscriptions(ctx.tx, st.currentRecord.id, { endsAt: null, updatedAt: ctx.now });
      return { message: 'Next billing package is canceled successfully', notice: { kind: 'nextPlanCanceled' as const } };
    });

  const unsubscribe = async (actor: Actor) =>
    engine.withMerchant(actor, async (ctx) => {
      const st = await billingState(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status !== 'active') throw new AppError('no_subscription');
      // Already ending (a second tab, a double click): say when, in the merchant's language (details.values.date).
      if (current.endsAt !== null && !st.pendingRecord) {
        throw new AppError('already_unsubscribed', { message: `Your plan already ends on ${dateOf(current.endsAt)}`, details: { ends_at: current.endsAt, values: { date: dateOf(current.endsAt) } } });
      }
      const endsAt = current.periodEnd as number;
      if (st.pendingRecord) await cancelSubscription(ctx.tx, st.pendingRecord.id, ctx.now);
      // Live subscriptions are the merchant's own (billingState reads them by merchant).
      await updateSubscriptions(ctx.tx, st.subs.filter((s) => s.status === 'active').map((s) => s.id), { endsAt, updatedAt: ctx.now });
      if (st.current?.package) await engine.mailPlan(ctx.tx, ctx.account, 'planEnding', st.current.package as CatalogPackage, endsAt);
      return { message: `Your plan will end on ${dateOf(endsAt)}`, notice: { kind: 'planEnding' as const, at: endsAt }, ends_at: iso(endsAt) };
    });

  const resume = async (actor: Actor) =>
    engine.withMerchant(actor, async (ctx) => {
      const st = await billingState(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status !== 'active' || current.endsAt === null || st.pendingRecord) throw new AppError('not_resumable');
      await updateSubscriptions(ctx.tx, st.subs.filter((s) => s.status === 'active').map((s) => s.id), { endsAt: null, updatedAt: ctx.now });
      return { message: 'Your plan has been resumed', notice: { kind: 'planResumed' as const }, ends_at: null };
    });

  /**
   * POST retry-payment, with no gateway call inside a transaction (issue 25 item 6): the intent is recorded (a
   * pending payment row holding the charge's idempotency key) in the merchant's transaction, the card is charged
   * after it commits, and the answer is recorded in the next one, which re-reads the invoice under the lock. A
   * charge that succeeded for an invoice paid meanwhile is refunded through the gateway. A crash between the steps
   * leaves the pending row for the scheduler's recovery pass.
   */
  const retryPayment = async (actor: Actor, input: RetryPaymentOutput) => {
    const returnUrl = returnUrlOf(actor, publicUrl);
    const prepared = await engine.withMerchant(actor.merchantId, async (ctx) => {
      const sub = await retryableSubscription(ctx.tx, actor.merchantId, input.type);
      const invoice = sub ? await openInvoiceOf(ctx.tx, sub.id) : null;
      if (!sub || !invoice) throw new AppError('invoice_already_paid');
      const waiting = await waitingAuthentication(ctx.tx, actor.merchantId);
      if (waiting) return { subId: sub.id, intent: null, waiting };
      const pending = await pendingChargeOf(ctx.tx, invoice.id);
      if (pending && ctx.now - pending.createdAt < PENDING_CHARGE_STALE_SECONDS) throw chargeUnderWay();
      // Left by a crash between the charge and its record: asked again under the same key (the invoice's attempt
      // count did not move), so the gateway answers with that charge if it was taken, never a second one.
      if (pending) await dropPendingCharge(ctx.tx, pending.id);
      const intent = await engine.recordChargeIntent(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl, purpose: { purpose: 'retry', details: { subscription_id: sub.id } } });
      if (!intent) throw new AppError('no_valid_card');
      return { subId: sub.id, intent, waiting: null };
    });
    if (!prepared) throw new AppError('not_found');
    const { subId, intent, waiting } = prepared;
    if (waiting) {
      const refusal = await onSession.refusalFor(waiting, returnUrl);
      if (refusal) throw refusal;
    }
    if (!intent) throw new AppError('invoice_already_paid');
    let charged;
    try {
      charged = await engine.chargeIntent(intent);
    } catch (error) {
      // No answer (the provider down past chargeOnce's retries): nothing is recorded, as before; the next Retry
      // Payment asks again under the same key.
      await engine.withMerchant(actor.merchantId, (ctx) => dropPendingCharge(ctx.tx, intent.rowId));
      throw error;
    }
    let refund = false;
    try {
      return await engine.withMerchant(actor, async (ctx) => {
        const paid = await engine.recordIntentOutcome(ctx.tx, ctx.account, intent, charged);
        const succeeded = charged.payment.status === 'succeeded';
        if (paid.ok || (paid.code === 'already' && succeeded)) {
          await updateSubscriptions(ctx.tx, subId, { status: 'active', dunningAttempts: 0, nextRetryAt: null, updatedAt: ctx.now });
          return { message: 'Payment received', notice: PAYMENT_RECEIVED };
        }
        if (paid.code === 'paid_meanwhile') {
          refund = succeeded;
          ctx.failAfterCommit(new AppError('invoice_already_paid'));
        } else if (paid.code === 'requires_action') {
          await onSession.awaitAuthentication(ctx, await readInvoice(ctx.tx, intent.invoiceId), paid.payment, { purpose: 'retry', details: { subscription_id: subId } });
        } else if (paid.code === 'declined') {
          ctx.failAfterCommit(engine.paymentError(paid));
        } else {
          ctx.failAfterCommit(new AppError('payment_failed', { message: charged.payment.failure_message ?? 'Your card was declined.', ...(charged.payment.failure_code ? { details: declineDetails(charged.payment.failure_code) } : {}) }));
        }
        return null;
      });
    } finally {
      // Money taken for an invoice settled meanwhile goes back (recorded, refunded and shown to staff once).
      if (refund) await parts.reportedPayment(charged.payment);
    }
  };

  const lateSubscribeIntent = async (actor: Actor) => {
    const intent = await paymentMethods.createIntent(actor);
    return { stripeIntent: intent, client_secret: intent?.client_secret };
  };

  /**
   * POST late-subscribe: the card saved at the gateway first, outside any transaction (after the checks that do
   * not need the lock, so a refused request saves nothing), then the first plan paid on session.
   */
  const lateSubscribe = async (actor: Actor, input: LateSubscribeOutput) => {
    const { db } = engine.deps;
    const account = await readBillingAccount(db, actor.merchantId);
    if (account) {
      await purchasable(db, account, input.package_id, actor.isStaff);
      if ((await billingState(db, actor.merchantId)).current) throw new AppError('already_subscribed');
    }
    // A payment waiting for 3-D Secure sends the customer back to it before any card is saved.
    const waiting = await onSession.checkAuthentication(actor.merchantId, returnUrlOf(actor, publicUrl));
    if (waiting.refusal) throw waiting.refusal;
    const card = input.paymentMethod ? await paymentMethods.attachAtGateway(actor.merchantId, input.paymentMethod) : null;
    return onSession.payOnSession(actor, async (ctx) => subscribeStep(ctx, await purchasable(ctx.tx, ctx.account, input.package_id, actor.isStaff), card));
  };

  return { subscribeStep, cancelTrialing, unsubscribe, resume, retryPayment, lateSubscribeIntent, lateSubscribe };
};

export type SubscriptionLifecycleService = ReturnType<typeof createSubscriptionLifecycleService>;
