import request from 'supertest';
import type { PaymentGateway } from '../port';
import { GATEWAY_CALL_IN_TRANSACTION, guardGateway, trackTransactions } from '../transaction-guard';
import { advance, answerPaymentPage, bearer, newCard, packageId, postWebhook, tokenFor } from '../../test-support/billing-helpers';
import { malaysianCheckoutForm } from '../../test-support/checkout-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../test-support/test-app';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

/**
 * Issue 25, item 6: no gateway call while a database transaction of ours is open (SQLite's one writer, or the
 * merchant's row lock, would wait for the provider). The app logs every such call (gateways/transaction-guard.ts);
 * each flow below must log none.
 */
describe.each(testDatabases)('no gateway call inside a database transaction (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => ctx.close());

  const callsInTransaction = () => ctx.logs.filter((line) => line.includes(GATEWAY_CALL_IN_TRANSACTION)).map((line) => JSON.parse(line).method as string);
  /** The new merchant past due: a first plan by card, then a default card the renewal cannot charge. */
  const pastDue = async (post: (path: string, body: Record<string, unknown>) => request.Test) => {
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') })).status).toBe(200);
    const failing = await newCard(ctx, '4000000000000341');
    expect((await post('add-card', { payment_method: failing })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: failing })).status).toBe(200);
    await advance(ctx, await tokenFor(ctx, 'support@demo.test'), ctx.demo.get(NEW)?.userId as number, 31 * DAY + 60);
  };

  it('notices a call made inside one (the guard itself)', async () => {
    const seen: string[] = [];
    trackTransactions(ctx.db);
    const guarded = guardGateway({ name: 'sandbox', retrievePayment: async () => null } as unknown as PaymentGateway, (method) => seen.push(method));
    await guarded.retrievePayment('pi_outside');
    await ctx.db.transaction(async () => {
      await guarded.retrievePayment('pi_inside');
    });
    expect(seen).toEqual(['retrievePayment']);
  });

  it('card checkout, with and without 3-D Secure', async () => {
    for (const [email, number] of [['plain@shop.test', '4242424242424242'], ['three-ds@shop.test', '4000002760003184']] as const) {
      const setup = await request(ctx.app).post('/api/create-merchant/stripe').send({ email, name: 'Aminah' });
      const paymentMethod = await newCard(ctx, number);
      const res = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send({ ...(await malaysianCheckoutForm(ctx, { email })), paymentMethod, stripe_id: setup.body.stripe_id });
      expect([201, 402]).toContain(res.status);
    }
    expect(callsInTransaction()).toEqual([]);
  });

  it('renewals and dunning retries run by the scheduler', async () => {
    const token = await tokenFor(ctx, NEW);
    const staff = await tokenFor(ctx, 'support@demo.test');
    const userId = ctx.demo.get(NEW)?.userId as number;
    expect((await request(ctx.app).post('/api/users/billing/late-subscribe').set(bearer(token)).send({ paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') })).status).toBe(200);
    await advance(ctx, staff, userId, 31 * DAY + 60);
    await advance(ctx, staff, userId, 40 * DAY);
    expect(callsInTransaction()).toEqual([]);
  });

  it('on-session charges: a first plan by card, an upgrade, a period switch and an add-on, paid and refused', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const store = ctx.demo.get(NEW)?.storeIds[0] as number;
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') })).status).toBe(200);
    expect((await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' })).status).toBe(200);
    expect((await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_yearly'), type: 'upgrade' })).status).toBe(200);
    expect((await request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(token)).send({ store_id: store, addon_store_quantity: 2 })).status).toBe(200);
    const declining = await newCard(ctx, '4000000000000341');
    expect((await post('add-card', { payment_method: declining })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: declining })).status).toBe(200);
    const refused = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_pro_yearly'), type: 'upgrade' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_failed');
    expect((await request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(token)).send({ store_id: store, addon_store_quantity: 3 })).status).toBe(402);
    expect(callsInTransaction()).toEqual([]);
  });

  it('a payment waiting for 3-D Secure refuses the next one, read from the gateway before the transaction', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const held = await post('late-subscribe', { paymentMethod: await newCard(ctx, '4000002760003184'), package_id: await packageId(ctx, 'price_my_starter_monthly'), return_url: '/home/dashboard' });
    expect(held.status).toBe(402);
    const again = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' });
    expect(again.status).toBe(402);
    expect(again.body.payment_intent.id).toBe(held.body.payment_intent.id);
    expect(callsInTransaction()).toEqual([]);
  });

  it('a payment reported by webhook, recorded against its invoice', async () => {
    const event = { id: 'evt_reported', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_unknown_here', metadata: { invoice_id: 'in_x', merchant_id: '1' } } } };
    expect((await postWebhook(ctx, event)).status).toBe(200);
    expect(callsInTransaction()).toEqual([]);
  });

  it('confirming a payment back from 3-D Secure reads it from the gateway before the transaction', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const held = await post('late-subscribe', { paymentMethod: await newCard(ctx, '4000002760003184'), package_id: await packageId(ctx, 'price_my_starter_monthly'), return_url: '/home/dashboard' });
    expect(held.status).toBe(402);
    const charging = callsInTransaction().length;
    await answerPaymentPage(ctx, '3ds', held.body.payment_intent.id, 'succeeded');
    for (let i = 0; i < 2; i += 1) expect((await post('confirm-payment', { payment_intent: held.body.payment_intent.id })).status).toBe(200);
    expect(callsInTransaction().slice(charging)).toEqual([]);
  });

  it('FPX: the bank redirect of a late subscribe and of a past-due retry', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const subscribeAtBank = await post('late-subscribe/fpx/create-intent', { package_id: await packageId(ctx, 'price_my_starter_monthly'), bank: 'maybank2u' });
    expect(subscribeAtBank.status).toBe(200);
    expect(callsInTransaction()).toEqual([]);
    await pastDue(post);
    const before = callsInTransaction().length;
    const retryAtBank = await post('retry-payment/fpx/create-intent', { type: 'default', bank: 'maybank2u', return_url: '/home/dashboard' });
    expect(retryAtBank.status).toBe(200);
    expect(callsInTransaction().slice(before)).toEqual([]);
  });

  it('Retry Payment of a past-due invoice: declined, then paid', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    await pastDue(post);
    const before = callsInTransaction().length;
    expect((await post('retry-payment', { type: 'default' })).status).toBe(402);
    const good = await newCard(ctx, '5555555555554444');
    expect((await post('add-card', { payment_method: good })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: good })).status).toBe(200);
    expect((await post('retry-payment', { type: 'default' })).status).toBe(200);
    expect((await post('retry-payment', { type: 'default' })).status).toBe(409);
    expect(callsInTransaction().slice(before)).toEqual([]);
  });

  it("the billing page's card form: set-up intent, add, make default and delete a card", async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    expect((await post('create-intent', {})).status).toBe(200);
    const first = await newCard(ctx, '4242424242424242');
    const second = await newCard(ctx, '5555555555554444');
    expect((await post('add-card', { payment_method: first })).status).toBe(200);
    expect((await post('add-card', { payment_method: second })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: second })).status).toBe(200);
    expect((await post('delete-card', { payment_method: first })).status).toBe(200);
    expect(callsInTransaction()).toEqual([]);
  });
});
