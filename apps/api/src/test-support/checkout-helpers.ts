import { freePort } from './api-process';
import { createTestContext, type TestContext, type TestDbKind } from './test-app';

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

/** A filled gateway (ECPay) checkout form for a Taiwanese buyer of the TW Starter monthly plan (NT$1,355 with tax). */
export const taiwanCheckoutForm = async (ctx: TestContext, email: string, overrides: Record<string, unknown> = {}) => {
  const country = await ctx.db('countries').where({ iso_code: 'TW' }).first('id');
  const state = await ctx.db('states').where({ country_id: country.id }).first('id');
  const pkg = await ctx.db('packages').where({ stripe_id: 'price_tw_starter_monthly' }).first('id');
  return {
    package_id: Number(pkg.id),
    company_name: '好好商行',
    company_reg_no: '12345678',
    first_name: '小明',
    last_name: '王',
    email,
    phone: '+886 912 345 678',
    address1: '信義路五段7號',
    postal_code: '110',
    country: Number(country.id),
    state_or_region: state ? Number(state.id) : undefined,
    line_id: 'xiaoming',
    ...overrides,
  };
};

/**
 * A test app listening on PUBLIC_URL's port: the sandbox ECPay cashier notifies ReturnURL over HTTP, as ECPay does.
 * `close` stops the server, then the context.
 */
export const createListeningContext = async (kind: TestDbKind): Promise<{ ctx: TestContext; close: () => Promise<void> }> => {
  const port = await freePort();
  const ctx = await createTestContext(kind, { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const server = ctx.app.listen(port, '127.0.0.1');
  return { ctx, close: async () => { await new Promise((resolve) => server.close(resolve)); await ctx.close(); } };
};
