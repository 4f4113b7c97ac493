import type { Knex } from 'knex';
import { type CatalogPackage, findPackage } from '../../packages';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { nextPeriodEnd } from '../engine/periods';
import { type InvoiceRecord, invoiceLines, setInvoiceSubscription } from '../repositories/invoices.repository';
import { updateSubscriptions } from '../repositories/subscriptions.repository';
import type { PlanChangeDetails } from './billing-state';

/**
 * What a paid plan purchase or plan change does to the subscriptions: run at once when the card pays, or by
 * confirm-payment after 3-D Secure.
 */
export const createPlanActivation = (engine: Engine) => {
  /** A first plan's invoice: one full period from now (FPX passes its payment and keeps the credit balance). */
  const firstPlanInvoice = async (ctx: MerchantTx, pkg: CatalogPackage, options: { applyBalance?: boolean; paymentIntentId?: string } = {}): Promise<InvoiceRecord> => {
    const periodEnd = nextPeriodEnd(ctx.now, pkg.billing_period, ctx.now);
    return engine.createInvoice(ctx.tx, ctx.account, {
      subscriptionId: null,
      lines: [engine.planLine(pkg, ctx.now, periodEnd)],
      taxPercent: pkg.tax,
      taxLabel: pkg.tax_label,
      billingReason: 'subscription_create',
      ...options,
      now: ctx.now,
    });
  };

  /**
   * The paid first invoice's period becomes the plan's first period, billed at what its plan line charged (a
   * price edited while 3-D Secure was pending reaches the plan at its renewal).
   */
  const startPlan = async (tx: Knex.Transaction, merchantId: number, pkg: CatalogPackage, invoice: InvoiceRecord, now: number): Promise<void> => {
    const unitAmount = (await invoiceLines(tx, invoice.id))[0]?.amount;
    const sub = await engine.insertSubscription(tx, { merchantId, name: 'default', status: 'active', pkg, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, unitAmount, now });
    await setInvoiceSubscription(tx, invoice.id, sub.id);
  };

  /**
   * Moves the subscription to the paid-for plan. `startedAt` is when the change was charged: a period switch
   * starts its new cycle then, even when 3-D Secure made the payment complete later.
   */
  const applyPlanChange = async (tx: Knex.Transaction, details: PlanChangeDetails, startedAt: number, now: number): Promise<void> => {
    const target = (await findPackage(tx, details.package_id)) as CatalogPackage;
    if (details.scheduled_subscription_id !== null) {
      await updateSubscriptions(tx, details.scheduled_subscription_id, { status: 'canceled', canceledAt: now, updatedAt: now }, { unlessCanceled: true });
    }
    const switched = details.change === 'period_switch';
    const newCycle = switched ? { periodStart: startedAt, periodEnd: details.period_end, anchor: startedAt } : {};
    await updateSubscriptions(tx, details.subscription_id, {
      packageId: target.id,
      stripePlan: target.stripe_id,
      endsAt: null,
      promotionCodeId: null,
      couponAppliedAt: null,
      couponInvoicesUsed: 0,
      // The quoted price is what the rest of this period was charged at (3-D Secure may complete later).
      unitAmount: details.unit_amount ?? target.subtotal,
      ...newCycle,
      updatedAt: now,
    });
    if (switched && details.add_on) {
      const addOnPkg = (await findPackage(tx, details.add_on.package_id)) as CatalogPackage;
      await updateSubscriptions(tx, details.add_on.subscription_id, { packageId: addOnPkg.id, stripePlan: addOnPkg.stripe_id, unitAmount: details.add_on.unit_amount ?? addOnPkg.subtotal, ...newCycle, updatedAt: now });
    }
  };

  return { firstPlanInvoice, startPlan, applyPlanChange };
};

export type PlanActivation = ReturnType<typeof createPlanActivation>;
