import { isAddOnSectionVisible, isOfferedAddOnQuantity } from '@merchant-hub/billing-rules';
import { amountForQuantity, couponDiscount, type CouponTerms, invoiceAmounts, MoneyError, prorate } from '@merchant-hub/money';
import { type Exec, iso } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { addOnPackage, type CatalogPackage } from '../../packages';
import type { DraftLine, Engine, MerchantTx } from '../engine/billing.engine';
import { type BillingAccount, billingAccountOf, readBillingAccount } from '../repositories/billing-accounts.repository';
import { readInvoice, toInvoice } from '../repositories/invoices.repository';
import { findPromotionByCode, type PromotionRecord } from '../repositories/promotions.repository';
import { billedUnitAmount, type SubscriptionRecord, updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, billingState, dateOf } from './billing-state';
import { couponProblem, couponReuseProblem } from './coupon-rules';
import type { CouponsService } from './coupons.service';
import type { OnSessionPayment, OnSessionStep } from './on-session-payment';

type AddOnQuote = {
  pkg: CatalogPackage;
  plan: SubscriptionRecord;
  existing: SubscriptionRecord | null;
  quantity: number;
  locked: number;
  /** What one store is billed at this period: an existing add-on's own amount, else the package's price. */
  unitAmount: number;
  prorated: number;
  coupon: { terms: CouponTerms; code: string; promotion: PromotionRecord } | null;
  isInvalidCoupon: boolean;
};

/** What buying the add-on answers once it is paid. */
type AddOnAnswer = { message: string; notice: { kind: 'addOnSubscribed' }; invoice: Awaited<ReturnType<typeof toInvoice>> };

const quantityInvalid = () => new AppError('validation_failed', { details: { fields: { addon_store_quantity: 'validation:billing.quantityInvalid' } } });

/** The Sales Channel Management add-on: its package, the quote for a store count, and subscribing to it. */
export const createAddOnService = (engine: Engine, parts: { onSession: OnSessionPayment; coupons: CouponsService }) => {
  const { db } = engine.deps;
  const { onSession, coupons } = parts;

  const quoteAddOn = async (exec: Exec, account: BillingAccount, quantity: number, couponCode: string | undefined, now: number): Promise<AddOnQuote> => {
    const st = await billingState(exec, account.merchantId);
    const plan = st.currentRecord;
    if (!plan || !isAddOnSectionVisible(st.domain) || plan.periodStart === null || plan.periodEnd === null) throw new AppError('addon_not_allowed');
    const planPkg = st.current?.package as CatalogPackage;
    const pkg = await addOnPackage(exec, account.market, planPkg.billing_period);
    if (!pkg) throw new AppError('addon_not_allowed');
    const existing = st.addOn;
    const locked = existing?.lockChannelCount ?? 0;
    // Spec §9: only the ten counts the page offers, from the locked channels up (the page's own rule).
    if (!isOfferedAddOnQuantity(locked, quantity)) throw quantityInvalid();
    // Stores added mid-period join the add-on at the amount its period is billed at (an edited price waits for the renewal).
    const unitAmount = existing ? billedUnitAmount(existing, pkg) : pkg.subtotal;
    const prorated = prorate({ amount: amountForQuantity(unitAmount, quantity - locked), periodStart: plan.periodStart, periodEnd: plan.periodEnd, at: now, currency: account.currency });
    let coupon: AddOnQuote['coupon'] = null;
    let isInvalidCoupon = false;
    if (couponCode) {
      const promotion = await findPromotionByCode(exec, couponCode, account.currency);
      if (couponProblem(promotion, account.currency, now, { market: pkg.market, groupKey: null }) || !promotion || (await couponReuseProblem(exec, promotion, account.merchantId))) isInvalidCoupon = true;
      else coupon = { terms: { percent_off: promotion.coupon.percent_off, amount_off: promotion.coupon.amount_off, currency: promotion.coupon.currency } as CouponTerms, code: promotion.code, promotion };
    }
    return { pkg, plan, existing, quantity, locked, unitAmount, prorated, coupon, isInvalidCoupon };
  };

  const addOnInfo = (account: BillingAccount, quote: AddOnQuote) => {
    const line: DraftLine = { description: '', amount: quote.prorated, periodStart: quote.plan.periodStart as number, periodEnd: quote.plan.periodEnd as number };
    let discount = 0;
    try {
      discount = quote.coupon ? couponDiscount(quote.prorated, quote.coupon.terms, account.currency) : 0;
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
    }
    // The invoice's own figures (libs/money): the quote shows exactly what subscribing will charge.
    const amounts = invoiceAmounts({ lines: [line], coupon: quote.coupon?.terms ?? null, taxPercent: quote.pkg.tax, currency: account.currency, balance: account.balance });
    return {
      quantity: quote.quantity,
      unit_price: quote.unitAmount,
      tax_percentage: quote.pkg.tax,
      tax_label: quote.pkg.tax_label,
      prorated_amount: quote.prorated,
      discount_amount: discount,
      sub_total_amount: quote.prorated - discount,
      tax_amount: amounts.tax,
      rounding_amount: amounts.rounding,
      total_amount: amounts.total,
      applied_balance: amounts.appliedBalance,
      grand_total_amount: amounts.amountDue,
      lock_channel_count: quote.locked,
      billing_cycle_start_date: iso(quote.plan.periodStart) as string,
      billing_cycle_end_date: iso(quote.plan.periodEnd) as string,
      isInvalidCoupon: quote.isInvalidCoupon,
      currency: account.currency,
    };
  };

  const addOnPackageFor = async (actor: Actor) => {
    const account = (await billingAccountOf(db, actor.merchantId, () => engine.nowFor(db, actor.merchantId))) as BillingAccount;
    const st = await billingState(db, actor.merchantId);
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

  /**
   * POST add-on subscribe: the add-on and its invoice committed with the charge's intent, the card charged with
   * no transaction open, the answer recorded after (see payOnSession). A refused payment leaves the add-on owed
   * (spec §4: Retry Payment replaces Subscribe), also while 3-D Secure is pending.
   */
  const addOnSubscribe = async (actor: Actor, quantity: number, couponCode: string | undefined) =>
    onSession.payOnSession<AddOnAnswer>(actor, async (ctx): Promise<OnSessionStep<AddOnAnswer>> => {
      const quote = await quoteAddOn(ctx.tx, ctx.account, quantity, couponCode, ctx.now);
      if (quote.isInvalidCoupon) throw new AppError('coupon_invalid');
      if (quote.existing?.status === 'past_due') throw new AppError('addon_payment_pending');
      if (quantity === quote.locked) throw quantityInvalid();
      if (!ctx.account.defaultPaymentMethod) throw new AppError('no_valid_card');
      const extra = quantity - quote.locked;
      const invoiceLines: DraftLine[] = [
        {
          description: `${extra} × ${quote.pkg.name} (${quote.pkg.billing_period}, prorated from ${dateOf(ctx.now)})`,
          label: { kind: 'prorated', plan: quote.pkg.name, quantity: extra, period: quote.pkg.billing_period, at: ctx.now },
          amount: quote.prorated,
          quantity: extra,
          proration: quote.existing !== null,
          periodStart: ctx.now,
          periodEnd: quote.plan.periodEnd as number,
        },
      ];
      let sub = quote.existing;
      if (sub) {
        await updateSubscriptions(ctx.tx, sub.id, { quantity, lockChannelCount: quantity, updatedAt: ctx.now });
      } else {
        sub = await engine.insertSubscription(ctx.tx, {
          merchantId: actor.merchantId,
          name: 'multistore',
          status: 'active',
          pkg: quote.pkg,
          quantity,
          lockChannelCount: quantity,
          unitAmount: quote.unitAmount,
          periodStart: quote.plan.periodStart,
          periodEnd: quote.plan.periodEnd,
          now: ctx.now,
        });
        await updateSubscriptions(ctx.tx, sub.id, { anchor: quote.plan.anchor });
      }
      const invoice = await engine.createInvoice(ctx.tx, ctx.account, {
        subscriptionId: sub.id,
        lines: invoiceLines,
        coupon: quote.coupon ? { terms: quote.coupon.terms, code: quote.coupon.code } : null,
        taxPercent: quote.pkg.tax,
        taxLabel: quote.pkg.tax_label,
        billingReason: quote.existing ? 'subscription_update' : 'subscription_create',
        now: ctx.now,
      });
      if (quote.coupon) await coupons.redeem(ctx.tx, quote.coupon.promotion, actor.merchantId, sub.id, ctx.now);
      const respond = async (done: MerchantTx): Promise<AddOnAnswer> => ({ message: 'Add-on subscription is successful', notice: { kind: 'addOnSubscribed' as const }, invoice: await toInvoice(done.tx, await readInvoice(done.tx, invoice.id)) });
      return { charge: { invoice, pending: { purpose: 'add_on', details: { subscription_id: sub.id } }, respond } };
    });

  return { quoteAddOn, addOnInfo, addOnPackageFor, addOnAmount, addOnSubscribe };
};

export type AddOnService = ReturnType<typeof createAddOnService>;
