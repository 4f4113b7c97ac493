import { randomBytes } from 'node:crypto';
import type {
  BalanceTransaction,
  BillingInfo,
  Card,
  CardBrand,
  Coupon,
  CouponDuration,
  CurrencyCode,
  Invoice,
  InvoiceLine,
  Market,
  PaymentType,
  Subscription,
  SubscriptionName,
  SubscriptionStatus,
} from '@merchant-hub/domain';
import type { Knex } from 'knex';
import { dbClient } from '../../db/knex';
import { type CatalogPackage, toPackage } from '../packages/packages.repository';

export type Exec = Knex | Knex.Transaction;

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
export const iso = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** PostgreSQL row lock (optionally skipping rows another instance holds); SQLite has one writer already. */
export const lockForUpdate = <T extends Knex.QueryBuilder>(exec: Exec, query: T, skipLocked = false): T => {
  if (dbClient(exec as Knex) !== 'postgres') return query;
  const locked = query.forUpdate();
  return (skipLocked ? locked.skipLocked() : locked) as T;
};

// ------------------------------------------------------------------------------------------------ accounts

export type BillingAccount = {
  merchantId: number;
  currency: CurrencyCode;
  market: Market;
  ownerUserId: number;
  paymentType: PaymentType;
  defaultPaymentMethod: string | null;
  gatewayCustomerId: string | null;
  /** Ledger running total: negative is credit owed to the merchant. */
  balance: number;
  createdAt: number;
  info: Omit<BillingInfo, 'user_merchant_id' | 'created_at'> | null;
};

const marketOf = async (exec: Exec, merchantId: number): Promise<Market> => {
  const row = await exec('merchants').leftJoin('countries', 'countries.id', 'merchants.country_id').where('merchants.id', merchantId).first('countries.iso_code', 'merchants.currency_code');
  const iso2 = row?.iso_code as string | undefined;
  if (iso2 === 'MY' || iso2 === 'SG' || iso2 === 'PH' || iso2 === 'TH' || iso2 === 'TW') return iso2;
  const byCurrency: Record<string, Market> = { MYR: 'MY', SGD: 'SG', PHP: 'PH', THB: 'TH', TWD: 'TW' };
  return byCurrency[String(row?.currency_code)] ?? 'MY';
};

/** Creates the billing account on first use; concurrent first uses insert once. */
export const ensureBillingAccount = async (exec: Exec, merchantId: number, nowSeconds: number): Promise<void> => {
  const merchant = await exec('merchants').where({ id: merchantId }).first('currency_code');
  if (!merchant) return;
  await exec('billing_accounts')
    .insert({ merchant_id: merchantId, currency: merchant.currency_code, created_at: nowSeconds, updated_at: nowSeconds })
    .onConflict('merchant_id')
    .ignore();
};

export const readBillingAccount = async (exec: Exec, merchantId: number, lock?: { skipLocked: boolean }): Promise<BillingAccount | null> => {
  const query = exec('billing_accounts').where({ merchant_id: merchantId });
  const row = await (lock ? lockForUpdate(exec, query, lock.skipLocked) : query).first();
  if (!row) return null;
  const merchant = await exec('merchants').where({ id: merchantId }).first('owner_user_id');
  return {
    merchantId,
    currency: row.currency as CurrencyCode,
    market: await marketOf(exec, merchantId),
    ownerUserId: num(merchant?.owner_user_id),
    paymentType: row.payment_type as PaymentType,
    defaultPaymentMethod: row.default_payment_method ?? null,
    gatewayCustomerId: row.gateway_customer_id ?? null,
    balance: num(row.balance),
    createdAt: num(row.created_at),
    info:
      row.name === null
        ? null
        : {
            name: row.name,
            email: row.email,
            address1: row.address1,
            address2: row.address2 ?? null,
            city: row.city,
            postal_code: row.postal_code,
            country: row.country ?? 'Malaysia',
            state_or_region: row.state_or_region,
          },
  };
};

export const billingInfoOf = (account: BillingAccount): BillingInfo | null =>
  account.info === null ? null : { user_merchant_id: account.merchantId, ...account.info, created_at: iso(account.createdAt) as string };

// ------------------------------------------------------------------------------------------------ coupons

export type PromotionRecord = {
  promotionId: string;
  code: string;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
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
      'coupons.*',
    );

const toPromotion = (row: Record<string, unknown>): PromotionRecord => ({
  promotionId: String(row.promotion_id),
  code: String(row.code),
  active: Boolean(row.active),
  expiresAt: numOrNull(row.expires_at),
  maxRedemptions: numOrNull(row.promo_max),
  timesRedeemed: num(row.promo_redeemed),
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

// ------------------------------------------------------------------------------------------------ subscriptions

export type SubscriptionRecord = {
  id: number;
  merchantId: number;
  name: SubscriptionName;
  status: SubscriptionStatus;
  stripePlan: string;
  stripeId: string;
  packageId: number;
  quantity: number;
  lockChannelCount: number;
  endsAt: number | null;
  trialEndsAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  anchor: number | null;
  promotionCodeId: string | null;
  couponAppliedAt: number | null;
  couponInvoicesUsed: number;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  dunningAttempts: number;
  nextRetryAt: number | null;
  canceledAt: number | null;
};

export const toSubscriptionRecord = (row: Record<string, unknown>): SubscriptionRecord => ({
  id: num(row.id),
  merchantId: num(row.merchant_id),
  name: row.name as SubscriptionName,
  status: row.stripe_status as SubscriptionStatus,
  stripePlan: String(row.stripe_plan),
  stripeId: String(row.stripe_id),
  packageId: num(row.package_id),
  quantity: num(row.quantity),
  lockChannelCount: num(row.lock_channel_count),
  endsAt: numOrNull(row.ends_at),
  trialEndsAt: numOrNull(row.trial_ends_at),
  periodStart: numOrNull(row.current_period_start),
  periodEnd: numOrNull(row.current_period_end),
  anchor: numOrNull(row.billing_cycle_anchor),
  promotionCodeId: (row.promotion_code_id as string | null) ?? null,
  couponAppliedAt: numOrNull(row.coupon_applied_at),
  couponInvoicesUsed: num(row.coupon_invoices_used),
  collectionMethod: row.collection_method as SubscriptionRecord['collectionMethod'],
  dunningAttempts: num(row.dunning_attempts),
  nextRetryAt: numOrNull(row.next_retry_at),
  canceledAt: numOrNull(row.canceled_at),
});

export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const liveSubscriptions = async (exec: Exec, merchantId: number): Promise<SubscriptionRecord[]> =>
  (await exec('subscriptions').where({ merchant_id: merchantId }).whereIn('stripe_status', LIVE_STATUSES).orderBy('id')).map(toSubscriptionRecord);

export const packagesById = async (exec: Exec, ids: number[]): Promise<Map<number, CatalogPackage>> => {
  const rows = ids.length === 0 ? [] : await exec('packages').whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((row) => [num(row.id), toPackage(row)]));
};

export const toSubscription = (record: SubscriptionRecord, pkg: CatalogPackage | null, coupon: Coupon | null): Subscription & Record<string, unknown> => ({
  id: record.id,
  name: record.name,
  stripe_status: record.status,
  stripe_plan: record.stripePlan,
  stripe_id: record.stripeId,
  quantity: record.quantity,
  lock_channel_count: record.lockChannelCount,
  ends_at: iso(record.endsAt),
  trial_ends_at: iso(record.trialEndsAt),
  current_period_start: iso(record.periodStart),
  current_period_end: iso(record.periodEnd),
  coupon,
  package: pkg,
});

/** Domain subscriptions with their packages and coupons, as the billing rules and the spec's client read them. */
export const toSubscriptions = async (exec: Exec, records: SubscriptionRecord[]): Promise<(Subscription & Record<string, unknown>)[]> => {
  const packages = await packagesById(exec, records.map((r) => r.packageId));
  const result: (Subscription & Record<string, unknown>)[] = [];
  for (const record of records) {
    const promotion = record.promotionCodeId ? await findPromotionById(exec, record.promotionCodeId) : null;
    result.push(toSubscription(record, packages.get(record.packageId) ?? null, promotion ? toCoupon(promotion) : null));
  }
  return result;
};

// ------------------------------------------------------------------------------------------------ cards

export const cardsOf = async (exec: Exec, merchantId: number): Promise<Card[]> =>
  (await exec('payment_methods').where({ merchant_id: merchantId }).whereNull('detached_at').orderBy('created_at')).map((row) => ({
    id: String(row.id),
    brand: row.brand as CardBrand,
    last4: String(row.last4),
    exp_month: num(row.exp_month),
    exp_year: num(row.exp_year),
  }));

// ------------------------------------------------------------------------------------------------ invoices

export type InvoiceRecord = {
  seq: number;
  id: string;
  number: string;
  merchantId: number;
  subscriptionId: number | null;
  status: Invoice['status'];
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  taxPercent: number;
  taxLabel: string | null;
  roundingAmount: number;
  total: number;
  startingBalance: number;
  appliedBalance: number;
  amountDue: number;
  amountPaid: number;
  collectionMethod: Invoice['collection_method'];
  billingReason: string;
  couponCode: string | null;
  periodStart: number;
  periodEnd: number;
  attemptCount: number;
  paymentIntentId: string | null;
  createdAt: number;
  paidAt: number | null;
};

export const toInvoiceRecord = (row: Record<string, unknown>): InvoiceRecord => ({
  seq: num(row.seq),
  id: String(row.id),
  number: String(row.number),
  merchantId: num(row.merchant_id),
  subscriptionId: numOrNull(row.subscription_id),
  status: row.status as Invoice['status'],
  currency: row.currency as CurrencyCode,
  subtotal: num(row.subtotal),
  discount: num(row.discount),
  tax: num(row.tax),
  taxPercent: num(row.tax_percent),
  taxLabel: (row.tax_label as string | null) ?? null,
  roundingAmount: num(row.rounding_amount),
  total: num(row.total),
  startingBalance: num(row.starting_balance),
  appliedBalance: num(row.applied_balance),
  amountDue: num(row.amount_due),
  amountPaid: num(row.amount_paid),
  collectionMethod: row.collection_method as Invoice['collection_method'],
  billingReason: String(row.billing_reason),
  couponCode: (row.coupon_code as string | null) ?? null,
  periodStart: num(row.period_start),
  periodEnd: num(row.period_end),
  attemptCount: num(row.attempt_count),
  paymentIntentId: (row.payment_intent_id as string | null) ?? null,
  createdAt: num(row.created_at),
  paidAt: numOrNull(row.paid_at),
});

export const findInvoice = async (exec: Exec, id: string): Promise<InvoiceRecord | null> => {
  const row = await exec('invoices').where({ id }).first();
  return row ? toInvoiceRecord(row) : null;
};

export const invoiceLines = async (exec: Exec, invoiceId: string): Promise<InvoiceLine[]> =>
  (await exec('invoice_lines').where({ invoice_id: invoiceId }).orderBy('id')).map((row) => ({
    id: `il_${num(row.id)}`,
    description: String(row.description),
    amount: num(row.amount),
    quantity: num(row.quantity),
    proration: Boolean(row.proration),
    period: { start: num(row.period_start), end: num(row.period_end) },
  }));

export const toInvoice = async (exec: Exec, record: InvoiceRecord, publicUrl: string): Promise<Invoice & Record<string, unknown>> => ({
  id: record.id,
  object: 'invoice',
  number: record.number,
  status: record.status,
  currency: record.currency,
  subtotal: record.subtotal,
  discount: record.discount,
  tax: record.tax,
  tax_percent: record.taxPercent,
  tax_label: record.taxLabel,
  rounding_amount: record.roundingAmount,
  total: record.total,
  amount_paid: record.amountPaid,
  amount_due: record.amountDue,
  starting_balance: record.startingBalance,
  applied_balance: record.appliedBalance,
  collection_method: record.collectionMethod,
  billing_reason: record.billingReason,
  coupon_code: record.couponCode,
  hosted_invoice_url: `${publicUrl}/api/invoices/${record.id}`,
  invoice_pdf: `${publicUrl}/api/invoices/${record.id}.pdf`,
  created: record.createdAt,
  period_start: record.periodStart,
  period_end: record.periodEnd,
  lines: { data: await invoiceLines(exec, record.id) },
});

// ------------------------------------------------------------------------------------------------ ledger

export const toBalanceTransaction = (row: Record<string, unknown>): BalanceTransaction & { invoice: string | null } => ({
  id: String(row.id),
  type: String(row.type),
  description: (row.description as string | null) ?? null,
  amount: num(row.amount),
  currency: row.currency as CurrencyCode,
  ending_balance: num(row.ending_balance),
  created: num(row.created_at),
  invoice: (row.invoice_id as string | null) ?? null,
});
