import type { Coupon, Subscription, SubscriptionName, SubscriptionStatus } from '@merchant-hub/domain';
import { rawRows } from '../../../db/knex';
import { type Exec, iso, num, numOrNull } from '../../../db/rows';
import { type CatalogPackage, packagesById } from '../../packages';
import { findPromotionById, toCoupon } from './promotions.repository';

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
  /** The unit amount (subtotal before tax, minor units) the current period is billed at; null on rows from before migration 740. */
  unitAmount: number | null;
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
  unitAmount: numOrNull(row.unit_amount),
});

/**
 * What one unit of the subscription is billed at for its current period: the amount stored when the period
 * started or the plan changed (a Stripe subscription item's price), so an edited package price reaches it at
 * the next renewal and never changes what the unused time of this period is worth.
 */
export const billedUnitAmount = (record: SubscriptionRecord, pkg: CatalogPackage): number => record.unitAmount ?? pkg.subtotal;

export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

const LIVE_SQL = `select * from subscriptions where merchant_id = ? and stripe_status in (${LIVE_STATUSES.map(() => '?').join(', ')}) order by id`;

/** Prebuilt SQL: every billing page reads these. */
export const liveSubscriptions = async (exec: Exec, merchantId: number): Promise<SubscriptionRecord[]> => (await rawRows(exec, LIVE_SQL, [merchantId, ...LIVE_STATUSES])).map(toSubscriptionRecord);

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
/** `packages`: the catalog already read (the overview's cached one), else the subscriptions' packages are read. */
export const toSubscriptions = async (exec: Exec, records: SubscriptionRecord[], packages?: ReadonlyMap<number, CatalogPackage>): Promise<(Subscription & Record<string, unknown>)[]> => {
  packages ??= await packagesById(exec, records.map((r) => r.packageId));
  const result: (Subscription & Record<string, unknown>)[] = [];
  for (const record of records) {
    const promotion = record.promotionCodeId ? await findPromotionById(exec, record.promotionCodeId) : null;
    result.push(toSubscription(record, packages.get(record.packageId) ?? null, promotion ? toCoupon(promotion) : null));
  }
  return result;
};

/** The columns a billing change may set, by their TypeScript names. */
export type SubscriptionPatch = Partial<{
  status: SubscriptionStatus;
  packageId: number;
  stripePlan: string;
  quantity: number;
  lockChannelCount: number;
  endsAt: number | null;
  canceledAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  anchor: number | null;
  promotionCodeId: string | null;
  couponAppliedAt: number | null;
  couponInvoicesUsed: number;
  dunningAttempts: number;
  nextRetryAt: number | null;
  unitAmount: number;
  updatedAt: number;
}>;

const COLUMNS: Record<keyof SubscriptionPatch, string> = {
  status: 'stripe_status',
  packageId: 'package_id',
  stripePlan: 'stripe_plan',
  quantity: 'quantity',
  lockChannelCount: 'lock_channel_count',
  endsAt: 'ends_at',
  canceledAt: 'canceled_at',
  periodStart: 'current_period_start',
  periodEnd: 'current_period_end',
  anchor: 'billing_cycle_anchor',
  promotionCodeId: 'promotion_code_id',
  couponAppliedAt: 'coupon_applied_at',
  couponInvoicesUsed: 'coupon_invoices_used',
  dunningAttempts: 'dunning_attempts',
  nextRetryAt: 'next_retry_at',
  unitAmount: 'unit_amount',
  updatedAt: 'updated_at',
};

const columnsOf = (patch: SubscriptionPatch): Record<string, unknown> =>
  Object.fromEntries(Object.entries(patch).map(([key, value]) => [COLUMNS[key as keyof SubscriptionPatch], value]));

/** Updates one subscription, or several (`ids`); `unlessCanceled` leaves a cancelled one as it is. */
export const updateSubscriptions = async (exec: Exec, ids: number | number[], patch: SubscriptionPatch, options: { unlessCanceled?: boolean } = {}): Promise<void> => {
  const query = exec('subscriptions').whereIn('id', Array.isArray(ids) ? ids : [ids]);
  if (options.unlessCanceled) query.whereNot({ stripe_status: 'canceled' });
  await query.update(columnsOf(patch));
};

/** The cancelled subscription stays on record; nothing bills it again. */
export const cancelSubscription = async (exec: Exec, id: number, now: number): Promise<void> => updateSubscriptions(exec, id, { status: 'canceled', canceledAt: now, updatedAt: now });

/** The newest subscription of that name an open invoice can belong to (Retry Payment). */
export const retryableSubscription = async (exec: Exec, merchantId: number, name: SubscriptionName): Promise<SubscriptionRecord | null> => {
  const row = await exec('subscriptions').where({ merchant_id: merchantId, name }).whereIn('stripe_status', ['past_due', 'active', 'incomplete']).orderBy('id', 'desc').first();
  return row ? toSubscriptionRecord(row) : null;
};
