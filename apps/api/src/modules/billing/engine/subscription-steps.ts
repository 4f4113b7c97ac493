import type { SubscriptionName, SubscriptionStatus } from '@merchant-hub/domain';
import type { CouponTerms } from '@merchant-hub/money';
import type { Knex } from 'knex';
import { type Exec, newId } from '../../../db/rows';
import type { CatalogPackage } from '../../packages';
import { findPromotionById } from '../repositories/promotions.repository';
import { type SubscriptionRecord, toSubscriptionRecord } from '../repositories/subscriptions.repository';
import type { DraftLine } from './billing.engine';
import { addMonthsUtc } from './periods';

/** Retries after a failed renewal, in days after it; the subscription is cancelled when the last one fails. */
export const DUNNING_RETRY_DAYS: readonly number[] = [1, 3, 5, 7];
const DAY = 86_400;

// What the engine does to subscriptions inside a merchant transaction: plain functions of the transaction.

/** The coupon terms that still apply to the subscription's next invoice, if any. */
export const couponFor = async (exec: Exec, sub: SubscriptionRecord, now: number): Promise<{ terms: CouponTerms; code: string } | null> => {
  if (!sub.promotionCodeId) return null;
  const promotion = await findPromotionById(exec, sub.promotionCodeId);
  if (!promotion) return null;
  const { coupon } = promotion;
  if (coupon.duration === 'once' && sub.couponInvoicesUsed > 0) return null;
  if (coupon.duration === 'repeating' && sub.couponAppliedAt !== null && now >= addMonthsUtc(sub.couponAppliedAt, coupon.duration_in_months ?? 0)) return null;
  return { terms: { percent_off: coupon.percent_off, amount_off: coupon.amount_off, currency: coupon.currency }, code: promotion.code };
};

/** Counts a coupon use; a coupon that has run its course leaves the subscription, as Stripe's discount does. */
export const useCoupon = async (tx: Knex.Transaction, sub: SubscriptionRecord): Promise<void> => {
  const promotion = sub.promotionCodeId ? await findPromotionById(tx, sub.promotionCodeId) : null;
  if (!promotion) return;
  const used = sub.couponInvoicesUsed + 1;
  // Repeating coupons lapse by date (see couponFor); a once coupon is spent by its first invoice.
  const done = promotion.coupon.duration === 'once';
  await tx('subscriptions').where({ id: sub.id }).update({ coupon_invoices_used: used, ...(done ? { promotion_code_id: null, coupon_applied_at: null } : {}) });
};

export const insertSubscription = async (
  tx: Knex.Transaction,
  input: {
    merchantId: number;
    name: SubscriptionName;
    status: SubscriptionStatus;
    pkg: CatalogPackage;
    quantity?: number;
    lockChannelCount?: number;
    periodStart: number | null;
    periodEnd: number | null;
    trialEndsAt?: number | null;
    collectionMethod?: 'charge_automatically' | 'send_invoice';
    /** What one unit is billed at for the first period; the package's price unless the invoice used another. */
    unitAmount?: number;
    now: number;
  },
): Promise<SubscriptionRecord> => {
  const [row] = await tx('subscriptions')
    .insert({
      merchant_id: input.merchantId,
      name: input.name,
      stripe_status: input.status,
      stripe_plan: input.pkg.stripe_id,
      stripe_id: newId('sub'),
      package_id: input.pkg.id,
      quantity: input.quantity ?? 1,
      lock_channel_count: input.lockChannelCount ?? 0,
      trial_ends_at: input.trialEndsAt ?? null,
      current_period_start: input.periodStart,
      current_period_end: input.periodEnd,
      billing_cycle_anchor: input.periodStart,
      collection_method: input.collectionMethod ?? 'charge_automatically',
      unit_amount: input.unitAmount ?? input.pkg.subtotal,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('*');
  return toSubscriptionRecord(row as Record<string, unknown>);
};

export const planLine = (pkg: CatalogPackage, start: number, end: number, quantity = 1): DraftLine => ({
  description: `${quantity > 1 ? `${quantity} × ` : ''}${pkg.name} (${pkg.billing_period}${pkg.discount > 0 ? `, ${pkg.discount}% off` : ''})`,
  label: { kind: 'plan', plan: pkg.name, quantity, period: pkg.billing_period, discount: pkg.discount },
  amount: pkg.subtotal * quantity,
  quantity,
  periodStart: start,
  periodEnd: end,
});

/** Puts a subscription into dunning after a failed charge: past_due, next retry on the schedule. */
/** Returns when the first retry is due. */
export const startDunning = async (tx: Knex.Transaction, sub: SubscriptionRecord, failedAt: number): Promise<number> => {
  const nextRetryAt = failedAt + (DUNNING_RETRY_DAYS[0] ?? 1) * DAY;
  await tx('subscriptions').where({ id: sub.id }).update({ stripe_status: 'past_due', dunning_attempts: 0, next_retry_at: nextRetryAt, updated_at: failedAt });
  return nextRetryAt;
};
