import { currentPlanSubscription, decidePlanChange, isAddOnSectionVisible, pendingPlanChange } from '@merchant-hub/billing-rules';
import type { BillingResponse, CreditBalance, Invoice, Market, Package, SelectedPackage } from '@merchant-hub/domain';
import { couponDiscount, MoneyError, planChangeProration, prorate } from '@merchant-hub/money';
import type {
  AddCardOutput,
  AddCouponOutput,
  BillingHistoryQueryOutput,
  BillingInfoOutput,
  CancelTrialingPackageOutput,
  ConfirmPaymentOutput,
  CreditBalanceQueryOutput,
  DowngradeOrUpgradeOutput,
  FpxBankCode,
  LateSubscribeFpxOutput,
  LateSubscribeOutput,
  RetryPaymentOutput,
} from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { bankChoiceRequired, GatewayError } from '../../gateways/port';
import { AppError, validationError } from '../../http/errors';
import { addOnPackage, type CatalogPackage, findPackage, marketPlans } from '../packages/packages.repository';
import { type AuthenticationPayment, type DraftLine, type Engine, invoiceTotals, type MerchantTx, nextPeriodEnd } from './billing.engine';
import {
  type BillingAccount,
  billingInfoOf,
  cardsOf,
  ensureBillingAccount,
  findInvoice,
  findPromotionByCode,
  type InvoiceRecord,
  iso,
  liveSubscriptions,
  newId,
  packagesById,
  type PromotionRecord,
  readBillingAccount,
  type SubscriptionRecord,
  toBalanceTransaction,
  toCoupon,
  toInvoice,
  toInvoiceRecord,
  toSubscriptions,
} from './billing.repository';
import { couponProblem } from './coupon-rules';

const PAGE_SIZE = 10;

/** `returnUrl`: where the card issuer's 3-D Secure page sends the customer back (the billing page, `flow=3ds`). */
export type Actor = { merchantId: number; isStaff: boolean; returnUrl?: string };

/** What an on-session payment waiting for 3-D Secure will do once it succeeds. */
type PendingChange =
  | { purpose: 'subscribe'; details: { package_id: number } }
  | {
      purpose: 'plan_change';
      details: {
        change: 'upgrade' | 'period_switch';
        package_id: number;
        subscription_id: number;
        scheduled_subscription_id: number | null;
        period_end: number;
        add_on: { subscription_id: number; package_id: number } | null;
      };
    }
  | { purpose: 'retry' | 'add_on'; details: { subscription_id: number } };

/** A first plan and a plan change leave nothing behind when authentication fails; unpaid renewals and add-ons stay owed. */
const VOID_ON_FAILURE: readonly PendingChange['purpose'][] = ['subscribe', 'plan_change'];

/** A day as people read it in messages and invoice lines (spec §9: DD/MM/YYYY), in UTC like every stored time. */
const dateOf = (seconds: number): string => {
  const [year, month, day] = new Date(seconds * 1000).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

export const createBillingService = (engine: Engine) => {
  const { db, gateway, publicUrl } = engine.deps;

  const state = async (exec: Knex | Knex.Transaction, merchantId: number) => {
    const subs = await liveSubscriptions(exec, merchantId);
    const domain = await toSubscriptions(exec, subs);
    const current = currentPlanSubscription(domain);
    const currentRecord = current ? (subs.find((s) => s.id === current.id) ?? null) : null;
    const pending = pendingPlanChange(domain);
    const pendingRecord = pending ? (subs.find((s) => s.id === pending.subscription.id) ?? null) : null;
    const addOn = subs.find((s) => s.name === 'multistore') ?? null;
    return { subs, domain, current, currentRecord, pendingRecord, addOn };
  };

  /** A package the merchant may buy: same market, not an add-on, hidden ones for staff only. */
  const purchasable = async (exec: Knex | Knex.Transaction, account: BillingAccount, packageId: number, isStaff: boolean): Promise<CatalogPackage> => {
    const pkg = await findPackage(exec, packageId);
    if (!pkg || pkg.is_addon || pkg.market !== account.market || pkg.currency !== account.currency || (pkg.hide && !isStaff)) {
      throw new AppError('package_unavailable');
    }
    if (pkg.descriptions.report.length === 0 && pkg.price === 0) throw new AppError('package_unavailable', { message: 'This plan is quoted on request: please contact us' });
    return pkg;
  };

  /**
   * One on-session payment awaits 3-D Secure at a time: charging again while one waits could take money
   * twice for the same change (the customer may still complete the first). Throwing rolls back whatever the
   * call prepared and sends the customer back to the waiting payment: its issuer page while the bank still
   * waits, or the billing page's return handler (which confirms it) once the bank has answered.
   */
  const refuseWhileAuthenticating = async (ctx: MerchantTx, returnUrl: string): Promise<void> => {
    const waiting = await ctx.tx('payment_authentications').where({ merchant_id: ctx.account.merchantId, status: 'requires_action' }).orderBy('created_at', 'desc').first();
    if (!waiting) return;
    const payment = await gateway.retrievePayment(String(waiting.payment_intent_id), ctx.tx);
    if (!payment) return;
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', payment.id);
    back.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
    const nextAction =
      payment.status === 'requires_action' && payment.next_action
        ? payment.next_action
        : { type: 'redirect_to_url' as const, redirect_to_url: { url: back.toString(), return_url: returnUrl } };
    throw engine.authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: nextAction });
  };

  /**
   * Charges a just-created open invoice at once. Without a card the call fails outright (nothing is kept);
   * on a refusal the invoice is voided and the refusal raised after the transaction commits, so the void
   * stays on record. False tells the caller to stop.
   */
  const chargeNowOrVoid = async (ctx: MerchantTx, invoice: InvoiceRecord, returnUrl: string, pending: PendingChange): Promise<boolean> => {
    if (invoice.status !== 'open') return true;
    await refuseWhileAuthenticating(ctx, returnUrl);
    const paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl });
    if (paid.ok) return true;
    if (paid.code === 'no_card') throw engine.paymentError(paid);
    if (paid.code === 'requires_action') {
      await awaitAuthentication(ctx, invoice, paid.payment, pending);
      return false;
    }
    await engine.voidInvoice(ctx.tx, ctx.account, invoice, ctx.now);
    ctx.failAfterCommit(engine.paymentError(paid));
    return false;
  };

  /**
   * Keeps the invoice open and the change on hold while the customer authenticates (Stripe's
   * `requires_action`); the call answers 402 `authentication_required` with the page to go to.
   */
  const awaitAuthentication = async (ctx: MerchantTx, invoice: InvoiceRecord, payment: AuthenticationPayment, pending: PendingChange): Promise<void> => {
    await ctx.tx('payment_authentications').insert({
      payment_intent_id: payment.id,
      merchant_id: ctx.account.merchantId,
      invoice_id: invoice.id,
      purpose: pending.purpose,
      details: JSON.stringify(pending.details),
      status: 'requires_action',
      created_at: ctx.now,
    });
    ctx.failAfterCommit(engine.authenticationError(payment));
  };

  const returnUrlOf = (actor: Actor): string => actor.returnUrl ?? `${publicUrl}/home/dashboard?flow=3ds`;

  const ensureCustomer = async (ctx: MerchantTx): Promise<string> => {
    if (ctx.account.gatewayCustomerId) return ctx.account.gatewayCustomerId;
    const owner = await ctx.tx('users').where({ id: ctx.account.ownerUserId }).first('email', 'name');
    const customer = await gateway.createCustomer({ merchantId: ctx.account.merchantId, email: String(owner?.email ?? ''), name: String(owner?.name ?? '') }, ctx.tx);
    await ctx.tx('billing_accounts').where({ merchant_id: ctx.account.merchantId }).update({ gateway_customer_id: customer });
    ctx.account.gatewayCustomerId = customer;
    return customer;
  };

  /** Saves a card with the gateway and on the account; the first card becomes the default. */
  const attachCard = async (ctx: MerchantTx, paymentMethod: string, makeDefault: boolean): Promise<void> => {
    const customer = await ensureCustomer(ctx);
    const known = await ctx.tx('payment_methods').where({ id: paymentMethod }).first();
    if (known && Number(known.merchant_id) !== ctx.account.merchantId) throw new AppError('card_error', { message: 'This card cannot be used' });
    if (!known || known.detached_at !== null) {
      let card;
      try {
        card = await gateway.attachPaymentMethod({ customer, paymentMethod }, ctx.tx);
      } catch (error) {
        if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message });
        throw error;
      }
      if (known) await ctx.tx('payment_methods').where({ id: paymentMethod }).update({ detached_at: null });
      else await ctx.tx('payment_methods').insert({ id: card.id, merchant_id: ctx.account.merchantId, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, created_at: ctx.now });
    }
    if (makeDefault || !ctx.account.defaultPaymentMethod) {
      await ctx.tx('billing_accounts').where({ merchant_id: ctx.account.merchantId }).update({ default_payment_method: paymentMethod, payment_type: 'card', updated_at: ctx.now });
      ctx.account.defaultPaymentMethod = paymentMethod;
      ctx.account.paymentType = 'card';
    }
  };

  // ------------------------------------------------------------------------------------------ billing/all

  const billingAll = async (actor: Actor): Promise<BillingResponse & Record<string, unknown>> => {
    const now = await engine.nowFor(db, actor.merchantId);
    await ensureBillingAccount(db, actor.merchantId, now);
    const account = (await readBillingAccount(db, actor.merchantId)) as BillingAccount;
    const { domain, current, currentRecord, addOn } = await state(db, actor.merchantId);
    const plans = await marketPlans(db, account.market, actor.isStaff);
    if (!current || !currentRecord) {
      throw new AppError('must_subscribe', {
        extra: { code: 0, currency: account.currency, packages: plans.filter((p) => !p.hide || actor.isStaff) },
      });
    }
    const stores = await db('stores').where({ merchant_id: actor.merchantId }).orderBy('id').select('id');
    const staffCount = await db('store_users').whereIn('store_id', stores.map((s) => Number(s.id))).countDistinct({ n: 'user_id' }).first();
    const currentPkg = current.package as CatalogPackage;
    const listed = plans.some((p) => p.id === currentPkg.id) ? plans : [...plans, currentPkg];
    const selectedPackage: SelectedPackage[] = listed.map((pkg) => {
      const selected = pkg.id === currentPkg.id;
      const data: Package = selected
        ? {
            ...pkg,
            next_billing_date: iso(currentRecord.periodEnd),
            current_order: 0,
            current_item: 0,
            current_channel: stores.length,
            current_staff: Number(staffCount?.n ?? 0),
            current_warehouse: 0,
            current_competitor_products: 0,
          }
        : pkg;
      return { data, selected };
    });
    const firstStore = stores[0] ? Number(stores[0].id) : 0;
    return {
      billing: billingInfoOf(account),
      selectedPackage,
      all: domain,
      userData: {
        payment_type: account.paymentType,
        default_payment_methods: account.defaultPaymentMethod,
        inventory_users: { inventory_store_users: { store_id: firstStore } },
      },
      paymentMethod: { data: await cardsOf(db, actor.merchantId) },
      currentBillingPeriod: currentPkg.billing_period,
      addOnIsPastDue: addOn !== null && addOn.status === 'past_due',
      addOnSectionVisible: isAddOnSectionVisible(domain),
      // Spendable credit as a positive amount; the ledger's own sign (negative = credit) is in `balance`.
      creditBalance: Math.max(0, -account.balance),
      balance: account.balance,
      currency: account.currency,
      now: iso(now),
    };
  };

  // ------------------------------------------------------------------------------------------ plan changes

  /** What a plan change costs right now, the same numbers the change itself will charge. */
  const quotePlanChange = (account: BillingAccount, current: SubscriptionRecord, currentPkg: CatalogPackage, target: CatalogPackage, now: number, addOn: { sub: SubscriptionRecord; oldPkg: CatalogPackage; newPkg: CatalogPackage } | null) => {
    const start = current.periodStart as number;
    const end = current.periodEnd as number;
    const currency = account.currency;
    const lines: DraftLine[] = [];
    let newPeriodEnd = end;
    if (currentPkg.billing_period === target.billing_period) {
      const { credit, charge } = planChangeProration({ oldAmount: currentPkg.subtotal, newAmount: target.subtotal, periodStart: start, periodEnd: end, at: now, currency });
      lines.push({ description: `Unused time on ${currentPkg.name} after ${dateOf(now)}`, amount: -credit, proration: true, periodStart: now, periodEnd: end });
      lines.push({ description: `Remaining time on ${target.name} after ${dateOf(now)}`, amount: charge, proration: true, periodStart: now, periodEnd: end });
    } else {
      // Monthly ↔ yearly: a new cycle starts now; the old plan's unused time is credited.
      newPeriodEnd = nextPeriodEnd(now, target.billing_period, now);
      const credit = prorate({ amount: currentPkg.subtotal, periodStart: start, periodEnd: end, at: now, currency });
      lines.push({ description: `Unused time on ${currentPkg.name} after ${dateOf(now)}`, amount: -credit, proration: true, periodStart: now, periodEnd: end });
      lines.push(engine.planLine(target, now, newPeriodEnd));
      if (addOn && addOn.sub.periodStart !== null && addOn.sub.periodEnd !== null) {
        const addOnCredit = prorate({ amount: addOn.oldPkg.subtotal * addOn.sub.quantity, periodStart: addOn.sub.periodStart, periodEnd: addOn.sub.periodEnd, at: now, currency });
        lines.push({ description: `Unused time on ${addOn.sub.quantity} × ${addOn.oldPkg.name}`, amount: -addOnCredit, proration: true, periodStart: now, periodEnd: addOn.sub.periodEnd });
        lines.push(engine.planLine(addOn.newPkg, now, newPeriodEnd, addOn.sub.quantity));
      }
    }
    return { lines, newPeriodEnd };
  };

  const addOnRealignment = async (exec: Knex | Knex.Transaction, account: BillingAccount, addOn: SubscriptionRecord | null, target: CatalogPackage) => {
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
    const st = await state(db, actor.merchantId);
    if (!st.current || !st.currentRecord) throw new AppError('no_subscription');
    const decision = decidePlanChange({ subscriptions: st.domain, target });
    const currentPkg = st.current.package as CatalogPackage;
    const base = { change: decision.change, effect: decision.effect, must_acknowledge_coupon_removal: decision.mustAcknowledgeCouponRemoval, currency: account.currency, package: target };
    if (decision.change !== 'upgrade' && decision.change !== 'period_switch') return { ...base, lines: [], subtotal: 0, tax: 0, total: 0, applied_balance: 0, amount_due: 0 };
    const addOn = await addOnRealignment(db, account, st.addOn, target);
    const { lines, newPeriodEnd } = quotePlanChange(account, st.currentRecord, currentPkg, target, now, addOn);
    const totals = invoiceTotals(lines, null, target.tax, account.currency);
    const applied = totals.total > 0 && account.balance < 0 ? Math.min(totals.total, -account.balance) : 0;
    return {
      ...base,
      lines: lines.map((l) => ({ description: l.description, amount: l.amount, proration: l.proration ?? false, period: { start: l.periodStart, end: l.periodEnd } })),
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_percent: target.tax,
      rounding_amount: totals.rounding,
      total: totals.total,
      applied_balance: applied,
      amount_due: Math.max(totals.total, 0) - applied,
      period_end: iso(newPeriodEnd),
    };
  };

  const downgradeOrUpgrade = async (actor: Actor, input: DowngradeOrUpgradeOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const target = await purchasable(ctx.tx, ctx.account, input.package_id, actor.isStaff);
      const st = await state(ctx.tx, actor.merchantId);
      if (!st.current || !st.currentRecord) {
        // No plan yet: choosing one is subscribing, paid with the default card.
        return subscribeNow(ctx, target, { paymentMethod: null, returnUrl: returnUrlOf(actor) });
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
        if (st.pendingRecord) await ctx.tx('subscriptions').where({ id: st.pendingRecord.id }).update({ stripe_status: 'canceled', canceled_at: ctx.now, updated_at: ctx.now });
        const startsAt = current.periodEnd as number;
        await engine.insertSubscription(ctx.tx, { merchantId: actor.merchantId, name: 'default', status: 'trialing', pkg: target, periodStart: null, periodEnd: null, trialEndsAt: startsAt, now: ctx.now });
        await ctx.tx('subscriptions').where({ id: current.id }).update({ ends_at: startsAt, promotion_code_id: null, coupon_applied_at: null, updated_at: ctx.now });
        return { message: `Your plan will change to ${target.name} on ${dateOf(startsAt)}`, change: 'downgrade' as const, invoice: null };
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
          add_on: switched && addOn ? { subscription_id: addOn.sub.id, package_id: addOn.newPkg.id } : null,
        },
      };
      if (!(await chargeNowOrVoid(ctx, invoice, returnUrlOf(actor), change))) return null;
      await applyPlanChange(ctx.tx, change.details, ctx.now, ctx.now);
      const finalInvoice = await findInvoice(ctx.tx, invoice.id);
      return {
        message: switched ? `Your plan has been switched to ${target.name} (${target.billing_period})` : `Your plan has been upgraded to ${target.name}`,
        change: decision.change,
        invoice: finalInvoice ? await toInvoice(ctx.tx, finalInvoice, publicUrl) : null,
      };
    });

  /**
   * Moves the subscription to the paid-for plan. `startedAt` is when the change was charged: a period switch
   * starts its new cycle then, even when 3-D Secure made the payment complete later.
   */
  const applyPlanChange = async (tx: Knex.Transaction, details: Extract<PendingChange, { purpose: 'plan_change' }>['details'], startedAt: number, now: number): Promise<void> => {
    const target = (await findPackage(tx, details.package_id)) as CatalogPackage;
    if (details.scheduled_subscription_id !== null) {
      await tx('subscriptions').where({ id: details.scheduled_subscription_id }).whereNot({ stripe_status: 'canceled' }).update({ stripe_status: 'canceled', canceled_at: now, updated_at: now });
    }
    const switched = details.change === 'period_switch';
    const newCycle = switched ? { current_period_start: startedAt, current_period_end: details.period_end, billing_cycle_anchor: startedAt } : {};
    await tx('subscriptions')
      .where({ id: details.subscription_id })
      .update({ package_id: target.id, stripe_plan: target.stripe_id, ends_at: null, promotion_code_id: null, coupon_applied_at: null, coupon_invoices_used: 0, ...newCycle, updated_at: now });
    if (switched && details.add_on) {
      const addOnPkg = (await findPackage(tx, details.add_on.package_id)) as CatalogPackage;
      await tx('subscriptions')
        .where({ id: details.add_on.subscription_id })
        .update({ package_id: addOnPkg.id, stripe_plan: addOnPkg.stripe_id, ...newCycle, updated_at: now });
    }
  };

  /** A first plan (or a plan after the last one ended): a full period from now, credit first, then the card. */
  const subscribeNow = async (ctx: MerchantTx, pkg: CatalogPackage, options: { paymentMethod: string | null; returnUrl: string }) => {
    const st = await state(ctx.tx, ctx.account.merchantId);
    if (st.current) throw new AppError('already_subscribed');
    if (options.paymentMethod) await attachCard(ctx, options.paymentMethod, true);
    if (!ctx.account.defaultPaymentMethod) throw new AppError('no_valid_card');
    const periodEnd = nextPeriodEnd(ctx.now, pkg.billing_period, ctx.now);
    const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
      subscriptionId: null,
      lines: [engine.planLine(pkg, ctx.now, periodEnd)],
      taxPercent: pkg.tax,
      taxLabel: pkg.tax_label,
      billingReason: 'subscription_create',
      now: ctx.now,
    });
    if (!(await chargeNowOrVoid(ctx, invoice, options.returnUrl, { purpose: 'subscribe', details: { package_id: pkg.id } }))) return null;
    await startPlan(ctx.tx, ctx.account.merchantId, pkg, invoice, ctx.now);
    return { message: `Welcome to ${pkg.name}!`, change: 'upgrade' as const, invoice: await toInvoice(ctx.tx, toInvoiceRecord(await ctx.tx('invoices').where({ id: invoice.id }).first()), publicUrl) };
  };

  /** The paid first invoice's period becomes the plan's first period. */
  const startPlan = async (tx: Knex.Transaction, merchantId: number, pkg: CatalogPackage, invoice: InvoiceRecord, now: number): Promise<void> => {
    const sub = await engine.insertSubscription(tx, { merchantId, name: 'default', status: 'active', pkg, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, now });
    await tx('invoices').where({ id: invoice.id }).update({ subscription_id: sub.id });
  };

  const cancelTrialing = async (actor: Actor, input: CancelTrialingPackageOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const st = await state(ctx.tx, actor.merchantId);
      const pending = st.pendingRecord;
      if (!pending || pending.stripePlan !== input.price_id || !st.currentRecord) throw new AppError('cancel_trialing_failed');
      await ctx.tx('subscriptions').where({ id: pending.id }).update({ stripe_status: 'canceled', canceled_at: ctx.now, updated_at: ctx.now });
      await ctx.tx('subscriptions').where({ id: st.currentRecord.id }).update({ ends_at: null, updated_at: ctx.now });
      return { message: 'Next billing package is canceled successfully' };
    });

  const unsubscribe = async (actor: Actor) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const st = await state(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status !== 'active') throw new AppError('no_subscription');
      if (current.endsAt !== null && !st.pendingRecord) throw new AppError('no_subscription', { message: 'Your plan is already set to end' });
      const endsAt = current.periodEnd as number;
      if (st.pendingRecord) await ctx.tx('subscriptions').where({ id: st.pendingRecord.id }).update({ stripe_status: 'canceled', canceled_at: ctx.now, updated_at: ctx.now });
      await ctx.tx('subscriptions').where({ merchant_id: actor.merchantId }).whereIn('id', st.subs.filter((s) => s.status === 'active').map((s) => s.id)).update({ ends_at: endsAt, updated_at: ctx.now });
      return { message: `Your plan will end on ${dateOf(endsAt)}`, ends_at: iso(endsAt) };
    });

  const resume = async (actor: Actor) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const st = await state(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status !== 'active' || current.endsAt === null || st.pendingRecord) throw new AppError('not_resumable');
      await ctx.tx('subscriptions').whereIn('id', st.subs.filter((s) => s.status === 'active').map((s) => s.id)).update({ ends_at: null, updated_at: ctx.now });
      return { message: 'Your plan has been resumed', ends_at: null };
    });

  const retryPayment = async (actor: Actor, input: RetryPaymentOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const sub = await ctx.tx('subscriptions').where({ merchant_id: actor.merchantId, name: input.type }).whereIn('stripe_status', ['past_due', 'active', 'incomplete']).orderBy('id', 'desc').first();
      const openRow = sub ? await ctx.tx('invoices').where({ subscription_id: sub.id, status: 'open' }).orderBy('seq', 'desc').first() : null;
      if (!openRow) throw new AppError('invoice_already_paid');
      const invoice = toInvoiceRecord(openRow);
      await refuseWhileAuthenticating(ctx, returnUrlOf(actor));
      const paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl: returnUrlOf(actor) });
      if (!paid.ok) {
        if (paid.code === 'no_card') throw engine.paymentError(paid);
        if (paid.code === 'requires_action') await awaitAuthentication(ctx, invoice, paid.payment, { purpose: 'retry', details: { subscription_id: Number(sub.id) } });
        else ctx.failAfterCommit(engine.paymentError(paid));
        return null;
      }
      await ctx.tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: ctx.now });
      return { message: 'Payment received' };
    });

  // ------------------------------------------------------------------------------------------ coupons


  const redeem = async (tx: Knex.Transaction, promotion: PromotionRecord, merchantId: number, subscriptionId: number | null, now: number): Promise<void> => {
    await tx('promotion_codes').where({ id: promotion.promotionId }).increment('times_redeemed', 1);
    await tx('coupons').where({ id: promotion.coupon.id }).increment('times_redeemed', 1);
    await tx('coupon_redemptions').insert({ promotion_code_id: promotion.promotionId, merchant_id: merchantId, subscription_id: subscriptionId, created_at: now });
  };

  const addCoupon = async (actor: Actor, input: AddCouponOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const st = await state(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status === 'past_due') throw new AppError('no_subscription');
      const promotion = await findPromotionByCode(ctx.tx, input.coupon, ctx.account.currency);
      const problem = couponProblem(promotion, ctx.account.currency, ctx.now);
      if (problem || !promotion) throw problem ?? new AppError('coupon_invalid');
      if (current.promotionCodeId === promotion.promotionId) throw new AppError('coupon_invalid', { message: 'This coupon is already applied' });
      await ctx.tx('subscriptions').where({ id: current.id }).update({ promotion_code_id: promotion.promotionId, coupon_applied_at: ctx.now, coupon_invoices_used: 0, updated_at: ctx.now });
      await redeem(ctx.tx, promotion, actor.merchantId, current.id, ctx.now);
      return { message: 'Coupon applied', data: toCoupon(promotion) };
    });

  // ------------------------------------------------------------------------------------------ info & cards

  const updateBillingInfo = async (actor: Actor, userMerchantId: number, input: BillingInfoOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      if (userMerchantId !== actor.merchantId) throw new AppError('forbidden');
      await ctx.tx('billing_accounts')
        .where({ merchant_id: actor.merchantId })
        .update({
          name: input.name,
          email: input.email,
          address1: input.address1,
          address2: input.address2 ?? null,
          city: input.city,
          postal_code: input.postal_code,
          country: input.country,
          state_or_region: input.state_or_region,
          updated_at: ctx.now,
        });
      return { message: 'Update Success', data: billingInfoOf((await readBillingAccount(ctx.tx, actor.merchantId)) as BillingAccount) };
    });

  const createIntent = async (actor: Actor) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const customer = await ensureCustomer(ctx);
      return gateway.createSetupIntent({ customer }, ctx.tx);
    });

  const addCard = async (actor: Actor, input: AddCardOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      await attachCard(ctx, input.payment_method, false);
      return { message: 'New Card have been added', data: await cardsOf(ctx.tx, actor.merchantId) };
    });

  const ownCard = async (ctx: MerchantTx, id: string) => {
    const card = await ctx.tx('payment_methods').where({ id, merchant_id: ctx.account.merchantId }).whereNull('detached_at').first();
    if (!card) throw new AppError('not_found', { message: 'Card not found' });
  };

  const setPrimaryCard = async (actor: Actor, id: string) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      await ownCard(ctx, id);
      await ctx.tx('billing_accounts').where({ merchant_id: actor.merchantId }).update({ default_payment_method: id, payment_type: 'card', updated_at: ctx.now });
      return { message: 'Card have been set as default' };
    });

  const deleteCard = async (actor: Actor, id: string) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      await ownCard(ctx, id);
      const st = await state(ctx.tx, actor.merchantId);
      if (ctx.account.defaultPaymentMethod === id && st.current) throw new AppError('card_in_use');
      await gateway.detachPaymentMethod({ paymentMethod: id }, ctx.tx);
      await ctx.tx('payment_methods').where({ id }).update({ detached_at: ctx.now });
      if (ctx.account.defaultPaymentMethod === id) await ctx.tx('billing_accounts').where({ merchant_id: actor.merchantId }).update({ default_payment_method: null });
      return { message: 'Card has been deleted' };
    });

  // ------------------------------------------------------------------------------------------ history & ledger

  const billingHistory = async (actor: Actor, input: BillingHistoryQueryOutput): Promise<{ data: Invoice[]; has_more: boolean; hasMore: boolean }> => {
    const query = db('invoices').where({ merchant_id: actor.merchantId }).whereNot({ status: 'draft' });
    if (input.date_start !== undefined && input.date_end !== undefined) query.whereBetween('created_at', [input.date_start, input.date_end]);
    if (input.start_after) {
      const cursor = await db('invoices').where({ id: input.start_after, merchant_id: actor.merchantId }).first('seq');
      if (!cursor) throw new AppError('not_found', { message: 'Invoice not found' });
      query.where('seq', '<', Number(cursor.seq));
    }
    const rows = await query.orderBy('seq', 'desc').limit(PAGE_SIZE + 1);
    const data = await Promise.all(rows.slice(0, PAGE_SIZE).map((row) => toInvoice(db, toInvoiceRecord(row), publicUrl)));
    const hasMore = rows.length > PAGE_SIZE;
    return { data, has_more: hasMore, hasMore };
  };

  const creditBalance = async (actor: Actor, input: CreditBalanceQueryOutput): Promise<CreditBalance> => {
    await ensureBillingAccount(db, actor.merchantId, await engine.nowFor(db, actor.merchantId));
    const account = (await readBillingAccount(db, actor.merchantId)) as BillingAccount;
    const cursorSeq = async (id: string | undefined): Promise<number | null> => {
      if (!id) return null;
      const row = await db('balance_transactions').where({ id, merchant_id: actor.merchantId }).first('seq');
      if (!row) throw new AppError('not_found', { message: 'Transaction not found' });
      return Number(row.seq);
    };
    const after = await cursorSeq(input.starting_after);
    const before = await cursorSeq(input.ending_before);
    const base = () => db('balance_transactions').where({ merchant_id: actor.merchantId });
    let rows: Record<string, unknown>[];
    if (before !== null) {
      // Paging back toward newer entries: take the nearest ones, then show them newest first.
      rows = (await base().where('seq', '>', before).orderBy('seq', 'asc').limit(PAGE_SIZE + 1)).reverse();
      const hasPrevious = rows.length > PAGE_SIZE;
      const page = hasPrevious ? rows.slice(1) : rows;
      const last = page[page.length - 1];
      const hasNext = last ? Boolean(await base().where('seq', '<', Number(last.seq)).first('seq')) : false;
      return { balance: { balance: account.balance, currency: account.currency }, balanceTransactions: { data: page.map(toBalanceTransaction), hasNext, hasPrevious } };
    }
    const query = base().orderBy('seq', 'desc').limit(PAGE_SIZE + 1);
    if (after !== null) query.where('seq', '<', after);
    rows = await query;
    const page = rows.slice(0, PAGE_SIZE);
    const first = page[0];
    const hasPrevious = first ? Boolean(await base().where('seq', '>', Number(first.seq)).first('seq')) : false;
    return {
      balance: { balance: account.balance, currency: account.currency },
      balanceTransactions: { data: page.map(toBalanceTransaction), hasNext: rows.length > PAGE_SIZE, hasPrevious },
    };
  };

  // ------------------------------------------------------------------------------------------ late subscribe

  const lateSubscribeIntent = async (actor: Actor) => {
    const intent = await createIntent(actor);
    return { stripeIntent: intent, client_secret: intent?.client_secret };
  };

  const lateSubscribe = async (actor: Actor, input: LateSubscribeOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const pkg = await purchasable(ctx.tx, ctx.account, input.package_id, actor.isStaff);
      return subscribeNow(ctx, pkg, { paymentMethod: input.paymentMethod, returnUrl: returnUrlOf(actor) });
    });

  const FPX_MARKETS: readonly Market[] = ['MY'];

  const lateSubscribeFpxIntent = async (actor: Actor, input: { packageId: number; bank?: FpxBankCode; returnUrl: string }) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const pkg = await purchasable(ctx.tx, ctx.account, input.packageId, actor.isStaff);
      if (!FPX_MARKETS.includes(ctx.account.market)) throw new AppError('package_unavailable', { message: 'FPX is available in Malaysia only' });
      if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
      const st = await state(ctx.tx, actor.merchantId);
      if (st.current) throw new AppError('already_subscribed');
      const customer = await ensureCustomer(ctx);
      const periodEnd = nextPeriodEnd(ctx.now, pkg.billing_period, ctx.now);
      // FPX pays the whole first invoice at the bank; credit stays on the account for the next one.
      const totals = invoiceTotals([engine.planLine(pkg, ctx.now, periodEnd)], null, pkg.tax, ctx.account.currency);
      let redirect;
      try {
        redirect = await gateway.createBankRedirect(
          {
            customer,
            amount: totals.total,
            currency: ctx.account.currency,
            bank: input.bank,
            returnUrl: input.returnUrl,
            idempotencyKey: newId('fpx'),
            metadata: { merchant_id: String(actor.merchantId), package_id: String(pkg.id), purpose: 'late_subscribe' },
          },
          ctx.tx,
        );
      } catch (error) {
        // The bank refused to start (offline, maintenance): the modal shows the provider's words.
        if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message });
        throw error;
      }
      const stripeIntent = { id: redirect.payment.id, client_secret: redirect.client_secret, amount: totals.total, currency: ctx.account.currency, redirect_url: redirect.redirect_url };
      return { stripeIntent, payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount: totals.total };
    });

  const lateSubscribeFpx = async (actor: Actor, input: LateSubscribeFpxOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const payment = await gateway.retrievePayment(input.payment_intent_id, ctx.tx);
      if (!payment || payment.metadata.merchant_id !== String(actor.merchantId) || payment.metadata.purpose !== 'late_subscribe') throw new AppError('not_found', { message: 'Payment not found' });
      const fulfilled = await ctx.tx('invoices').where({ payment_intent_id: payment.id }).first('id');
      if (fulfilled) return { message: 'Welcome to Merchant Hub!', invoice: null, already_confirmed: true };
      if (payment.status !== 'succeeded') throw new AppError('fpx_payment_failed');
      const st = await state(ctx.tx, actor.merchantId);
      if (st.current) throw new AppError('already_subscribed');
      const pkg = (await findPackage(ctx.tx, Number(payment.metadata.package_id))) as CatalogPackage;
      const periodEnd = nextPeriodEnd(ctx.now, pkg.billing_period, ctx.now);
      const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
        subscriptionId: null,
        lines: [engine.planLine(pkg, ctx.now, periodEnd)],
        taxPercent: pkg.tax,
        taxLabel: pkg.tax_label,
        billingReason: 'subscription_create',
        applyBalance: false,
        paymentIntentId: payment.id,
        now: ctx.now,
      });
      if (invoice.total !== payment.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
      const sub = await engine.insertSubscription(ctx.tx, { merchantId: actor.merchantId, name: 'default', status: 'active', pkg, periodStart: ctx.now, periodEnd, now: ctx.now });
      await ctx.tx('invoices').where({ id: invoice.id }).update({ subscription_id: sub.id, status: 'paid', amount_paid: payment.amount, paid_at: ctx.now, attempt_count: 1 });
      await ctx.tx('payments').insert({
        id: payment.id,
        merchant_id: actor.merchantId,
        invoice_id: invoice.id,
        payment_method_id: payment.payment_method,
        method_type: 'fpx',
        amount: payment.amount,
        currency: payment.currency,
        status: 'succeeded',
        idempotency_key: `fpx:${payment.id}`,
        created_at: ctx.now,
      });
      await ctx.tx('billing_accounts').where({ merchant_id: actor.merchantId }).update({ payment_type: 'fpx', updated_at: ctx.now });
      return { message: 'Welcome to Merchant Hub!', invoice: await toInvoice(ctx.tx, toInvoiceRecord(await ctx.tx('invoices').where({ id: invoice.id }).first()), publicUrl), already_confirmed: false };
    });

  // ------------------------------------------------------------------------------------------ 3-D Secure

  /**
   * Settles a payment the customer authenticated (or failed to) on the issuer's page. Runs under the
   * merchant's lock and moves the authentication out of `requires_action` once, so a second or concurrent
   * confirm answers from the record and changes nothing.
   */
  const confirmPayment = async (actor: Actor, input: ConfirmPaymentOutput) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const row = await ctx.tx('payment_authentications').where({ payment_intent_id: input.payment_intent, merchant_id: actor.merchantId }).first();
      if (!row) throw new AppError('not_found', { message: 'Payment not found' });
      const payments = ctx.tx('payments').where({ id: input.payment_intent });
      if (row.status === 'succeeded') return { message: 'Payment received', status: 'succeeded' as const, already_confirmed: true };
      if (row.status === 'failed') {
        const failed = await payments.clone().first('failure_message');
        throw new AppError('payment_failed', { message: failed?.failure_message ?? undefined });
      }
      const payment = await gateway.retrievePayment(input.payment_intent, ctx.tx);
      if (!payment) throw new AppError('not_found', { message: 'Payment not found' });
      if (payment.status === 'requires_action' && payment.next_action) {
        throw engine.authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: payment.next_action });
      }
      const invoice = toInvoiceRecord(await ctx.tx('invoices').where({ id: row.invoice_id }).first());
      const pending = { purpose: row.purpose, details: JSON.parse(String(row.details)) } as PendingChange;
      const succeeded = payment.status === 'succeeded' && invoice.status === 'open';
      await ctx.tx('payment_authentications').where({ payment_intent_id: payment.id, status: 'requires_action' }).update({ status: succeeded ? 'succeeded' : 'failed', resolved_at: ctx.now });
      if (!succeeded) {
        const message = payment.failure_message ?? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
        await payments.clone().update({ status: 'failed', failure_code: payment.failure_code ?? 'payment_intent_authentication_failure', failure_message: message });
        if (VOID_ON_FAILURE.includes(pending.purpose) && invoice.status === 'open') await engine.voidInvoice(ctx.tx, ctx.account, invoice, ctx.now);
        ctx.failAfterCommit(new AppError('payment_failed', { message }));
        return null;
      }
      await payments.clone().update({ status: 'succeeded', failure_code: null, failure_message: null });
      await ctx.tx('invoices').where({ id: invoice.id }).update({ status: 'paid', amount_paid: invoice.amountDue, paid_at: ctx.now });
      if (pending.purpose === 'subscribe') {
        const st = await state(ctx.tx, actor.merchantId);
        if (st.current) throw new AppError('already_subscribed');
        await startPlan(ctx.tx, actor.merchantId, (await findPackage(ctx.tx, pending.details.package_id)) as CatalogPackage, invoice, ctx.now);
      } else if (pending.purpose === 'plan_change') {
        await applyPlanChange(ctx.tx, pending.details, invoice.periodStart, ctx.now);
      } else {
        await ctx.tx('subscriptions').where({ id: pending.details.subscription_id }).update({ stripe_status: 'active', dunning_attempts: 0, next_retry_at: null, updated_at: ctx.now });
      }
      const final = toInvoiceRecord(await ctx.tx('invoices').where({ id: invoice.id }).first());
      return { message: 'Payment received', status: 'succeeded' as const, already_confirmed: false, invoice: await toInvoice(ctx.tx, final, publicUrl) };
    });

  // ------------------------------------------------------------------------------------------ add-on

  type AddOnQuote = {
    pkg: CatalogPackage;
    plan: SubscriptionRecord;
    existing: SubscriptionRecord | null;
    quantity: number;
    locked: number;
    prorated: number;
    coupon: { terms: { percent_off: number | null; amount_off: number | null; currency: string | null }; code: string; promotion: PromotionRecord } | null;
    isInvalidCoupon: boolean;
  };

  const quoteAddOn = async (exec: Knex | Knex.Transaction, account: BillingAccount, quantity: number, couponCode: string | undefined, now: number): Promise<AddOnQuote> => {
    const st = await state(exec, account.merchantId);
    const plan = st.currentRecord;
    if (!plan || !isAddOnSectionVisible(st.domain) || plan.periodStart === null || plan.periodEnd === null) throw new AppError('addon_not_allowed');
    const planPkg = st.current?.package as CatalogPackage;
    const pkg = await addOnPackage(exec, account.market, planPkg.billing_period);
    if (!pkg) throw new AppError('addon_not_allowed');
    const existing = st.addOn;
    const locked = existing?.lockChannelCount ?? 0;
    if (quantity < locked) throw new AppError('validation_failed', { details: { fields: { addon_store_quantity: 'validation:billing.quantityInvalid' } } });
    const prorated = prorate({ amount: pkg.subtotal * (quantity - locked), periodStart: plan.periodStart, periodEnd: plan.periodEnd, at: now, currency: account.currency });
    let coupon: AddOnQuote['coupon'] = null;
    let isInvalidCoupon = false;
    if (couponCode) {
      const promotion = await findPromotionByCode(exec, couponCode, account.currency);
      if (couponProblem(promotion, account.currency, now) || !promotion) isInvalidCoupon = true;
      else coupon = { terms: { percent_off: promotion.coupon.percent_off, amount_off: promotion.coupon.amount_off, currency: promotion.coupon.currency }, code: promotion.code, promotion };
    }
    return { pkg, plan, existing, quantity, locked, prorated, coupon, isInvalidCoupon };
  };

  const addOnInfo = (account: BillingAccount, quote: AddOnQuote) => {
    const line: DraftLine = { description: '', amount: quote.prorated, periodStart: quote.plan.periodStart as number, periodEnd: quote.plan.periodEnd as number };
    let discount = 0;
    try {
      discount = quote.coupon ? couponDiscount(quote.prorated, quote.coupon.terms as never, account.currency) : 0;
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
    }
    const totals = invoiceTotals([line], quote.coupon ? (quote.coupon.terms as never) : null, quote.pkg.tax, account.currency);
    const applied = totals.total > 0 && account.balance < 0 ? Math.min(totals.total, -account.balance) : 0;
    return {
      quantity: quote.quantity,
      unit_price: quote.pkg.subtotal,
      tax_percentage: quote.pkg.tax,
      tax_label: quote.pkg.tax_label,
      prorated_amount: quote.prorated,
      discount_amount: discount,
      sub_total_amount: quote.prorated - discount,
      tax_amount: totals.tax,
      rounding_amount: totals.rounding,
      total_amount: totals.total,
      applied_balance: applied,
      grand_total_amount: totals.total - applied,
      lock_channel_count: quote.locked,
      billing_cycle_start_date: iso(quote.plan.periodStart) as string,
      billing_cycle_end_date: iso(quote.plan.periodEnd) as string,
      isInvalidCoupon: quote.isInvalidCoupon,
      currency: account.currency,
    };
  };

  const addOnPackageFor = async (actor: Actor) => {
    await ensureBillingAccount(db, actor.merchantId, await engine.nowFor(db, actor.merchantId));
    const account = (await readBillingAccount(db, actor.merchantId)) as BillingAccount;
    const st = await state(db, actor.merchantId);
    const period = (st.current?.package?.billing_period ?? 'monthly') as 'monthly' | 'yearly';
    const pkg = await addOnPackage(db, account.market, period);
    if (!pkg) throw new AppError('addon_not_allowed');
    return { data: { id: pkg.id, name: pkg.name, billing_period: pkg.billing_period, price: pkg.price, discount: pkg.discount, sub_total: pkg.subtotal, tax: pkg.tax, tax_label: pkg.tax_label, currency: pkg.currency, stripe_id: pkg.stripe_id } };
  };

  const addOnAmount = async (actor: Actor, quantity: number, coupon: string | undefined) => {
    const account = await readBillingAccount(db, actor.merchantId);
    if (!account) throw new AppError('addon_not_allowed');
    const now = await engine.nowFor(db, actor.merchantId);
    return { data: addOnInfo(account, await quoteAddOn(db, account, quantity, coupon, now)) };
  };

  const addOnSubscribe = async (actor: Actor, quantity: number, couponCode: string | undefined) =>
    engine.withMerchant(actor.merchantId, async (ctx) => {
      const quote = await quoteAddOn(ctx.tx, ctx.account, quantity, couponCode, ctx.now);
      if (quote.isInvalidCoupon) throw new AppError('coupon_invalid');
      if (quote.existing?.status === 'past_due') throw new AppError('payment_failed', { message: 'Please retry the unpaid add-on payment first' });
      if (quantity === quote.locked) throw new AppError('validation_failed', { details: { fields: { addon_store_quantity: 'validation:billing.quantityInvalid' } } });
      if (!ctx.account.defaultPaymentMethod) throw new AppError('no_valid_card');
      const extra = quantity - quote.locked;
      const invoiceLines: DraftLine[] = [
        {
          description: `${extra} × ${quote.pkg.name} (${quote.pkg.billing_period}, prorated from ${dateOf(ctx.now)})`,
          amount: quote.prorated,
          quantity: extra,
          proration: quote.existing !== null,
          periodStart: ctx.now,
          periodEnd: quote.plan.periodEnd as number,
        },
      ];
      let sub = quote.existing;
      if (sub) {
        await ctx.tx('subscriptions').where({ id: sub.id }).update({ quantity, lock_channel_count: quantity, updated_at: ctx.now });
      } else {
        sub = await engine.insertSubscription(ctx.tx, {
          merchantId: actor.merchantId,
          name: 'multistore',
          status: 'active',
          pkg: quote.pkg,
          quantity,
          lockChannelCount: quantity,
          periodStart: quote.plan.periodStart,
          periodEnd: quote.plan.periodEnd,
          now: ctx.now,
        });
        await ctx.tx('subscriptions').where({ id: sub.id }).update({ billing_cycle_anchor: quote.plan.anchor });
      }
      const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
        subscriptionId: sub.id,
        lines: invoiceLines,
        coupon: quote.coupon ? { terms: quote.coupon.terms as never, code: quote.coupon.code } : null,
        taxPercent: quote.pkg.tax,
        taxLabel: quote.pkg.tax_label,
        billingReason: quote.existing ? 'subscription_update' : 'subscription_create',
        now: ctx.now,
      });
      if (quote.coupon) await redeem(ctx.tx, quote.coupon.promotion, actor.merchantId, sub.id, ctx.now);
      if (invoice.status === 'open') {
        await refuseWhileAuthenticating(ctx, returnUrlOf(actor));
        const paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl: returnUrlOf(actor) });
        if (!paid.ok) {
          // The add-on waits for payment (spec §4: Retry Payment replaces Subscribe), also while 3-D Secure is pending.
          await engine.startDunning(ctx.tx, sub, ctx.now);
          if (paid.code === 'requires_action') await awaitAuthentication(ctx, invoice, paid.payment, { purpose: 'add_on', details: { subscription_id: sub.id } });
          else ctx.failAfterCommit(engine.paymentError(paid));
          return null;
        }
      }
      const final = toInvoiceRecord(await ctx.tx('invoices').where({ id: invoice.id }).first());
      return { message: 'Add-on subscription is successful', invoice: await toInvoice(ctx.tx, final, publicUrl) };
    });

  return {
    billingAll,
    planChangePreview,
    downgradeOrUpgrade,
    cancelTrialing,
    unsubscribe,
    resume,
    retryPayment,
    addCoupon,
    updateBillingInfo,
    createIntent,
    addCard,
    setPrimaryCard,
    deleteCard,
    billingHistory,
    creditBalance,
    lateSubscribeIntent,
    lateSubscribe,
    lateSubscribeFpxIntent,
    lateSubscribeFpx,
    confirmPayment,
    addOnPackageFor,
    addOnAmount,
    addOnSubscribe,
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
