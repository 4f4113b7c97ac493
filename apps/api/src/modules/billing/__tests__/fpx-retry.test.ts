import request from 'supertest';
import { advance, answerPaymentPage, bearer, newCard, openPaymentPage, packageId, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

/** Issue 16 #8: a Malaysian merchant who falls past due may pay the open invoice at the bank, not only by card. */
describe.each(testDatabases)('retrying a past-due invoice by FPX (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, NEW);
  });
  afterEach(async () => ctx.close());

  const post = (path: string, body: Record<string, unknown>, as = token) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(as)).send(body);
  const pastDue = async () => {
    const subscribed = await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') });
    expect(subscribed.status).toBe(200);
    const failing = await newCard(ctx, '4000000000000341');
    await post('add-card', { payment_method: failing });
    await post('set-as-primary-card', { id: failing });
    await advance(ctx, await tokenFor(ctx, 'support@demo.test'), ctx.demo.get(NEW)?.userId as number, 31 * DAY + 60);
    const billing = await request(ctx.app).get('/api/users/billing/all').set(bearer(token));
    expect(billing.body.all[0].stripe_status).toBe('past_due');
  };
  const bank = (id: string, outcome: 'succeeded' | 'failed') => answerPaymentPage(ctx, 'fpx', id, outcome);

  it('pays the open invoice once at the bank and makes the subscription active again', async () => {
    await pastDue();
    const intent = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u', return_url: '/home/dashboard' });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amount: 10692, currency: 'MYR' });
    expect(await openPaymentPage(ctx, intent.body.redirect_url)).toContain('106.92');

    // A failed bank payment pays nothing.
    const failed = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'cimb' });
    await bank(failed.body.payment_intent_id, 'failed');
    expect((await post('retry-payment/fpx', { payment_intent_id: failed.body.payment_intent_id })).status).toBe(402);

    const back = await bank(intent.body.payment_intent_id, 'succeeded');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const confirm = await post('retry-payment/fpx', { payment_intent_id: intent.body.payment_intent_id });
    expect(confirm.status).toBe(200);
    expect(confirm.body.invoice).toMatchObject({ total: 10692, amount_paid: 10692, status: 'paid' });
    expect((await post('retry-payment/fpx', { payment_intent_id: intent.body.payment_intent_id })).body.already_confirmed).toBe(true);
    const billing = await request(ctx.app).get('/api/users/billing/all').set(bearer(token));
    expect(billing.body.all[0].stripe_status).toBe('active');
    const payments = await ctx.db('payments').where({ id: intent.body.payment_intent_id });
    expect(payments).toHaveLength(1);
    expect((await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' })).status).toBe(409);
  });

  it('is offered in ringgit only, and only for an open invoice', async () => {
    expect((await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' })).status).toBe(409);
    const sg = await tokenFor(ctx, 'merchant-sg@demo.test');
    const refused = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' }, sg);
    expect(refused.body.error.code).toBe('package_unavailable');
    // Nothing was asked of the gateway.
    if (ctx.stripe) expect(ctx.stripe.intents()).toHaveLength(0);
    else expect(Number((await ctx.db('sandbox_intents').where({ method_type: 'fpx' }).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it("never confirms another merchant's bank payment", async () => {
    await pastDue();
    const intent = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' });
    await bank(intent.body.payment_intent_id, 'succeeded');
    const other = await tokenFor(ctx, 'merchant-my@demo.test');
    expect((await post('retry-payment/fpx', { payment_intent_id: intent.body.payment_intent_id }, other)).status).toBe(404);
  });
});
