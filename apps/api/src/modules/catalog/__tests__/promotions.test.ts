import request from 'supertest';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const ACTIVE_MERCHANTS = ['merchant-my@demo.test', 'merchant-th@demo.test', 'merchant-tw@demo.test', 'merchant-ph@demo.test', 'skip-otp@demo.test'];
const DAY = 86_400;

describe.each(testDatabases)('staff promotion codes API (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, ACTIVE_MERCHANTS[0])]);
  });
  afterEach(async () => ctx.close());

  const nowSeconds = () => Math.floor(new Date(ctx.clock.now()).getTime() / 1000);
  const create = (token: string, body: Record<string, unknown>) => request(ctx.app).post('/api/staff/promotions').set(bearer(token)).send({ reason: 'Launch campaign for March', ...body });
  const launch15 = { code: 'launch15', kind: 'percent', percent_off: 15, duration: 'once', max_redemptions: 3 };
  const addCoupon = (token: string, coupon: string) => request(ctx.app).post('/api/users/billing/add-coupon').set(bearer(token)).send({ coupon });

  it('creates a code (upper-cased) with its audit entry; a second code of the same name is refused', async () => {
    const res = await create(admin, launch15);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'LAUNCH15', percent_off: 15, amount_off: null, duration: 'once', max_redemptions: 3, times_redeemed: 0, active: true });
    const [entry] = await ctx.db('audit_log').where({ action: 'promotion.create' });
    expect(JSON.parse(entry.details)).toMatchObject({ code: 'LAUNCH15' });
    const again = await create(admin, { ...launch15, percent_off: 50 });
    expect([again.status, again.body.error.code]).toEqual([409, 'promotion_code_taken']);
    const demo = await create(admin, { ...launch15, code: 'SAVE10' });
    expect(demo.status).toBe(409);
    const list = await request(ctx.app).get('/api/staff/promotions').set(bearer(support));
    expect((list.body.data as { code: string }[]).map((p) => p.code)).toEqual(expect.arrayContaining(['LAUNCH15', 'WELCOME20', 'SAVE10', 'EXPIRED5']));
  });

  it('answers field errors for a bad code and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...launch15, code: 'x' }, 'code', 'validation:catalog.codeInvalid'],
      [{ ...launch15, percent_off: 0 }, 'percent_off', 'validation:catalog.percentInvalid'],
      [{ ...launch15, percent_off: 101 }, 'percent_off', 'validation:catalog.percentInvalid'],
      [{ ...launch15, kind: 'amount', percent_off: null, amount_off: 500 }, 'currency', 'validation:catalog.currencyRequired'],
      [{ ...launch15, kind: 'amount', amount_off: 550, currency: 'TWD' }, 'amount_off', 'validation:catalog.amountOffInvalid'],
      [{ ...launch15, duration: 'repeating' }, 'duration_in_months', 'validation:catalog.monthsInvalid'],
      [{ ...launch15, max_redemptions: 0 }, 'max_redemptions', 'validation:catalog.limitCountInvalid'],
      [{ ...launch15, markets: [] }, 'markets', 'validation:catalog.restrictionEmpty'],
      [{ ...launch15, markets: ['XX'] }, 'markets.0', 'validation:staff.marketInvalid'],
      [{ ...launch15, expires_at: nowSeconds() - DAY }, 'expires_at', 'validation:staff.dateInvalid'],
    ];
    for (const [body, field, key] of cases) {
      const res = await create(admin, body);
      expect([field, res.status, res.body.error.details?.fields?.[field]]).toEqual([field, 400, key]);
    }
    expect(await ctx.db('promotion_codes').where({ code: 'LAUNCH15' })).toHaveLength(0);
  });

  it('refuses support and merchants on writes and merchants on reads', async () => {
    await create(admin, launch15);
    const id = (await ctx.db('promotion_codes').where({ code: 'LAUNCH15' }).first()).id as string;
    for (const token of [support, merchant]) {
      const made = await create(token, { ...launch15, code: 'OTHER15' });
      expect([made.status, made.body.key]).toEqual([403, 'errors:error.forbidden']);
      expect((await request(ctx.app).post(`/api/staff/promotions/${id}/deactivate`).set(bearer(token)).send({ reason: 'Campaign over' })).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/staff/promotions').set(bearer(merchant))).status).toBe(403);
    expect((await request(ctx.app).get(`/api/staff/promotions/${id}/redemptions`).set(bearer(merchant))).status).toBe(403);
    expect(await ctx.db('promotion_codes').where({ code: 'OTHER15' })).toHaveLength(0);
    expect((await ctx.db('promotion_codes').where({ id }).first()).active).toBeTruthy();
  });

  it('is applied by the billing engine like the demo codes, lists its redemptions and stops when deactivated', async () => {
    const made = await create(admin, launch15);
    const id = made.body.data.id as string;
    const applied = await addCoupon(merchant, 'launch15');
    expect([applied.status, applied.body.data.percent_off, applied.body.data.code]).toEqual([200, 15, 'LAUNCH15']);
    const redemptions = await request(ctx.app).get(`/api/staff/promotions/${id}/redemptions`).set(bearer(support));
    expect(redemptions.status).toBe(200);
    expect(redemptions.body.data).toHaveLength(1);
    expect(redemptions.body.data[0]).toMatchObject({ merchant_id: expect.any(Number), merchant_name: expect.any(String) });

    const off = await request(ctx.app).post(`/api/staff/promotions/${id}/deactivate`).set(bearer(admin)).send({ reason: 'Campaign over' });
    expect([off.status, off.body.data.active]).toEqual([200, false]);
    expect(await ctx.db('audit_log').where({ action: 'promotion.deactivate' })).toHaveLength(1);
    const refused = await addCoupon(await tokenFor(ctx, ACTIVE_MERCHANTS[1]), 'LAUNCH15');
    expect([refused.status, refused.body.error.code]).toEqual([400, 'coupon_invalid']);
    // The demo codes still work exactly as before.
    expect((await addCoupon(await tokenFor(ctx, ACTIVE_MERCHANTS[2]), 'WELCOME20')).status).toBe(200);
    expect((await addCoupon(await tokenFor(ctx, ACTIVE_MERCHANTS[3]), 'EXPIRED5')).body.error.code).toBe('coupon_expired');
  });

  it('holds a limit of 3 under parallel redemptions by five merchants: exactly three succeed', async () => {
    await create(admin, launch15);
    const tokens = await Promise.all(ACTIVE_MERCHANTS.map((email) => tokenFor(ctx, email)));
    const answers = await Promise.all(tokens.map((token) => addCoupon(token, 'LAUNCH15')));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400)) {
      expect([res.body.error.code, res.body.key]).toEqual(['coupon_limit_reached', 'errors:billing.couponUsedUp']);
    }
    const row = await ctx.db('promotion_codes').where({ code: 'LAUNCH15' }).first();
    expect(Number(row.times_redeemed)).toBe(3);
    expect(await ctx.db('coupon_redemptions').where({ promotion_code_id: row.id })).toHaveLength(3);
  });

  it('refuses a code outside its markets or plans, at checkout and on the billing page', async () => {
    await create(admin, { ...launch15, code: 'SGONLY', markets: ['SG'] });
    await create(admin, { ...launch15, code: 'PROONLY', plans: ['pro'] });
    const my = await addCoupon(merchant, 'SGONLY');
    expect([my.status, my.body.error.code, my.body.key]).toEqual([400, 'coupon_not_applicable', 'errors:catalog.couponNotApplicable']);
    expect((await addCoupon(merchant, 'PROONLY')).body.error.code).toBe('coupon_not_applicable');
    const starter = Number((await ctx.db('packages').where({ stripe_id: 'price_my_starter_monthly' }).first('id')).id);
    const pro = Number((await ctx.db('packages').where({ stripe_id: 'price_my_pro_monthly' }).first('id')).id);
    const validate = (coupon: string, packageId: number) => request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').send({ coupon, package_id: packageId });
    expect((await validate('PROONLY', starter)).body.error.code).toBe('coupon_not_applicable');
    expect((await validate('PROONLY', pro)).status).toBe(200);
  });
});
