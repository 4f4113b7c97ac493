import request from 'supertest';
import { CSRF, createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

/**
 * Issue 26 item 7, spec §6: only staff see hidden plans. Served by id to anyone, a hidden plan's price and
 * details leaked, and validate-coupon priced codes for hidden and Call-for-Quote plans no buyer can reach.
 */
describe.each(testDatabases)('hidden and Call-for-Quote plans outside the staff console (%s)', (kind) => {
  let ctx: TestContext;
  let merchant: string;
  let support: string;
  const id = async (stripeId: string): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: stripeId }).first('id')).id);
  let hidden: number;
  let quote: number;
  let visible: number;
  let addOn: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    [merchant, support] = await Promise.all([tokenFor(ctx, 'merchant-my@demo.test'), tokenFor(ctx, 'support@demo.test')]);
    [hidden, quote, visible, addOn] = await Promise.all(['price_my_legacy_growth_monthly', 'price_my_custom_monthly', 'price_my_starter_monthly', 'price_my_addon_monthly'].map(id));
  });
  afterAll(async () => ctx.close());

  const getPackage = (path: string, token?: string) => {
    const req = request(ctx.app).get(path);
    return token ? req.set(bearer(token)) : req;
  };

  it('answers 404 for a hidden plan or an add-on by id to visitors and merchants, and the plan to staff', async () => {
    for (const [who, token] of [['visitor', undefined], ['merchant', merchant], ['expired session', 'not-a-session']] as const) {
      for (const pkg of [hidden, addOn]) {
        const res = await getPackage(`/api/packages/${pkg}`, token);
        expect({ who, pkg, status: res.status, code: res.body.error?.code }).toEqual({ who, pkg, status: 404, code: 'not_found' });
      }
      expect((await getPackage(`/api/packages/${visible}`, token)).status).toBe(200);
    }
    const staff = await getPackage(`/api/packages/${hidden}`, support);
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ id: hidden, hide: true });
  });

  it('does not reach a hidden plan through the group lookup, from either end', async () => {
    const twStarter = await id('price_tw_starter_monthly');
    await ctx.db('packages').where({ id: twStarter }).update({ hide: true });
    try {
      expect((await getPackage(`/api/packages/${visible}?group=TW`)).status).toBe(404);
      expect((await getPackage(`/api/packages/${visible}?group=Taiwan`, merchant)).status).toBe(404);
      expect((await getPackage(`/api/packages/${hidden}?group=SG`)).status).toBe(404);
      const staff = await getPackage(`/api/packages/${visible}?group=TW`, support);
      expect(staff.body.data.response).toMatchObject({ id: twStarter, hide: true });
      expect((await getPackage(`/api/packages/${visible}?group=SG`)).body.data.response).toMatchObject({ market: 'SG', hide: false });
    } finally {
      await ctx.db('packages').where({ id: twStarter }).update({ hide: false });
    }
  });

  it('lists no hidden plan among the active packages', async () => {
    const res = await getPackage('/api/active-packages');
    const ids = (res.body.data as { id: number }[]).map((row) => row.id);
    expect(ids).toContain(visible);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(addOn);
  });

  it('refuses to price a coupon for a hidden or a Call-for-Quote plan', async () => {
    const validate = (packageId: number) => request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').set(CSRF).send({ coupon: 'WELCOME20', package_id: packageId });
    for (const pkg of [hidden, quote, addOn]) {
      const res = await validate(pkg);
      expect({ pkg, status: res.status, code: res.body.error?.code }).toEqual({ pkg, status: 400, code: 'package_unavailable' });
    }
    const ok = await validate(visible);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ percent_off: expect.any(Number) });
  });
});
