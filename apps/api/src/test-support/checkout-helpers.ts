import type { TestContext } from './test-app';

/** A filled card / FPX checkout form for a Malaysian buyer of the MY Starter monthly plan. */
export const malaysianCheckoutForm = async (ctx: TestContext, overrides: Record<string, unknown> = {}) => {
  const state = await ctx.db('states').join('countries', 'countries.id', 'states.country_id').where('countries.iso_code', 'MY').first('states.name');
  const pkg = await ctx.db('packages').where({ stripe_id: 'price_my_starter_monthly' }).first('id');
  return {
    package_id: Number(pkg.id),
    email: 'buyer-my@shop.test',
    phone: '+60123456789',
    company_name: 'Kedai Baik Sdn Bhd',
    address1: '1 Jalan Ampang',
    city: 'Kuala Lumpur',
    postal_code: '50450',
    country: 'Malaysia',
    state_or_region: String(state?.name),
    name: 'Aminah Binti Ali',
    ...overrides,
  };
};
