import request from 'supertest';
import { SANDBOX_WEBHOOK_SECRET } from '../gateways/sandbox.gateway';
import { signWebhook } from '../gateways/webhook-signature';
import { bearer, packageId, tokenFor } from '../test-support/billing-helpers';
import { CSRF, createTestContext, testDatabases, type TestContext } from '../test-support/test-app';

/**
 * Issue 13, gateway faults: a payment webhook delivered twice, late, or out of order (a failure after the
 * success) changes nothing the second time. The sandbox signs like Stripe, with SANDBOX_WEBHOOK_SECRET.
 */
describe.each(testDatabases)('webhook replays (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());

  const NEW = 'new-merchant@demo.test';
    // The sandbox checks the signature's age against the app's clock.
  const appNow = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const deliver = (type: string, id: string, merchantId: number, sentAt = appNow()) => {
    const event = JSON.stringify({ id: `evt_${type}_${id}_${sentAt}`, object: 'event', type, data: { object: { id, object: 'payment_intent', metadata: { purpose: 'late_subscribe', merchant_id: String(merchantId) } } } });
    return request(ctx.app).post('/api/webhooks/stripe').set('Stripe-Signature', signWebhook(event, SANDBOX_WEBHOOK_SECRET, sentAt)).type('application/json').send(event);
  };

  it('a success delivered twice, a late copy and an out-of-order failure subscribe once and change nothing after', async () => {
    const token = await tokenFor(ctx, NEW);
    const merchantId = ctx.demo.get(NEW)?.merchantId as number;
    const count = async (table: string, where: Record<string, unknown> = {}) => Number((await ctx.db(table).where({ merchant_id: merchantId, ...where }).count({ n: '*' }).first())?.n ?? 0);
    const intent = await request(ctx.app).post('/api/users/billing/late-subscribe/fpx/create-intent').set(bearer(token)).send({ package_id: await packageId(ctx, 'price_my_growth_monthly'), bank: 'maybank2u' });
    expect(intent.status).toBe(200);
    const id = intent.body.payment_intent_id as string;
    expect((await request(ctx.app).post(`/api/sandbox/fpx/${id}/complete`).set(CSRF).type('form').send({ outcome: 'succeeded' })).status).toBe(303);

    for (let i = 0; i < 2; i += 1) expect((await deliver('payment_intent.succeeded', id, merchantId)).status).toBe(200);
    const settled = { subscriptions: await count('subscriptions'), active: await count('subscriptions', { stripe_status: 'active' }), invoices: await count('invoices'), payments: await count('payments'), ledger: await count('balance_transactions') };
    expect(settled).toMatchObject({ subscriptions: 1, active: 1, invoices: 1, payments: 1 });
    // Out of order: a failure for the same payment after its success; then a copy of the success four minutes late.
    expect((await deliver('payment_intent.payment_failed', id, merchantId)).status).toBe(200);
    expect((await deliver('payment_intent.succeeded', id, merchantId, appNow() - 240)).status).toBe(200);
    const after = { subscriptions: await count('subscriptions'), active: await count('subscriptions', { stripe_status: 'active' }), invoices: await count('invoices'), payments: await count('payments'), ledger: await count('balance_transactions') };
    expect(after).toEqual(settled);
    expect(await count('invoices', { payment_intent_id: id, status: 'paid' })).toBe(1);
  });
});
