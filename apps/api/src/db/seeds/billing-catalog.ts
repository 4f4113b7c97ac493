import type { BillingPeriod, CurrencyCode, Market, UsageItem, UsageLimit } from '@merchant-hub/domain';
import type { Knex } from 'knex';

/** Tax of each market (REFERENCE.md, 2025–2026). */
export const MARKET_TAX: Readonly<Record<Market, { currency: CurrencyCode; percent: number; label: string }>> = {
  MY: { currency: 'MYR', percent: 8, label: 'SST - Malaysia' },
  SG: { currency: 'SGD', percent: 9, label: 'GST - Singapore' },
  PH: { currency: 'PHP', percent: 12, label: 'VAT - Philippines' },
  TH: { currency: 'THB', percent: 7, label: 'VAT - Thailand' },
  TW: { currency: 'TWD', percent: 5, label: 'Business tax - Taiwan' },
};

/** Yearly plans are twelve months' price less this percent ("Save 20%"). */
export const YEARLY_DISCOUNT_PERCENT = 20;

type Tier = {
  key: string;
  name: string;
  sortOrder: number;
  hide?: boolean;
  /** Monthly list price per market in minor units; TWD in whole dollars (×100). */
  monthly: Readonly<Record<Market, number>>;
  limits: Readonly<Record<UsageItem, UsageLimit>>;
  basic: string[];
  features: string[];
  report: string[];
};

const TIERS: Tier[] = [
  {
    key: 'starter',
    name: 'Starter',
    sortOrder: 1,
    monthly: { MY: 9900, SG: 3900, PH: 149900, TH: 99000, TW: 129000 },
    limits: { order: 500, item: 1000, channel: 1, staff: 2, warehouse: 1, competitor_products: 10 },
    basic: ['500 orders a month', '1,000 inventory SKUs', '1 sales channel', '2 staff accounts'],
    features: ['Order management', 'Inventory sync', 'E-mail support'],
    report: ['Sales summary'],
  },
  {
    key: 'growth',
    name: 'Growth',
    sortOrder: 2,
    monthly: { MY: 19900, SG: 7900, PH: 299900, TH: 199000, TW: 259000 },
    limits: { order: 2000, item: 5000, channel: 3, staff: 5, warehouse: 2, competitor_products: 50 },
    basic: ['2,000 orders a month', '5,000 inventory SKUs', '3 sales channels', '5 staff accounts'],
    features: ['Everything in Starter', 'Bulk listing', 'Chat support'],
    report: ['Sales summary', 'Product performance'],
  },
  {
    key: 'pro',
    name: 'Pro',
    sortOrder: 3,
    monthly: { MY: 39900, SG: 15900, PH: 599900, TH: 399000, TW: 519000 },
    limits: { order: 10000, item: 20000, channel: 5, staff: 15, warehouse: 5, competitor_products: 200 },
    basic: ['10,000 orders a month', '20,000 inventory SKUs', '5 sales channels', '15 staff accounts'],
    features: ['Everything in Growth', 'Competitor analysis', 'Priority support'],
    report: ['Sales summary', 'Product performance', 'Competitor report'],
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    sortOrder: 4,
    monthly: { MY: 79900, SG: 31900, PH: 1199900, TH: 799000, TW: 1039000 },
    limits: { order: '*', item: '*', channel: 10, staff: 50, warehouse: 20, competitor_products: 1000 },
    basic: ['Unlimited orders', 'Unlimited inventory SKUs', '10 sales channels', '50 staff accounts'],
    features: ['Everything in Pro', 'Dedicated account manager', 'API access'],
    report: ['Sales summary', 'Product performance', 'Competitor report', 'Custom exports'],
  },
  {
    // Quoted per merchant by sales: price 0 and no report list, so the card shows Call for Quote instead.
    key: 'custom',
    name: 'Custom Plan',
    sortOrder: 5,
    monthly: { MY: 0, SG: 0, PH: 0, TH: 0, TW: 0 },
    limits: { order: '*', item: '*', channel: '*', staff: '*', warehouse: '*', competitor_products: '*' },
    basic: ['Customizable orders', 'Customizable store', 'Customizable product listing', 'Customizable staff accounts'],
    features: ['Tailored onboarding', 'Service-level agreement'],
    report: [],
  },
  {
    // An older plan kept for the merchants still on it; only staff see it (spec §6).
    key: 'legacy-growth',
    name: 'Growth (2024)',
    sortOrder: 2,
    hide: true,
    monthly: { MY: 14900, SG: 5900, PH: 249900, TH: 149000, TW: 199000 },
    limits: { order: 1500, item: 4000, channel: 2, staff: 4, warehouse: 2, competitor_products: 20 },
    basic: ['1,500 orders a month', '4,000 inventory SKUs', '2 sales channels', '4 staff accounts'],
    features: ['Order management', 'Inventory sync'],
    report: ['Sales summary'],
  },
];

/** Price of one extra sales channel (store) per month; yearly is twelve months less 20%. */
const ADD_ON_MONTHLY: Readonly<Record<Market, number>> = { MY: 3000, SG: 1200, PH: 45000, TH: 30000, TW: 39000 };

const MARKET_LIST: readonly Market[] = ['MY', 'SG', 'PH', 'TH', 'TW'];
const PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

export type CatalogRow = Record<string, unknown>;

const limitColumns = (limits: Readonly<Record<UsageItem, UsageLimit>>): CatalogRow =>
  Object.fromEntries(Object.entries(limits).map(([item, limit]) => [`max_${item}`, String(limit)]));

/** Every package row of the catalog: five markets × (six tiers + the add-on) × two periods. */
export const catalogRows = (createdAt: number): CatalogRow[] => {
  const rows: CatalogRow[] = [];
  for (const market of MARKET_LIST) {
    const tax = MARKET_TAX[market];
    for (const period of PERIODS) {
      const yearly = period === 'yearly';
      for (const tier of TIERS) {
        rows.push({
          market,
          currency: tax.currency,
          group_key: tier.key,
          name: tier.name,
          billing_period: period,
          price: yearly ? tier.monthly[market] * 12 : tier.monthly[market],
          discount: yearly ? YEARLY_DISCOUNT_PERCENT : 0,
          tax: tax.percent,
          tax_label: tax.label,
          image: `/api/packages/images/${tier.key}.svg`,
          sort_order: tier.sortOrder,
          hide: tier.hide ?? false,
          is_addon: false,
          stripe_id: `price_${market.toLowerCase()}_${tier.key.replace(/-/g, '_')}_${period}`,
          descriptions: JSON.stringify({ basic: tier.basic, features: tier.features, report: tier.report }),
          ...limitColumns(tier.limits),
          created_at: createdAt,
        });
      }
      rows.push({
        market,
        currency: tax.currency,
        group_key: 'addon',
        name: 'Sales Channel Management',
        billing_period: period,
        price: yearly ? ADD_ON_MONTHLY[market] * 12 : ADD_ON_MONTHLY[market],
        discount: yearly ? YEARLY_DISCOUNT_PERCENT : 0,
        tax: tax.percent,
        tax_label: tax.label,
        image: null,
        sort_order: 100,
        hide: true,
        is_addon: true,
        stripe_id: `price_${market.toLowerCase()}_addon_${period}`,
        descriptions: JSON.stringify({ basic: ['One more sales channel per store'], features: [], report: [] }),
        ...limitColumns({ order: 0, item: 0, channel: 1, staff: 0, warehouse: 0, competitor_products: 0 }),
        created_at: createdAt,
      });
    }
  }
  return rows;
};

export const seedBillingCatalog = async (knex: Knex, createdAt: number): Promise<void> => {
  const rows = catalogRows(createdAt);
  for (let i = 0; i < rows.length; i += 20) await knex('packages').insert(rows.slice(i, i + 20));
};
