import request from 'supertest';
import {
  billingAllResponseSchema,
  checkoutConfigResponseSchema,
  checkoutPackageResponseSchema,
  paymentStatusResponseSchema,
  planChangePreviewResponseSchema,
  userEnvelopeResponseSchema,
} from '@merchant-hub/validation';
import { createTestContext, signIn, testDatabases, type TestContext } from '../../test-support/test-app';

// The browser's API client parses these answers with the shared response schemas (in development and tests);
// here the API's real answers for every demo state are parsed with the same schemas, so a field that drifts on
// the server fails this test before it breaks a page.
const MERCHANTS = ['merchant-my@demo.test', 'merchant-sg@demo.test', 'merchant-ph@demo.test', 'merchant-th@demo.test', 'merchant-tw@demo.test', 'skip-otp@demo.test'];

describe.each(testDatabases)('API answers match the shared response schemas (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());

  const get = async (path: string, token?: string, query: Record<string, unknown> = {}) => {
    const call = request(ctx.app).get(path).query(query);
    const res = await (token ? call.set({ Authorization: `Bearer ${token}` }) : call);
    expect(res.status).toBe(200);
    return res.body as unknown;
  };

  it.each(MERCHANTS)('GET /users/billing/all, GET /user and GET /users/{id} for %s', async (email) => {
    const { token } = await signIn(ctx, email);
    expect(billingAllResponseSchema.safeParse(await get('/api/users/billing/all', token)).error).toBeUndefined();
    expect(userEnvelopeResponseSchema.safeParse(await get('/api/user', token)).error).toBeUndefined();
    expect(userEnvelopeResponseSchema.safeParse(await get(`/api/users/${ctx.demo.get(email)?.userId}`, token)).error).toBeUndefined();
  });

  it('GET /user for staff, whose store is none', async () => {
    const { token } = await signIn(ctx, 'support@demo.test');
    expect(userEnvelopeResponseSchema.safeParse(await get('/api/user', token)).error).toBeUndefined();
  });

  it('GET /users/billing/plan-change-preview for an upgrade and a downgrade', async () => {
    const { token } = await signIn(ctx, 'merchant-my@demo.test');
    const plans = await ctx.db('packages').where({ market: 'MY', is_addon: false, hide: false }).orderBy('sort_order').select('id');
    const changes = new Set<unknown>();
    for (const plan of plans) {
      const res = await request(ctx.app).get('/api/users/billing/plan-change-preview').set({ Authorization: `Bearer ${token}` }).query({ package_id: plan.id });
      if (res.status !== 200) continue; // a plan it cannot change to (its own, or quoted on request) answers an error
      expect(planChangePreviewResponseSchema.safeParse(res.body).error).toBeUndefined();
      changes.add(res.body.data.change);
    }
    expect([...changes]).toEqual(expect.arrayContaining(['upgrade', 'downgrade']));
  });

  it('GET /packages/{id} for every visible plan, GET /checkout/config and GET /ecpay/payment-status', async () => {
    const plans = await ctx.db('packages').where({ hide: false }).select('id');
    for (const plan of plans) {
      expect(checkoutPackageResponseSchema.safeParse(await get(`/api/packages/${plan.id}`)).error).toBeUndefined();
    }
    expect(checkoutConfigResponseSchema.safeParse(await get('/api/checkout/config')).error).toBeUndefined();
    const status = await request(ctx.app).get('/api/ecpay/payment-status').query({ token: 'no-such-token' });
    expect(paymentStatusResponseSchema.safeParse(status.body).error).toBeUndefined();
  });

  it('refuses an answer whose field has drifted', () => {
    expect(checkoutConfigResponseSchema.safeParse({ gateway: 'paypal' }).success).toBe(false);
  });
});
