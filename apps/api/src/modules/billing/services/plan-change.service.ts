import { decidePlanChange } from '@merchant-hub/billing-rules';
import { invoiceAmounts, planChangeProration, prorate } from '@merchant-hub/money';
import type { DowngradeOrUpgradeOutput } from '@merchant-hub/validation';
import { type Exec, iso } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { addOnPackage, type CatalogPackage, packagesById } from '../../packages';
import type { DraftLine, Engine, MerchantTx } from '../engine/billing.engine';
import { nextPeriodEnd } from '../engine/periods';
import { type BillingAccount, readBillingAccount } from '../repositories/billing-accounts.repository';
import { findInvoice, toInvoice } from '../repositories/invoices.repository';
import { billedUnitAmount, cancelSubscription, type SubscriptionRecord, updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, billingState, dateOf, type PendingChange, purchasable } from './billing-state';
import type { OnSessionPayment, OnSessionStep } from './on-session-payment';
import type { SubscriptionLifecycleService } from './subscription-lifecycle.service';

/** What a plan change (or a first plan chosen on the plans page) answers. */
type PlanChangeAnswer = {
  message: string;
  notice: { kind: 'planScheduled'; plan: string; at: number } | { kind: 'planSwitched'; plan: string; period: string } | { kind: 'planUpgraded'; plan: string } | { kind: 'welcomePlan'; plan: string };
  change: string;
  invoice: Awaited<ReturnType<typeof toInvoice>> | null;
};

type AddOnRealignment = { sub: SubscriptionRecord; oldPkg: CatalogPackage; newPkg: CatalogPackage };

/** Upgrades, period switches and scheduled downgrades, and the preview that shows what they will charge. */
export const createPlanChangeService = (engine: Engine, parts: { onSession: OnSessionPayment; lifecycle: SubscriptionLifecycleService }) => {
  const { db } = engine.deps;
  const { onSession, lifecycle } = parts;

  /**
   * What a plan change costs right now, the same numbers the change itself will charge. The unused time is
   * credited at what the current period was billed at (billedUnitAmount), never at an edited package price.
   */
  const quotePlanChange = (account: BillingAccount, current: SubscriptionRecord, currentPkg: CatalogPackage, target: CatalogPackage, now: number, addOn: AddOnRealignment | null) => {
    const start = current.periodStart as number;
    const end = current.periodEnd as number;
    const currency = account.currency;
    const lines: DraftLine[] = [];
    let newPeriodEnd = end;
    if (currentPkg.billing_period === target.billing_period) {
      const { credit, charge } = planChangeProration({ oldAmount: billedUnitAmount(current, currentPkg), newAmount: target.subtotal, periodStart: start, periodEnd: end, at: now, currency });
      lines.push({ description: `Unused time on ${currentPkg.name} after ${dateOf(now)}`, label: { kind: 'unused', plan: currentPkg.name, at: now }, amount: -credit, proration: true, periodStart: now, periodEnd: end });
      lines.push({ description: `Remaining time on ${target.name} after ${dateOf(now)}`, label: { kind: 'remaining', plan: target.name, at: now }, amount: charge, proration: true, periodStart: now, periodEnd: end });
    } else {
      // Monthly ↔ yearly: a new cycle starts now; the old plan's unused time is credited.
      newPeriodEnd = nextPeriodEnd(now, target.billing_period, now);
      const credit = prorate({ amount: billedUnitAmount(current, currentPkg), periodStart: start, periodEnd: end, at: now, currency });
      lines.push({ description: `Unused time on ${currentPkg.name} after ${dateOf(now)}`, label: { kind: 'unused', plan: currentPkg.name, at: now }, amount: -credit, proration: true, periodStart: now, periodEnd: end });
      lines.push(engine.planLine(target, now, newPeriodEnd));
      if (addOn && addOn.sub.periodStart !== null && addOn.sub.periodEnd !== null) {
        const addOnCredit = prorate({ amount: billedUnitAmount(addOn.sub, addOn.oldPkg) * addOn.sub.quantity, periodStart: addOn.sub.periodStart, periodEnd: addOn.sub.periodEnd, at: now, currency });
        lines.push({ description: `Unused time on ${addOn.sub.quantity} × ${addOn.oldPkg.name}`, label: { kind: 'unusedQuantity', plan: addOn.oldPkg.name, quantity: addOn.sub.quantity }, amount: -addOnCredit, proration: true, periodStart: now, periodEnd: addOn.sub.periodEnd });
        lines.push(engine.planLine(addOn.newPkg, now, newPeriodEnd, addOn.sub.quantity));
      }
    }
    return { lines, newPeriodEnd };
  };

  const addOnRealignment = async (exec: Exec, account: BillingAccount, addOn: SubscriptionRecord | null, target: CatalogPackage): Promise<AddOnRealignment | null> => {
    if (!addOn || addOn.status !== 'active') return null;
    const oldPkg = (await packagesById(exec, [addOn.packageId])).get(addOn.packageId) as CatalogPackage;
    if (oldPkg.billing_period === target.billing_period) return null;
    const newPkg = await addOnPackage(exec, account.market, target.billing_period);
    return newPkg ? { sub: addOn, oldPkg, newPkg } : null;
  };

  const planChangePreview = async (actor: Actor, packageId: number) => {
    const now = await engine.nowFor(db, actor.merchantId);
    const account = await readBillingAccount(db, actor.merchantId);
    if (!account) throw new AppError('no_subscription');
    const target = await purchasable(db, account, packageId, actor.isStaff);
    const st = await billingState(db, actor.merchantId);
    if (!st.current || !st.currentRecord) throw new AppError('no_subscription');
    const decision = decidePlanChange({ subscriptions: st.domain, target });
    const currentPkg = st.current.package as CatalogPackage;
    const base = { change: decision.change, effect: decision.effect, must_acknowledge_coupon_removal: decision.mustAcknowledgeCouponRemoval, currency: account.currency, package: target };
    if (decision.change !== 'upgrade' && decision.change !== 'period_switch') return { ...base, lines: [], subtotal: 0, tax: 0, total: 0, applied_balance: 0, amount_due: 0 };
    const addOn = await addOnRealignment(db, account, st.addOn, target);
    const { lines, newPeriodEnd } = quotePlanChange(account, st.currentRecord, currentPkg, target, now, addOn);
    // The figures the invoice will carry: libs/money's totals, credit applied before the card.
    const amounts = invoiceAmounts({ lines, coupon: null, taxPercent: target.tax, currency: account.currency, balance: account.balance });
    return {
      ...base,
      lines: lines.map((l) => ({ description: l.description, label: l.label, amount: l.amount, proration: l.proration ?? false, period: { start: l.periodStart, end: l.periodEnd } })),
      subtotal: amounts.subtotal,
      tax: amounts.tax,
      tax_percent: target.tax,
      rounding_amount: amounts.rounding,
      total: amounts.total,
      applied_balance: amounts.appliedBalance,
      amount_due: amounts.amountDue,
      period_end: iso(newPeriodEnd),
    };
  };

  /**
   * POST downgrade-or-upgrade. A downgrade is scheduled at once; an upgrade or period switch is an on-session
   * payment (see payOnSession): its invoice and charge intent committed, the card charged with no transaction open,
   * the plan changed when the answer is recorded (or the invoice voided on a refusal).
   */
  const downgradeOrUpgrade = async (actor: Actor, input: DowngradeOrUpgradeOutput) =>
    onSession.payOnSession<PlanChangeAnswer>(actor, async (ctx): Promise<OnSessionStep<PlanChangeAnswer>> => {
      const target = await purchasable(ctx.tx, ctx.account, input.package_id, actor.isStaff);
      const st = await billingState(ctx.tx, actor.merchantId);
      if (!st.current || !st.currentRecord) {
        // No plan yet: choosing one is subscribing, paid with the default card.
        return lifecycle.subscribeStep(ctx, target, null);
      }
      const failure = input.type === 'downgrade' ? 'downgrade_failed' : 'upgrade_failed';
      if (st.subs.some((s) => s.status === 'past_due')) throw new AppError(failure, { message: 'Please settle the unpaid invoice before changing plan' });
      const decision = decidePlanChange({ subscriptions: st.domain, target });
      const current = st.currentRecord;
      const currentPkg = st.current.package as CatalogPackage;
      if (decision.change === 'same') {
        throw new AppError(failure, { message: `${target.name} is already your plan` });
      }
      if (decision.change === 'downgrade') {
        if (st.pendingRecord && st.pendingRecord.packageId === target.id) throw new AppError('downgrade_failed', { message: `${target.name} is already scheduled` });
        if (st.pendingRecord) await cancelSubscription(ctx.tx, st.pendingRecord.id, ctx.now);
        const startsAt = current.periodEnd as number;
        await engine.insertSubscription(ctx.tx, { merchantId: actor.merchantId, name: 'default', status: 'trialing', pkg: target, periodStart: null, periodEnd: null, trialEndsAt: startsAt, now: ctx.now });
        await updateSubscriptions(ctx.tx, current.id, { endsAt: startsAt, promotionCodeId: null, couponAppliedAt: null, updatedAt: ctx.now });
        await engine.mailPlan(ctx.tx, ctx.account, 'planChangeScheduled', target, startsAt);
        return {
          done: {
            message: `Your plan will change to ${target.name} on ${dateOf(startsAt)}`,
            notice: { kind: 'planScheduled' as const, plan: target.name, at: startsAt },
            change: 'downgrade' as const,
            invoice: null,
          },
        };
      }
      // Upgrade or period switch: immediate, prorated to the second, charged at once (always_invoice).
      const addOn = await addOnRealignment(ctx.tx, ctx.account, st.addOn, target);
      const { lines, newPeriodEnd } = quotePlanChange(ctx.account, current, currentPkg, target, ctx.now, addOn);
      const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
        subscriptionId: current.id,
        lines,
        taxPercent: target.tax,
        taxLabel: target.tax_label,
        billingReason: 'subscription_update',
        now: ctx.now,
      });
      const switched = decision.change === 'period_switch';
      const change: Extract<PendingChange, { purpose: 'plan_change' }> = {
        purpose: 'plan_change',
        details: {
          change: switched ? 'period_switch' : 'upgrade',
          package_id: target.id,
          subscription_id: current.id,
          scheduled_subscription_id: st.pendingRecord?.id ?? null,
          period_end: newPeriodEnd,
          unit_amount: target.subtotal,
          add_on: switched && addOn ? { subscription_id: addOn.sub.id, package_id: addOn.newPkg.id, unit_amount: addOn.newPkg.subtotal } : null,
        },
      };
      const respond = async (done: MerchantTx): Promise<PlanChangeAnswer> => {
        const finalInvoice = await findInvoice(done.tx, invoice.id);
        return {
          message: switched ? `Your plan has been switched to ${target.name} (${target.billing_period})` : `Your plan has been upgraded to ${target.name}`,
          notice: switched ? { kind: 'planSwitched' as const, plan: target.name, period: target.billing_period } : { kind: 'planUpgraded' as const, plan: target.name },
          change: decision.change,
          invoice: finalInvoice ? await toInvoice(done.tx, finalInvoice) : null,
        };
      };
      return { charge: { invoice, pending: change, respond } };
    });

  return { quotePlanChange, addOnRealignment, planChangePreview, downgradeOrUpgrade };
};

export type PlanChangeService = ReturnType<typeof createPlanChangeService>;
