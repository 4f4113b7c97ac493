import type { Package, Subscription } from '@merchant-hub/domain';

let nextId = 1;

export const makePackage = (overrides: Partial<Package> = {}): Package => {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Plan ${id}`,
    billing_period: 'monthly',
    price: 9900,
    discount: 0,
    subtotal: 9900,
    tax: 8,
    tax_label: 'SST - Malaysia',
    currency: 'MYR',
    image: null,
    sort_order: 1,
    hide: false,
    stripe_id: `price_${id}`,
    descriptions: { basic: [], features: [], report: ['Sales report'] },
    max_order: 100,
    max_item: 100,
    max_channel: 1,
    max_staff: 2,
    max_warehouse: 1,
    max_competitor_products: 0,
    ...overrides,
  };
};

export const makeSubscription = (overrides: Partial<Subscription> = {}): Subscription => {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: 'default',
    stripe_status: 'active',
    stripe_plan: 'price_none',
    stripe_id: `sub_${id}`,
    quantity: 1,
    ends_at: null,
    trial_ends_at: null,
    current_period_start: '2026-11-01T00:00:00Z',
    current_period_end: '2026-12-01T00:00:00Z',
    coupon: null,
    package: null,
    ...overrides,
  };
};

export const subscriptionFor = (pkg: Package, overrides: Partial<Subscription> = {}): Subscription =>
  makeSubscription({ stripe_plan: pkg.stripe_id, package: pkg, ...overrides });
