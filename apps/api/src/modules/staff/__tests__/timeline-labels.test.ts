import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { advance, bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';

// Issue 27, defect 6: after a scheduled downgrade applied, the timeline said "Plan Growth cancelled" and, dated
// when it was scheduled, "Subscribed to Starter"; the merchant page showed "Trial ends …" for a merchant that
// never had a trial.
const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

type Event = { at: number; title_key: string; params: Record<string, unknown> };

describe.each(testDatabases)('timeline of a scheduled plan change (%s)', (kind) => {
  let ctx: TestContext;
  let staff: string;
  let token: string;
  let userId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [staff, token] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, NEW)]);
    userId = ctx.demo.get(NEW)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
  const subscriptionEvents = async () => {
    const res = await request(ctx.app).get(`/api/staff/merchants/${userId}/timeline`).set(bearer(staff)).query({ limit: 100 });
    expect(res.status).toBe(200);
    return (res.body.data as Event[]).filter((event) => event.title_key.startsWith('timeline.subscription.')).map((event) => [event.title_key, event.params.plan, event.params.from ?? null, event.at]);
  };

  it('reads "change to Starter scheduled" when scheduled, then "changed from Growth to Starter" when it applies, and no trial', async () => {
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_growth_monthly') })).status).toBe(200);
    await advance(ctx, staff, userId, 5 * DAY);
    expect((await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_starter_monthly'), type: 'downgrade' })).status).toBe(200);
    const before = await subscriptionEvents();
    expect(before.map(([key, plan]) => [key, plan])).toEqual([
      ['timeline.subscription.changeScheduled', 'Starter'],
      ['timeline.subscription.created', 'Growth'],
    ]);
    // Dated when it was scheduled, five days after subscribing (on the merchant's sandbox clock).
    expect(Number(before[0]?.[3]) - Number(before[1]?.[3])).toBeGreaterThanOrEqual(5 * DAY);

    await advance(ctx, staff, userId, 30 * DAY);
    const events = await subscriptionEvents();
    expect(events.map(([key, plan, from]) => [key, plan, from])).toEqual([
      ['timeline.subscription.changeApplied', 'Starter', 'Growth'],
      ['timeline.subscription.changeScheduled', 'Starter', null],
      ['timeline.subscription.created', 'Growth', null],
    ]);
    // Dated when it applied, at the end of the Growth period, not when it was scheduled.
    expect(Number(events[0]?.[3]) - Number(events[1]?.[3])).toBeGreaterThanOrEqual(20 * DAY);

    const detail = await request(ctx.app).get(`/api/staff/merchants/${userId}`).set(bearer(staff));
    expect(detail.body.subscription).toMatchObject({ plan_name: 'Starter', trial_ends_at: null });
  });

  it('reads "scheduled change to Starter cancelled" when the merchant cancels it before it applies', async () => {
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_growth_monthly') })).status).toBe(200);
    expect((await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_starter_monthly'), type: 'downgrade' })).status).toBe(200);
    await advance(ctx, staff, userId, DAY);
    expect((await post('cancel-trialing-package', { price_id: 'price_my_starter_monthly' })).status).toBe(200);
    expect((await subscriptionEvents()).map(([key, plan]) => [key, plan])).toEqual([
      ['timeline.subscription.changeCancelled', 'Starter'],
      ['timeline.subscription.changeScheduled', 'Starter'],
      ['timeline.subscription.created', 'Growth'],
    ]);
  });
});
