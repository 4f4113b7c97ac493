import request from 'supertest';
import type { FakeStripe } from '../../../test-support/fake-stripe';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { advance, bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

/**
 * Issue 25, item 2: a permanent refusal (Stripe's `amount_too_small` below its minimum charge, a customer that no
 * longer exists) is final. Each is asked of Stripe exactly once, never retried as is, and never answered 500.
 */
describe.each(testDatabases)('permanent refusals on the Stripe gateway (%s)', (kind) => {
  let ctx: TestContext;
  let fake: FakeStripe;
  let staff: string;
  let token: string;
  let userId: number;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { gateway: 'stripe' });
    fake = ctx.stripe as FakeStripe;
    staff = await tokenFor(ctx, 'support@demo.test');
    token = await tokenFor(ctx, NEW);
    userId = ctx.demo.get(NEW)?.userId as number;
    merchantId = ctx.demo.get(NEW)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
  const subscribeStarter = async () => {
    const res = await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') });
    expect(res.status).toBe(200);
  };
  /** PaymentIntents the product asked Stripe for, for this amount. */
  const intentCalls = (amount: number) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.form.get('amount') === String(amount)).length;
  const status = async () => (await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).orderBy('id', 'desc').first('stripe_status')).stripe_status as string;

  it('writes off a renewal left below the minimum after credit, asking Stripe exactly once', async () => {
    await subscribeStarter();
    // RM 106.92 due at renewal; RM 106.00 of credit leaves RM 0.92, below Stripe's RM 2.00 minimum.
    await ctx.db('billing_accounts').where({ merchant_id: merchantId }).update({ balance: -10600 });
    await advance(ctx, staff, userId, 31 * DAY + 60);
    expect(intentCalls(92)).toBe(1);
    const renewal = await ctx.db('invoices').where({ merchant_id: merchantId, billing_reason: 'subscription_cycle' }).first();
    expect(renewal).toMatchObject({ status: 'paid', amount_due: 92, amount_paid: 0, amount_written_off: 92 });
    expect(await status()).toBe('active');
    // Later runs (the dunning days, the next hours) never ask again.
    await advance(ctx, staff, userId, 8 * DAY);
    expect(intentCalls(92)).toBe(1);
    const tooSmall = await ctx.db('payments').where({ invoice_id: renewal.id, failure_code: 'amount_too_small' }).count({ n: '*' }).first();
    expect(Number(tooSmall?.n)).toBe(1); // PostgreSQL counts as text
  });

  it('upgrades in the last hour of a period by writing off the tiny difference: one call, no 500', async () => {
    await subscribeStarter();
    await advance(ctx, staff, userId, 31 * DAY - 30 * 60);
    const before = fake.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const up = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' });
    expect(up.status).toBe(200);
    const asked = fake.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(asked.length - before).toBe(1);
    const amount = Number(asked[asked.length - 1].form.get('amount'));
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(200);
    expect(up.body.invoice).toMatchObject({ status: 'paid', amount_due: amount });
    const all = (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body.all;
    expect(all[0]).toMatchObject({ stripe_plan: 'price_my_growth_monthly', stripe_status: 'active' });
  });

  it('sends a renewal whose Stripe customer is gone past due with the payment-failed e-mail, and never retries it as is', async () => {
    await subscribeStarter();
    const customer = (await ctx.db('billing_accounts').where({ merchant_id: merchantId }).first('gateway_customer_id')).gateway_customer_id as string;
    fake.deleteCustomer(customer);
    await advance(ctx, staff, userId, 31 * DAY + 60);
    expect(intentCalls(10692)).toBe(2); // the first plan, then the renewal once
    expect(await status()).toBe('past_due');
    const mails = await ctx.db('outbox').where({ kind: 'payment_failed' }).count({ n: '*' }).first();
    expect(Number(mails?.n)).toBeGreaterThanOrEqual(1);
    // Every dunning retry day passes; with the same card on a customer that is gone nothing is asked again.
    await advance(ctx, staff, userId, 8 * DAY);
    expect(intentCalls(10692)).toBe(2);
    expect(await status()).toBe('canceled');
  });

  it('tells a merchant whose Stripe customer is gone to add a card again, and lets them (a new customer), never 500 (item 9)', async () => {
    await subscribeStarter();
    const old = (await ctx.db('billing_accounts').where({ merchant_id: merchantId }).first('gateway_customer_id')).gateway_customer_id as string;
    fake.deleteCustomer(old);
    const refused = await post('add-card', { payment_method: await newCard(ctx, '4242424242424242') });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'payment_customer_missing', key: 'errors:billing.customerMissing' });
    const intent = await post('create-intent', {});
    expect(intent.status).toBe(200);
    const account = await ctx.db('billing_accounts').where({ merchant_id: merchantId }).first('gateway_customer_id', 'default_payment_method');
    expect(account.gateway_customer_id).not.toBe(old);
    expect(fake.customer(account.gateway_customer_id)?.deleted).toBeUndefined();
    const added = await post('add-card', { payment_method: await newCard(ctx, '4242424242424242') });
    expect(added.status).toBe(200);
    expect(added.body.data).toHaveLength(1);
    expect((await ctx.db('billing_accounts').where({ merchant_id: merchantId }).first('default_payment_method')).default_payment_method).toBe(added.body.data[0].id);
  });
});
