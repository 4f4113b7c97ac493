import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { advance, bearer, tokenFor } from '../../../test-support/billing-helpers';

const MERCHANT = 'skip-otp@demo.test';
const DAY = 86_400;

describe.each(testDatabases)('a once-only coupon serves each merchant once (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let staff: string;
  let userId: number;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, MERCHANT);
    staff = await tokenFor(ctx, 'support@demo.test');
    userId = ctx.demo.get(MERCHANT)?.userId as number;
    merchantId = ctx.demo.get(MERCHANT)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  const apply = (coupon: string) => request(ctx.app).post('/api/users/billing/add-coupon').set(bearer(token)).send({ coupon });
  const discountsOf = async (): Promise<Array<{ discount: number; coupon_code: string | null }>> =>
    ctx.db('invoices').where({ merchant_id: merchantId }).orderBy('created_at').select('discount', 'coupon_code');
  const save10Uses = async () => (await discountsOf()).filter((invoice) => invoice.coupon_code === 'SAVE10' && Number(invoice.discount) > 0).length;

  it('alternating SAVE10 and WELCOME20 earns SAVE10 once, not once per switch', async () => {
    expect((await apply('SAVE10')).status).toBe(200);
    await advance(ctx, staff, userId, 31 * DAY);
    expect(await save10Uses()).toBe(1);

    expect((await apply('WELCOME20')).status).toBe(200);
    const again = await apply('SAVE10');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'coupon_used', key: 'errors:billing.couponUsed' });
    expect((await apply('WELCOME20')).status).toBe(400); // still applied: nothing to switch

    await advance(ctx, staff, userId, 31 * DAY);
    expect(await save10Uses()).toBe(1);
    const latest = (await discountsOf()).at(-1);
    expect(latest?.coupon_code).toBe('WELCOME20');
  });

  it('switching away before the first invoice does not reset the use either', async () => {
    expect((await apply('SAVE10')).status).toBe(200);
    expect((await apply('WELCOME20')).status).toBe(200);
    expect((await apply('SAVE10')).status).toBe(400);
    await advance(ctx, staff, userId, 31 * DAY);
    expect(await save10Uses()).toBe(0);
  });

  it('does not price an add-on with a once coupon the merchant already redeemed', async () => {
    expect((await apply('SAVE10')).status).toBe(200);
    const store = ctx.demo.get(MERCHANT)?.storeIds[0] as number;
    const quote = await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(bearer(token)).query({ addon_store_quantity: 2, store_id: store, coupon: 'SAVE10' });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ isInvalidCoupon: true, discount_amount: 0 });
  });
});
