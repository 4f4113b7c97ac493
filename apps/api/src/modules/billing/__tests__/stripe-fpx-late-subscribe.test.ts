import request from 'supertest';
import type { FakeStripe } from '../../../test-support/fake-stripe';
import { signWebhook } from '../../../gateways/webhook-signature';
import { createTestContext, TEST_STRIPE_WEBHOOK_SECRET, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, packageId, tokenFor } from '../../../test-support/billing-helpers';

const WEBHOOK_SECRET = TEST_STRIPE_WEBHOOK_SECRET;
const NEW = 'new-merchant@demo.test';

describe.each(testDatabases)('late subscribe by FPX on the Stripe gateway (%s)', (kind) => {
  let ctx: TestContext;
  let fake: FakeStripe;
  let token: string;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { gateway: 'stripe' });
    fake = ctx.stripe as FakeStripe;
    token = await tokenFor(ctx, NEW);
    merchantId = ctx.demo.get(NEW)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  // The merchant's browser is on PUBLIC_URL's host (return addresses follow the host the browser is on).
  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set('Host', 'localhost:3000').set(bearer(token)).send(body);
  const growth = () => packageId(ctx, 'price_my_growth_monthly');
  const webhook = (type: string, id: string) => {
    const event = JSON.stringify({
      id: `evt_${type}_${id}`,
      object: 'event',
      type,
      data: { object: { id, object: 'payment_intent', metadata: { purpose: 'late_subscribe', merchant_id: String(merchantId) } } },
    });
    // Stripe's SDK checks the signature's age against the real clock, not the app's fixed one.
    return request(ctx.app).post('/api/webhooks/stripe').set('Stripe-Signature', signWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000))).type('application/json').send(event);
  };
  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await ctx.db(table).where({ merchant_id: merchantId, ...where }).count({ n: '*' }).first())?.n ?? 0);

  it('needs the bank, then confirms with it and hands back the bank page', async () => {
    const missing = await post('late-subscribe/fpx/create-intent', { package_id: await growth() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields).toEqual({ bank: 'validation:fpx.bankRequired' });
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(0);

    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await growth(), bank: 'hong_leong_bank', return_url: '/home/billing' });
    expect(intent.status).toBe(200);
    expect(intent.body.redirect_url).toBe(fake.bankPageOf(intent.body.payment_intent_id));
    expect(intent.body.stripeIntent).toMatchObject({ amount: 21492, currency: 'MYR', redirect_url: intent.body.redirect_url });
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents');
    expect(create?.form.get('allowed_payment_method_types[0]')).toBe('fpx');
    expect(create?.form.get('payment_method_data[fpx][bank]')).toBe('hong_leong_bank');
    expect(create?.form.get('confirm')).toBe('true');
    expect(create?.form.get('return_url')).toBe('http://localhost:3000/home/billing');
    expect(create?.form.get('amount')).toBe('21492');
    expect(create?.form.get('metadata[merchant_id]')).toBe(String(merchantId));
    expect(create?.idempotencyKey).toMatch(/^fpx/);
  });

  it('subscribes exactly once whether the webhook or the returning page comes first', async () => {
    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await growth(), bank: 'maybank2u' });
    const id = intent.body.payment_intent_id as string;
    fake.finish(id, 'succeeded');
    // The browser never came back: the webhook alone subscribes.
    for (let i = 0; i < 2; i += 1) expect((await webhook('payment_intent.succeeded', id)).status).toBe(200);
    expect(await count('subscriptions', { stripe_status: 'active' })).toBe(1);
    const late = await post('late-subscribe/fpx', { payment_intent_id: id });
    expect(late.status).toBe(200);
    expect(late.body.already_confirmed).toBe(true);
    expect(await count('subscriptions')).toBe(1);
    expect(await count('payments', { id, method_type: 'fpx' })).toBe(1);
    expect(await count('invoices', { payment_intent_id: id, status: 'paid', total: 21492 })).toBe(1);
    const overview = await request(ctx.app).get('/api/users/billing/all').set(bearer(token));
    expect(overview.status).toBe(200);
    expect(overview.body.all[0]).toMatchObject({ stripe_status: 'active', stripe_plan: 'price_my_growth_monthly' });
  });

  it('confirms from the returning page and ignores the later webhook', async () => {
    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await growth(), bank: 'cimb' });
    const id = intent.body.payment_intent_id as string;
    fake.finish(id, 'succeeded');
    const confirm = await post('late-subscribe/fpx', { payment_intent_id: id });
    expect(confirm.status).toBe(200);
    expect(confirm.body.invoice).toMatchObject({ total: 21492, amount_paid: 21492, status: 'paid' });
    expect((await webhook('payment_intent.succeeded', id)).status).toBe(200);
    expect(await count('subscriptions')).toBe(1);
    expect(await count('payments', { id })).toBe(1);
  });

  it('changes nothing when the bank refuses', async () => {
    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await growth(), bank: 'bsn' });
    const id = intent.body.payment_intent_id as string;
    fake.finish(id, 'failed');
    expect((await webhook('payment_intent.payment_failed', id)).status).toBe(200);
    const confirm = await post('late-subscribe/fpx', { payment_intent_id: id });
    expect(confirm.status).toBe(402);
    expect(confirm.body.message).toBe('Seems like we received a payment failed status');
    expect(await count('subscriptions')).toBe(0);
    expect(await count('payments')).toBe(0);
    expect(await count('invoices', { payment_intent_id: id })).toBe(0);
    expect((await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).status).toBe(402);
  });

  it('passes an offline bank\'s refusal to the modal', async () => {
    fake.offlineBanks.add('ocbc');
    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await growth(), bank: 'ocbc' });
    expect(intent.status).toBe(402);
    expect(intent.body.error).toMatchObject({ code: 'payment_failed', message: 'The selected bank is currently unavailable.' });
  });
});
