import type { Market } from '@merchant-hub/domain';
import type { PlanEditOutput } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/rows';
import { type CatalogPackage, toPackage } from '../packages';

type Exec = Knex | Knex.Transaction;

/** Subscriptions that will renew on a package: whoever a price change reaches at their next renewal. */
const RENEWING = ['active', 'trialing', 'past_due'];

/** Every package row of one market (plans and add-ons, hidden ones too), in the console's order. */
export const marketCatalog = async (db: Exec, market: Market): Promise<CatalogPackage[]> =>
  (await db('packages').where({ market }).orderBy([{ column: 'is_addon' }, { column: 'billing_period' }, { column: 'sort_order' }, { column: 'id' }])).map(toPackage);

export const lockPackage = async (tx: Knex.Transaction, id: number): Promise<CatalogPackage | null> => {
  const row = await lockForUpdate(tx, tx('packages').where({ id })).first();
  return row ? toPackage(row) : null;
};

/** How many subscriptions renew on each of these packages. */
export const subscriberCounts = async (db: Exec, ids: number[]): Promise<Map<number, number>> => {
  if (ids.length === 0) return new Map();
  const rows: { package_id: unknown; n: unknown }[] = await db('subscriptions').whereIn('package_id', ids).whereIn('stripe_status', RENEWING).whereNull('ends_at').groupBy('package_id').select('package_id').count({ n: '*' });
  return new Map(rows.map((row) => [Number(row.package_id), Number(row.n)]));
};

const planColumns = (plan: PlanEditOutput): Record<string, unknown> => ({
  name: plan.name,
  price: plan.price,
  discount: plan.discount,
  tax: plan.tax,
  tax_label: plan.tax_label,
  image: plan.image,
  sort_order: plan.sort_order,
  hide: plan.hide,
  descriptions: JSON.stringify(plan.descriptions),
  ...Object.fromEntries(Object.entries(plan.limits).map(([item, limit]) => [`max_${item}`, String(limit)])),
});

export const updatePackage = async (tx: Exec, id: number, plan: PlanEditOutput): Promise<void> => {
  await tx('packages').where({ id }).update(planColumns(plan));
};

export const insertPackage = async (
  tx: Exec,
  input: PlanEditOutput & { market: Market; currency: string; billing_period: string; group_key: string; stripe_id: string; now: number },
): Promise<number> => {
  const [row] = await tx('packages')
    .insert({ ...planColumns(input), market: input.market, currency: input.currency, billing_period: input.billing_period, group_key: input.group_key, stripe_id: input.stripe_id, is_addon: false, created_at: input.now })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
};

export const findInGroup = async (db: Exec, market: Market, groupKey: string, period: string): Promise<CatalogPackage | null> => {
  const row = await db('packages').where({ market, group_key: groupKey, billing_period: period }).first();
  return row ? toPackage(row) : null;
};

export const stripeIdTaken = async (db: Exec, stripeId: string): Promise<boolean> => (await db('packages').where({ stripe_id: stripeId }).first('id')) !== undefined;

export const setHidden = async (tx: Exec, id: number, hide: boolean): Promise<void> => {
  await tx('packages').where({ id }).update({ hide });
};

export const setSortOrders = async (tx: Exec, ids: number[]): Promise<void> => {
  for (const [index, id] of ids.entries()) await tx('packages').where({ id }).update({ sort_order: index + 1 });
};

/** The plans (no add-ons) of one market and period. */
export const plansOf = async (db: Exec, market: Market, period: string): Promise<CatalogPackage[]> =>
  (await db('packages').where({ market, billing_period: period, is_addon: false }).orderBy([{ column: 'sort_order' }, { column: 'id' }])).map(toPackage);
