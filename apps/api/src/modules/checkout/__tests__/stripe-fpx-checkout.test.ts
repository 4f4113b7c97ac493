import request from 'supertest';
import type { FakeStripe } from '../../../test-support/fake-stripe';
import { signWebhook } from '../../../gateways/webhook-signature';
import { malaysianCheckoutForm } from '../../../test-support/checkout-helpers';
import { createTestContext, TEST_STRIPE_WEBHOOK_SECRET, testDatabases, type TestContext } from '../../../test-support/test-app';

const WEBHOOK_SECRET = TEST_STRIPE_WEBHOOK_SECRET;

const count = async (ctx: TestContext, table: string, where: Record<string, unknown> = {}): Promise<number> =>
  Number((await ctx.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

describe.each(testDatabases)('FPX checkout on the Stripe gateway (%s)', (kind) => {
  let ctx: TestContext;
  let fake: FakeStripe;
  let packageId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { gateway: 'stripe' });
    fake = ctx.stripe as FakeStripe;
    packageId = Number((await ctx.db('packages').where({ stripe_id: 'price_my_starter_monthly' }).first('id')).id);
  });
  afterEach(async () => ctx.close());

  const form = (email: string, extra: Record<string, unknown> = {}) => malaysianCheckoutForm(ctx, { package_id: packageId, email, company_name: undefined, ...extra });
  // Stripe's SDK checks the signature's age against the real clock, not the app's fixed one.
  const webhook = (type: string, id: string) => {
    const event = JSON.stringify({ id: `evt_${type}_${id}`, object: 'event', type, data: { object: { id, object: 'payment_intent', metadata: { purpose: 'checkout' } } } });
    return request(ctx.app).post('/api/webhooks/stripe').set('Stripe-Signature', signWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000))).type('application/json').send(event);
  };
  const userCount = (email: string) => count(ctx, 'users', { email });

  it('needs the bank, then sends the buyer to the bank page Stripe returns', async () => {
    const missing = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('no-bank@shop.test'));
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields).toEqual({ bank: 'validation:fpx.bankRequired' });
    const unknown = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('no-bank@shop.test', { bank: 'Maybank2u' }));
    expect(unknown.body.error.details.fields).toEqual({ bank: 'validation:fpx.bankRequired' });
    expect(fake.requests).toHaveLength(0);
    expect(await count(ctx, 'checkout_orders')).toBe(0);

    const res = await request(ctx.app).post('/api/create-merchant/fpx').set('Host', 'localhost:3000').send(await form('buyer@shop.test', { bank: 'cimb' }));
    expect(res.status).toBe(201);
    expect(res.body.redirect_url).toBe(fake.bankPageOf(res.body.payment_intent_id));
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents');
    expect(create?.form.get('payment_method_data[fpx][bank]')).toBe('cimb');
    expect(create?.form.get('confirm')).toBe('true');
    expect(create?.form.get('return_url')).toBe(`http://localhost:3000/subscribe-payment/${packageId}?type=fpx`);
    expect(create?.idempotencyKey).toMatch(/^checkout:MH[0-9A-F]{18}$/);
    expect(create?.form.get('metadata[purpose]')).toBe('checkout');
    expect(create?.form.get('amount')).toBe(String(res.body.amount));
    expect(await count(ctx, 'checkout_orders', { channel: 'fpx', status: 'pending', payment_ref: res.body.payment_intent_id })).toBe(1);
  });

  it('answers an offline bank with Stripe\'s words and keeps no order', async () => {
    fake.offlineBanks.add('rhb');
    const res = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('buyer@shop.test', { bank: 'rhb' }));
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'payment_failed', message: 'The selected bank is currently unavailable.' });
    expect(await count(ctx, 'checkout_orders')).toBe(0);
  });

  it('registers once when the webhook settles the payment before, or instead of, the browser', async () => {
    const res = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('buyer@shop.test', { bank: 'maybank2u' }));
    const id = res.body.payment_intent_id as string;
    // Before the bank has answered nothing is settled, whoever asks.
    expect((await webhook('payment_intent.succeeded', id)).status).toBe(200);
    expect(await userCount('buyer@shop.test')).toBe(0);

    fake.finish(id, 'succeeded');
    for (let i = 0; i < 2; i += 1) expect((await webhook('payment_intent.succeeded', id)).status).toBe(200);
    expect(await userCount('buyer@shop.test')).toBe(1);
    const check = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: id });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ email: 'buyer@shop.test' });
    expect(typeof check.body.ticket).toBe('string');
    const again = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: id });
    expect(again.status).toBe(200);

    const user = await ctx.db('users').where({ email: 'buyer@shop.test' }).first('id');
    const merchant = await ctx.db('merchants').where({ owner_user_id: user.id }).first('id');
    expect(await userCount('buyer@shop.test')).toBe(1);
    expect(await count(ctx, 'subscriptions', { merchant_id: merchant.id })).toBe(1);
    expect(await count(ctx, 'payments', { merchant_id: merchant.id, method_type: 'fpx', id })).toBe(1);
    expect(await count(ctx, 'invoices', { merchant_id: merchant.id, status: 'paid', payment_intent_id: id })).toBe(1);
    expect(await count(ctx, 'checkout_orders', { payment_ref: id, status: 'paid' })).toBe(1);
  });

  it('registers from the browser return alone, once', async () => {
    const res = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('returning@shop.test', { bank: 'public_bank' }));
    const id = res.body.payment_intent_id as string;
    fake.finish(id, 'succeeded');
    const check = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: id });
    expect(check.status).toBe(200);
    expect((await webhook('payment_intent.succeeded', id)).status).toBe(200);
    expect(await userCount('returning@shop.test')).toBe(1);
    expect(await count(ctx, 'payments', { method_type: 'fpx', id })).toBe(1);
  });

  it('registers nothing when the bank refuses', async () => {
    const res = await request(ctx.app).post('/api/create-merchant/fpx').send(await form('refused@shop.test', { bank: 'ambank' }));
    const id = res.body.payment_intent_id as string;
    fake.finish(id, 'failed');
    const payments = await count(ctx, 'payments');
    const subscriptions = await count(ctx, 'subscriptions');
    expect((await webhook('payment_intent.payment_failed', id)).status).toBe(200);
    expect(await count(ctx, 'checkout_orders', { payment_ref: id, status: 'failed' })).toBe(1);
    const check = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: id });
    expect(check.status).toBe(402);
    expect(await userCount('refused@shop.test')).toBe(0);
    expect(await count(ctx, 'payments')).toBe(payments);
    expect(await count(ctx, 'subscriptions')).toBe(subscriptions);
  });
});
