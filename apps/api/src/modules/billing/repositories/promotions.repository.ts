import type { Coupon, CouponDuration, CurrencyCode, Market } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import { type Exec, num, numOrNull } from '../../../db/rows';
import { DomainError } from '../../../domain-error';

export type PromotionRecord = {
  promotionId: string;
  code: string;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  /** Only these markets (null: every market) and only these plan tiers (group keys; null: every plan). */
  markets: Market[] | null;
  planKeys: string[] | null;
  coupon: {
    id: string;
    name: string | null;
    percent_off: number | null;
    amount_off: number | null;
    currency: CurrencyCode | null;
    duration: CouponDuration;
    duration_in_months: number | null;
    max_redemptions: number | null;
    times_redeemed: number;
    redeem_by: number | null;
  };
};

const promotionSelect = (exec: Exec) =>
  exec('promotion_codes')
    .join('coupons', 'coupons.id', 'promotion_codes.coupon_id')
    .select(
      'promotion_codes.id as promotion_id',
      'promotion_codes.currency as promo_currency',
      'promotion_codes.code',
      'promotion_codes.active',
      'promotion_codes.expires_at',
      'promotion_codes.max_redemptions as promo_max',
      'promotion_codes.times_redeemed as promo_redeemed',
      'promotion_codes.markets as promo_markets',
      'promotion_codes.plan_keys as promo_plan_keys',
      'coupons.*',
    );

const list = (value: unknown): string[] | null => (typeof value === 'string' && value !== '' ? value.split(',') : null);

const toPromotion = (row: Record<string, unknown>): PromotionRecord => ({
  promotionId: String(row.promotion_id),
  code: String(row.code),
  active: Boolean(row.active),
  expiresAt: numOrNull(row.expires_at),
  maxRedemptions: numOrNull(row.promo_max),
  timesRedeemed: num(row.promo_redeemed),
  markets: list(row.promo_markets) as Market[] | null,
  planKeys: list(row.promo_plan_keys),
  coupon: {
    id: String(row.id),
    name: (row.name as string | null) ?? null,
    percent_off: numOrNull(row.percent_off),
    amount_off: numOrNull(row.amount_off),
    currency: (row.currency as CurrencyCode | null) ?? null,
    duration: row.duration as CouponDuration,
    duration_in_months: numOrNull(row.duration_in_months),
    max_redemptions: numOrNull(row.max_redemptions),
    times_redeemed: num(row.times_redeemed),
    redeem_by: numOrNull(row.redeem_by),
  },
});

/** The code's coupon for this currency, or its any-currency coupon. */
export const findPromotionByCode = async (exec: Exec, code: string, currency: CurrencyCode): Promise<PromotionRecord | null> => {
  const rows = await promotionSelect(exec)
    .where('promotion_codes.code', code.trim().toUpperCase())
    .andWhere((q) => q.where('promotion_codes.currency', currency).orWhereNull('promotion_codes.currency'));
  const row = rows.find((r) => r.promo_currency === currency) ?? rows[0];
  return row ? toPromotion(row) : null;
};

/** Whether the merchant ever redeemed this coupon, under any of its promotion codes. */
export const hasRedeemedCoupon = async (exec: Exec, couponId: string, merchantId: number): Promise<boolean> => {
  const row = await exec('coupon_redemptions')
    .join('promotion_codes', 'promotion_codes.id', 'coupon_redemptions.promotion_code_id')
    .where({ 'coupon_redemptions.merchant_id': merchantId, 'promotion_codes.coupon_id': couponId })
    .first('coupon_redemptions.id');
  return row !== undefined;
};

export const findPromotionById = async (exec: Exec, id: string): Promise<PromotionRecord | null> => {
  const row = await promotionSelect(exec).where('promotion_codes.id', id).first();
  return row ? toPromotion(row) : null;
};

export const toCoupon = (promotion: PromotionRecord): Coupon => ({
  id: promotion.promotionId,
  code: promotion.code,
  name: promotion.coupon.name,
  object: 'promotion_code',
  amount_off: promotion.coupon.amount_off,
  percent_off: promotion.coupon.percent_off,
  currency: promotion.coupon.currency,
  duration: promotion.coupon.duration,
  duration_in_months: promotion.coupon.duration_in_months,
});

/**
 * Counts one use of the code and its coupon, and remembers who redeemed it (and on which invoice, when the
 * discount already went on one). The count only moves while it is under the limit, in the same UPDATE that
 * checks it: two merchants redeeming the last use at once cannot both get it (on PostgreSQL the second
 * UPDATE waits for the first's row lock and re-reads the count; SQLite has one writer). The loser's whole
 * transaction rolls back with `coupon_limit_reached`.
 */
export const recordRedemption = async (
  exec: Exec,
  promotion: PromotionRecord,
  merchantId: number,
  subscriptionId: number | null,
  now: number,
  invoiceId: string | null = null,
): Promise<void> => {
  const underLimit = (column: string) => (q: Knex.QueryBuilder) => q.whereNull(column).orWhere(column, '>', exec.ref('times_redeemed'));
  const codes = await exec('promotion_codes').where({ id: promotion.promotionId }).andWhere(underLimit('max_redemptions')).increment('times_redeemed', 1);
  if (Number(codes) !== 1) throw new DomainError('coupon_limit_reached');
  const coupons = await exec('coupons').where({ id: promotion.coupon.id }).andWhere(underLimit('max_redemptions')).increment('times_redeemed', 1);
  if (Number(coupons) !== 1) throw new DomainError('coupon_limit_reached');
  await exec('coupon_redemptions').insert({ promotion_code_id: promotion.promotionId, merchant_id: merchantId, subscription_id: subscriptionId, invoice_id: invoiceId, created_at: now });
};
