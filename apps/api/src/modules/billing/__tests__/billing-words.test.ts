import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';

// Issue 31 #5: what the server says about a plan change reaches the page as a key and values, so that the page
// words it in the merchant's language; the English text stays beside it for the invoice and older clients.

describe.each(testDatabases)('billing words as keys and values (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, 'merchant-my@demo.test');
  });
  afterEach(async () => ctx.close());

  it('labels every line of a plan-change preview (unused time, remaining time) with its kind, plan and date', async () => {
    const pkg = await packageId(ctx, 'price_my_pro_monthly');
    const res = await request(ctx.app).get('/api/users/billing/plan-change-preview').query({ package_id: pkg }).set(bearer(token));
    expect(res.status).toBe(200);
    const lines = res.body.data.lines as { description: string; label?: { kind: string; plan: string; at?: number } }[];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((line) => line.label?.kind)).toEqual(['unused', 'remaining']);
    expect(lines[1].label).toMatchObject({ plan: 'Pro', at: expect.any(Number) });
    expect(lines[1].description).toMatch(/^Remaining time on Pro after /);
  });

  it('labels a period switch\'s new plan line with its period and discount', async () => {
    const pkg = await packageId(ctx, 'price_my_pro_yearly');
    const res = await request(ctx.app).get('/api/users/billing/plan-change-preview').query({ package_id: pkg }).set(bearer(token));
    expect(res.status).toBe(200);
    const plan = (res.body.data.lines as { label?: { kind: string } }[]).find((line) => line.label?.kind === 'plan');
    expect(plan?.label).toMatchObject({ kind: 'plan', plan: 'Pro', period: 'yearly', discount: expect.any(Number) });
  });

  it('answers an upgrade with a notice (kind and plan) beside the English message', async () => {
    const pkg = await packageId(ctx, 'price_my_pro_monthly');
    const res = await request(ctx.app).post('/api/users/billing/downgrade-or-upgrade').set(bearer(token)).send({ package_id: pkg, type: 'upgrade' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Your plan has been upgraded to Pro', notice: { kind: 'planUpgraded', plan: 'Pro' } });
  });

  it('names a card refusal by its decline code beside the provider\'s English, at the attach and at the charge', async () => {
    const newcomer = await tokenFor(ctx, 'new-merchant@demo.test');
    const pkg = await packageId(ctx, 'price_my_growth_monthly');
    const subscribe = async (number: string) => request(ctx.app).post('/api/users/billing/late-subscribe').set(bearer(newcomer)).send({ paymentMethod: await newCard(ctx, number), package_id: pkg });
    const poor = await subscribe('4000000000009995');
    expect(poor.status).toBeGreaterThanOrEqual(400);
    expect(poor.status).toBeLessThan(500);
    expect(poor.body.error.details).toEqual({ decline_code: 'insufficient_funds' });
    const failsLater = await subscribe('4000000000000341');
    expect(failsLater.body.error).toMatchObject({ code: 'payment_failed', details: { decline_code: expect.stringMatching(/^[a-z_]+$/) } });
  });

  it('answers unsubscribe, resume, a coupon and its repeat with notices and keys, not only English (issue 31 #5)', async () => {
    const post = (path: string, body: object) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const unsubscribed = await post('unsubscribe', {});
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body.notice).toEqual({ kind: 'planEnding', at: Date.parse(unsubscribed.body.ends_at) / 1000 });
    expect((await post('resume', {})).body.notice).toEqual({ kind: 'planResumed' });
    const applied = await post('add-coupon', { coupon: 'welcome20' });
    expect(applied.body.notice).toEqual({ kind: 'couponApplied', code: 'WELCOME20' });
    const again = await post('add-coupon', { coupon: 'welcome20' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'coupon_already_applied', key: 'errors:billing.couponAlreadyApplied' });
  });
});
