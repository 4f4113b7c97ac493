import type { Promotion, PromotionCreateOutput, Redemption } from '@merchant-hub/validation';
import type { Knex } from 'knex';

type Exec = Knex | Knex.Transaction;

const list = (value: unknown): string[] | null => (typeof value === 'string' && value !== '' ? value.split(',') : null);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toPromotion = (row: Record<string, unknown>): Promotion => ({
  id: String(row.promotion_id),
  code: String(row.code),
  name: (row.name as string | null) ?? null,
  percent_off: numOrNull(row.percent_off),
  amount_off: numOrNull(row.amount_off),
  currency: (row.coupon_currency as string | null) ?? null,
  duration: row.duration as Promotion['duration'],
  duration_in_months: numOrNull(row.duration_in_months),
  // The code's own date, or its coupon's redeem-by date when that comes first (EXPIRED5 has both).
  expires_at: [numOrNull(row.expires_at), numOrNull(row.redeem_by)].filter((v): v is number => v !== null).sort((a, b) => a - b)[0] ?? null,
  max_redemptions: numOrNull(row.promo_max),
  times_redeemed: Number(row.promo_redeemed),
  active: Boolean(row.active),
  markets: list(row.markets),
  plans: list(row.plan_keys),
  created_at: Number(row.promo_created_at),
});

const select = (db: Exec) =>
  db('promotion_codes')
    .join('coupons', 'coupons.id', 'promotion_codes.coupon_id')
    .select(
      'promotion_codes.id as promotion_id',
      'promotion_codes.code',
      'promotion_codes.active',
      'promotion_codes.expires_at',
      'promotion_codes.max_redemptions as promo_max',
      'promotion_codes.times_redeemed as promo_redeemed',
      'promotion_codes.markets',
      'promotion_codes.plan_keys',
      'promotion_codes.created_at as promo_created_at',
      'coupons.name',
      'coupons.percent_off',
      'coupons.amount_off',
      'coupons.currency as coupon_currency',
      'coupons.duration',
      'coupons.duration_in_months',
      'coupons.redeem_by',
    );

export const listPromotions = async (db: Exec): Promise<Promotion[]> =>
  (await select(db).orderBy([{ column: 'promotion_codes.created_at', order: 'desc' }, { column: 'promotion_codes.id' }])).map(toPromotion);

export const findPromotion = async (db: Exec, id: string): Promise<Promotion | null> => {
  const row = await select(db).where('promotion_codes.id', id).first();
  return row ? toPromotion(row) : null;
};

export const codeExists = async (db: Exec, code: string): Promise<boolean> => (await db('promotion_codes').where({ code }).first('id')) !== undefined;

/** One coupon (the terms) and one code for it (limit, expiry, restrictions), as Stripe models them. */
export const insertPromotion = async (tx: Exec, input: PromotionCreateOutput & { id: string; couponId: string; createdBy: number; now: number }): Promise<void> => {
  await tx('coupons').insert({
    id: input.couponId,
    name: input.name,
    percent_off: input.percent_off,
    amount_off: input.amount_off,
    currency: input.currency,
    duration: input.duration,
    duration_in_months: input.duration_in_months,
    max_redemptions: null,
    redeem_by: null,
    created_at: input.now,
  });
  await tx('promotion_codes').insert({
    id: input.id,
    code: input.code,
    currency: null,
    coupon_id: input.couponId,
    active: true,
    expires_at: input.expires_at,
    max_redemptions: input.max_redemptions,
    markets: input.markets?.join(',') ?? null,
    plan_keys: input.plans?.join(',') ?? null,
    created_by: input.createdBy,
    created_at: input.now,
  });
};

export const deactivatePromotion = async (tx: Exec, id: string, now: number): Promise<void> => {
  await tx('promotion_codes').where({ id }).update({ active: false, deactivated_at: now });
};

/**
 * Every redemption of a code: the merchant, and the invoice its discount went on (recorded by the checkout;
 * for a code applied on the billing page, the merchant's first invoice carrying the code since then).
 */
export const listRedemptions = async (db: Exec, promotionId: string, code: string): Promise<Redemption[]> => {
  const rows: Record<string, unknown>[] = await db('coupon_redemptions')
    .join('merchants', 'merchants.id', 'coupon_redemptions.merchant_id')
    .where('coupon_redemptions.promotion_code_id', promotionId)
    .orderBy('coupon_redemptions.id', 'desc')
    .select('coupon_redemptions.*', 'merchants.name as merchant_name', 'merchants.owner_user_id');
  const result: Redemption[] = [];
  for (const row of rows) {
    const invoiceQuery = db('invoices').where({ merchant_id: row.merchant_id });
    const invoice = row.invoice_id
      ? await invoiceQuery.andWhere({ id: row.invoice_id }).first('id', 'number', 'discount', 'currency')
      : await invoiceQuery.andWhere({ coupon_code: code }).andWhere('created_at', '>=', Number(row.created_at)).orderBy('created_at').first('id', 'number', 'discount', 'currency');
    result.push({
      id: Number(row.id),
      merchant_id: Number(row.merchant_id),
      merchant_name: String(row.merchant_name ?? ''),
      user_id: numOrNull(row.owner_user_id),
      invoice_id: invoice ? String(invoice.id) : null,
      invoice_number: invoice ? String(invoice.number) : null,
      discount: invoice ? Number(invoice.discount) : null,
      currency: invoice ? String(invoice.currency) : null,
      created_at: Number(row.created_at),
    });
  }
  return result;
};
