import type { Package, RoleName, Subscription, User } from '@merchant-hub/domain';

export const pkg = (overrides: Partial<Package> = {}): Package => ({
  id: 1,
  name: 'Starter',
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
  stripe_id: 'price_starter_m',
  descriptions: { basic: [], features: [], report: ['Sales report'] },
  max_order: 500,
  max_item: 1000,
  max_channel: 2,
  max_staff: 3,
  max_warehouse: 1,
  max_competitor_products: '*',
  ...overrides,
});

export const sub = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 10,
  name: 'default',
  stripe_status: 'active',
  stripe_plan: 'price_starter_m',
  stripe_id: 'sub_1',
  quantity: 1,
  ends_at: null,
  trial_ends_at: null,
  current_period_start: '2026-05-01T00:00:00Z',
  current_period_end: '2026-06-01T00:00:00Z',
  coupon: null,
  package: pkg(),
  ...overrides,
});

/** A signed-in user as GET /user answers it. */
export const user = (overrides: Partial<User> & { role?: RoleName } = {}): User => {
  const { role = 'main_user', ...rest } = overrides;
  return {
    id: 5,
    user_id: 5,
    name: 'Farid',
    email: 'f@shop.test',
    image: null,
    image_url: null,
    phone: null,
    roles: [{ name: role }],
    inventory_users: { inventory_store_users: { store_id: role === 'main_user' ? 4 : null } },
    ...rest,
  };
};
