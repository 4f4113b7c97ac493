import request from 'supertest';
import type { FakeStripe } from '../../../test-support/fake-stripe';
import { advance, bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

/**
 * Issue 25, item 1: every succeeded payment Stripe reports is recorded against its invoice exactly once, and a
 * payment for an invoice paid meanwhile is refunded automatically and shown to staff. Measured before: an FPX
 * retry whose buyer closed the tab left the invoice open, the next automatic retry charged the card too.
 */
describe.each(testDatabases)('payments reported by Stripe webhooks (%s)', (kind) => {
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

  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set('Host', 'localhost:3000').set(bearer(token)).send(body);
  const pastDue = async () => {
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') })).status).toBe(200);
    const failing = await newCard(ctx, '4000000000000341');
    await post('add-card', { payment_method: failing });
    await post('set-as-primary-card', { id: failing });
    await advance(ctx, staff, userId, 31 * DAY + 60);
    expect(await subStatus()).toBe('past_due');
    return (await ctx.db('invoices').where({ merchant_id: merchantId, status: 'open' }).first()) as { id: string; amount_due: number };
  };
  const subStatus = async () => (await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).orderBy('id', 'desc').first('stripe_status')).stripe_status as string;
  const paidAtBank = async () => {
    const intent = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' });
    expect(intent.status).toBe(200);
    const id = intent.body.payment_intent_id as string;
    fake.finish(id, 'succeeded');
    return id;
  };
  const deliver = async () => {
    for (const answer of await fake.deliverWebhooks()) expect(answer.status).toBe(200);
  };
  const succeededEvent = (id: string) => fake.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === id)?.id as string;
  const cardCharges = () => fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.form.get('allowed_payment_method_types[0]') === 'card').length;

  it('records an FPX retry paid at the bank by its webhook alone, once, and the next automatic retry charges nothing', async () => {
    const invoice = await pastDue();
    const id = await paidAtBank();
    await deliver();
    expect(await ctx.db('invoices').where({ id: invoice.id }).first()).toMatchObject({ status: 'paid', amount_paid: invoice.amount_due });
    expect(await subStatus()).toBe('active');
    expect(await ctx.db('payments').where({ id })).toHaveLength(1);
    // Stripe delivers at least once: a redelivery changes nothing.
    expect(await fake.redeliver(succeededEvent(id))).toBe(200);
    expect(await ctx.db('payments').where({ id })).toHaveLength(1);
    const charges = cardCharges();
    await advance(ctx, staff, userId, 2 * DAY);
    expect(cardCharges()).toBe(charges);
    // The buyer's late return from the bank reads the payment as confirmed.
    const back = await post('retry-payment/fpx', { payment_intent_id: id });
    expect(back.status).toBe(200);
    expect(back.body.already_confirmed).toBe(true);
  });

  it('refunds a bank payment for an invoice the card paid meanwhile, once, and flags it to staff', async () => {
    const invoice = await pastDue();
    const intent = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u' });
    const id = intent.body.payment_intent_id as string;
    // Meanwhile the merchant pays by card.
    const good = await newCard(ctx, '5555555555554444');
    await post('add-card', { payment_method: good });
    await post('set-as-primary-card', { id: good });
    expect((await post('retry-payment', { type: 'default' })).status).toBe(200);
    fake.finish(id, 'succeeded');
    await deliver();
    expect(fake.refunds().filter((r) => r.payment_intent === id)).toMatchObject([{ amount: invoice.amount_due, status: 'succeeded' }]);
    expect(await ctx.db('payments').where({ id }).first()).toMatchObject({ status: 'refunded', invoice_id: invoice.id, amount: invoice.amount_due });
    expect(await ctx.db('invoices').where({ id: invoice.id }).first()).toMatchObject({ status: 'paid', amount_paid: invoice.amount_due });
    expect(await ctx.db('gateway_notices').where({ kind: 'payment.duplicate_refunded', reference: id, merchant_id: merchantId })).toHaveLength(1);
    expect(await fake.redeliver(succeededEvent(id))).toBe(200);
    expect(fake.refunds().filter((r) => r.payment_intent === id)).toHaveLength(1);
    const back = await post('retry-payment/fpx', { payment_intent_id: id });
    expect(back.status).toBe(409);
    // Staff see it on the merchant's timeline.
    const timeline = await request(ctx.app).get(`/api/staff/merchants/${userId}/timeline`).set(bearer(staff));
    expect(timeline.status).toBe(200);
    expect(JSON.stringify(timeline.body)).toContain('timeline.payment.refunded');
  });
});
