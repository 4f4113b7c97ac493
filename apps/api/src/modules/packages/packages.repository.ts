import type { BillingPeriod, CurrencyCode, Market, Package, PackageDescriptions, UsageItem, UsageLimit } from '@merchant-hub/domain';
import { USAGE_ITEMS } from '@merchant-hub/domain';
import { netPrice } from '@merchant-hub/money';
import type { Exec } from '../../db/rows';

export type PackageRow = Record<string, unknown>;

/** A catalog package plus the columns the engine needs but the spec's Package does not name. */
export type CatalogPackage = Package & { market: Market; group_key: string; is_addon: boolean };

const limit = (value: unknown): UsageLimit => (value === '*' || value === null || value === undefined ? '*' : Number(value));

/**
 * Parsed `descriptions`, by their JSON text: the catalog is read from the database on every request (so an
 * edit shows at once, on every instance) but the same text is parsed once. Frozen: callers share it.
 */
const parsedDescriptions = new Map<string, PackageDescriptions>();
const DESCRIPTIONS_KEPT = 1000;
const descriptionsOf = (json: string): PackageDescriptions => {
  let parsed = parsedDescriptions.get(json);
  if (!parsed) {
    parsed = deepFreeze(JSON.parse(json) as PackageDescriptions);
    if (parsedDescriptions.size >= DESCRIPTIONS_KEPT) parsedDescriptions.clear();
    parsedDescriptions.set(json, parsed);
  }
  return parsed;
};
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

export const toPackage = (row: PackageRow): CatalogPackage => {
  const price = Number(row.price);
  const discount = Number(row.discount);
  const limits = Object.fromEntries(USAGE_ITEMS.map((item: UsageItem) => [`max_${item}`, limit(row[`max_${item}`])])) as {
    [K in UsageItem as `max_${K}`]: UsageLimit;
  };
  return {
    id: Number(row.id),
    name: String(row.name),
    billing_period: row.billing_period as BillingPeriod,
    price,
    discount,
    // Spec §3 `subtotal`: the price after the plan's own discount, exactly as checkoutTotals computes it.
    subtotal: netPrice(price, discount),
    tax: Number(row.tax),
    tax_label: String(row.tax_label),
    currency: row.currency as CurrencyCode,
    image: (row.image as string | null) ?? null,
    sort_order: Number(row.sort_order),
    hide: Boolean(row.hide),
    stripe_id: String(row.stripe_id),
    descriptions: descriptionsOf(String(row.descriptions)),
    is_addon: Boolean(row.is_addon),
    market: row.market as Market,
    group_key: String(row.group_key),
    ...limits,
  };
};

export const findPackage = async (db: Exec, id: number): Promise<CatalogPackage | null> => {
  const row = await db('packages').where({ id }).first();
  return row ? toPackage(row) : null;
};

export const findPackageByPriceId = async (db: Exec, stripeId: string): Promise<CatalogPackage | null> => {
  const row = await db('packages').where({ stripe_id: stripeId }).first();
  return row ? toPackage(row) : null;
};

/** The plans of one market (no add-ons), hidden ones only when asked. */
export const marketPlans = async (db: Exec, market: Market, withHidden: boolean): Promise<CatalogPackage[]> => {
  const query = db('packages').where({ market, is_addon: false }).orderBy([{ column: 'billing_period' }, { column: 'sort_order' }, { column: 'id' }]);
  if (!withHidden) query.andWhere({ hide: false });
  return (await query).map(toPackage);
};

export const addOnPackage = async (db: Exec, market: Market, period: BillingPeriod): Promise<CatalogPackage | null> => {
  const row = await db('packages').where({ market, is_addon: true, billing_period: period }).first();
  return row ? toPackage(row) : null;
};

/** The same tier and period in another market (the checkout's package-by-group call). */
export const packageInGroup = async (db: Exec, pkg: CatalogPackage, market: Market): Promise<CatalogPackage | null> => {
  const row = await db('packages').where({ market, group_key: pkg.group_key, billing_period: pkg.billing_period }).first();
  return row ? toPackage(row) : null;
};

export const activePackages = async (db: Exec, market?: Market): Promise<CatalogPackage[]> => {
  const query = db('packages').where({ hide: false, is_addon: false }).orderBy([{ column: 'market' }, { column: 'billing_period' }, { column: 'sort_order' }]);
  if (market) query.andWhere({ market });
  return (await query).map(toPackage);
};

export const packagesById = async (db: Exec, ids: number[]): Promise<Map<number, CatalogPackage>> => {
  const rows = ids.length === 0 ? [] : await db('packages').whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((row) => [Number(row.id), toPackage(row)]));
};

/** Every package, read once per catalog revision (see {@link catalogAt}). */
export type Catalog = {
  byId: ReadonlyMap<number, CatalogPackage>;
  /** As {@link marketPlans} orders them: by billing period, sort order, id. */
  plans: (market: Market, withHidden: boolean) => CatalogPackage[];
};

const byPlanOrder = (a: CatalogPackage, b: CatalogPackage): number =>
  a.billing_period < b.billing_period ? -1 : a.billing_period > b.billing_period ? 1 : a.sort_order - b.sort_order || a.id - b.id;

/** The catalog last read from each database (its connection pool), with the key it was read at. */
const catalogs = new WeakMap<object, { key: string; catalog: Catalog }>();

/**
 * The whole catalog as of `key` (the catalog revision, which every change moves inside its own transaction —
 * see commitCatalogChange — and the package count, which a seed's inserts move): read from the database when
 * the key moved since the last read, else from memory. The caller reads the key per request, so a price change
 * counts at once, on every instance. Frozen: callers share the packages.
 */
export const catalogAt = async (db: Exec, key: string): Promise<Catalog> => {
  const cached = catalogs.get(db);
  if (cached?.key === key) return cached.catalog;
  // Read after the key: a change committed in between is newer than the key, and the next key read reloads.
  const all = (await db('packages')).map((row) => Object.freeze(toPackage(row)));
  const sorted = all.filter((pkg) => !pkg.is_addon).sort(byPlanOrder);
  const markets = new Map<string, CatalogPackage[]>();
  for (const withHidden of [true, false]) {
    for (const pkg of sorted) {
      if (!withHidden && pkg.hide) continue;
      const slot = `${pkg.market}:${withHidden}`;
      markets.set(slot, [...(markets.get(slot) ?? []), pkg]);
    }
  }
  const catalog: Catalog = { byId: new Map(all.map((pkg) => [pkg.id, pkg])), plans: (market, withHidden) => [...(markets.get(`${market}:${withHidden}`) ?? [])] };
  catalogs.set(db, { key, catalog });
  return catalog;
};
