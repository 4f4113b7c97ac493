import { AppError } from '../../../http/errors';
import type { Exec } from '../../../db/rows';
import { hasRedeemedCoupon, type PromotionRecord } from '../repositories/promotions.repository';

/**
 * Why a promotion code cannot be redeemed for a charge in `currency` at `now` (unix seconds), or null when it
 * can: unknown or inactive, expired (the code's or its coupon's date), used up (the code's or the coupon's
 * limit), an amount coupon in another currency, or a code restricted to other markets or plans (`target`). The billing calls and the public checkout both ask here.
 */
export type CouponTarget = { market: string; groupKey: string | null };

export const couponProblem = (promotion: PromotionRecord | null, currency: string, now: number, target: CouponTarget): AppError | null => {
  if (!promotion || !promotion.active) return new AppError('coupon_invalid');
  const { coupon } = promotion;
  if ((promotion.expiresAt !== null && promotion.expiresAt <= now) || (coupon.redeem_by !== null && coupon.redeem_by <= now)) return new AppError('coupon_expired');
  if ((promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions) || (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)) {
    return new AppError('coupon_limit_reached');
  }
  // A restricted code: only its markets; only its plan tiers (the add-on, which is no plan, has groupKey null).
  if (promotion.markets !== null && !promotion.markets.includes(target.market as never)) return new AppError('coupon_not_applicable');
  if (promotion.planKeys !== null && (target.groupKey === null || !promotion.planKeys.includes(target.groupKey))) return new AppError('coupon_not_applicable');
  if (coupon.amount_off !== null && coupon.currency !== currency) return new AppError('coupon_wrong_currency', { message: `This coupon is not valid for ${currency} plans` });
  return null;
};

/**
 * A coupon that ends (`once`, `repeating`) serves each merchant one time, whichever subscription or add-on it
 * was redeemed on: applying another coupon and then this one again must not earn it a second time (nor restart
 * a repeating coupon's months). A `forever` coupon is the same discount however often it is applied.
 */
export const couponReuseProblem = async (exec: Exec, promotion: PromotionRecord, merchantId: number): Promise<AppError | null> => {
  if (promotion.coupon.duration === 'forever') return null;
  return (await hasRedeemedCoupon(exec, promotion.coupon.id, merchantId)) ? new AppError('coupon_used') : null;
};
