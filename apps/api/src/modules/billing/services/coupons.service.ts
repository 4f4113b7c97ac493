import type { AddCouponOutput } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import { findPackage } from '../../packages';
import type { Engine } from '../engine/billing.engine';
import { findPromotionByCode, recordRedemption, toCoupon } from '../repositories/promotions.repository';
import { updateSubscriptions } from '../repositories/subscriptions.repository';
import { type Actor, billingState } from './billing-state';
import { couponProblem, couponReuseProblem } from './coupon-rules';

/** Promotion codes on the plan (the add-on and the checkout redeem through the same rules). */
export const createCouponsService = (engine: Engine) => {
  /** Counts a redemption of the code for this merchant (and subscription). */
  const redeem = recordRedemption;

  const addCoupon = async (actor: Actor, input: AddCouponOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      const st = await billingState(ctx.tx, actor.merchantId);
      const current = st.currentRecord;
      if (!current || current.status === 'past_due') throw new AppError('no_subscription');
      const promotion = await findPromotionByCode(ctx.tx, input.coupon, ctx.account.currency);
      const pkg = await findPackage(ctx.tx, current.packageId);
      const problem = couponProblem(promotion, ctx.account.currency, ctx.now, { market: pkg?.market ?? '', groupKey: pkg?.group_key ?? null });
      if (problem || !promotion) throw problem ?? new AppError('coupon_invalid');
      if (current.promotionCodeId === promotion.promotionId) throw new AppError('coupon_already_applied');
      const reused = await couponReuseProblem(ctx.tx, promotion, actor.merchantId);
      if (reused) throw reused;
      await updateSubscriptions(ctx.tx, current.id, { promotionCodeId: promotion.promotionId, couponAppliedAt: ctx.now, couponInvoicesUsed: 0, updatedAt: ctx.now });
      await redeem(ctx.tx, promotion, actor.merchantId, current.id, ctx.now);
      return { message: 'Coupon applied', notice: { kind: 'couponApplied' as const, code: promotion.code }, data: toCoupon(promotion) };
    });

  return { redeem, addCoupon };
};

export type CouponsService = ReturnType<typeof createCouponsService>;
