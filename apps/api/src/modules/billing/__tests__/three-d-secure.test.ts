import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { advance, answerPaymentPage, bearer, chargeCount, newCard, openPaymentPage, packageId, tokenFor } from '../../../test-support/billing-helpers';

const NEW = 'new-merchant@demo.test';
const THREE_DS = '4000002760003184';
const DAY = 86_400;

describe.each(testDatabases)('3-D Secure on on-session charges (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, NEW);
    merchantId = ctx.demo.get(NEW)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
  const billing = () => request(ctx.app).get('/api/users/billing/all').set(bearer(token));
  const invoices = async () => ctx.db('invoices').where({ merchant_id: merchantId }).orderBy('seq').select('status', 'amount_paid', 'subscription_id');
  const liveSubs = async () => ctx.db('subscriptions').where({ merchant_id: merchantId }).whereNot({ stripe_status: 'canceled' }).select('stripe_plan', 'stripe_status');
  /** The tester's click on the issuer's 3-D Secure page (the sandbox's or the fake Stripe's); answers where it sends the browser. */
  const authenticate = async (url: string, outcome: 'succeeded' | 'failed'): Promise<URL> => {
    const page = await openPaymentPage(ctx, url);
    expect(page).toContain('Complete authentication');
    expect(page).toContain('Fail authentication');
    return answerPaymentPage(ctx, '3ds', new URL(url).pathname.split('/').pop() as string, outcome);
  };
  const subscribeWith = async (card: string) =>
    post('late-subscribe', { paymentMethod: await newCard(ctx, card), package_id: await packageId(ctx, 'price_my_starter_monthly'), return_url: '/home/dashboard' });

  it('holds a first plan until the card is authenticated, then activates it once', async () => {
    const res = await subscribeWith(THREE_DS);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'authentication_required', key: 'errors:billing.authenticationRequired' });
    const intent = res.body.payment_intent;
    expect(intent).toMatchObject({ status: 'requires_action', amount: 10692, currency: 'MYR' });
    expect(res.body.next_action.type).toBe('redirect_to_url');
    expect(res.body.next_action.redirect_to_url.url).toMatch(new RegExp(`/3ds/${intent.id}$`));
    const returnUrl = new URL(res.body.next_action.redirect_to_url.return_url);
    expect(returnUrl.pathname).toBe('/home/dashboard');
    expect(returnUrl.searchParams.get('flow')).toBe('3ds');

    // Nothing is active while the bank waits; the invoice stays open, not void.
    expect((await billing()).status).toBe(402);
    expect(await invoices()).toEqual([{ status: 'open', amount_paid: 0, subscription_id: null }]);

    const back = await authenticate(res.body.next_action.redirect_to_url.url, 'succeeded');
    expect(back.pathname).toBe('/home/dashboard');
    expect(back.searchParams.get('flow')).toBe('3ds');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const confirmed = await post('confirm-payment', { payment_intent: intent.id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ message: 'Payment received', already_confirmed: false, invoice: { status: 'paid', amount_paid: 10692 } });
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_starter_monthly', stripe_status: 'active' }]);
    const rows = await invoices();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amount_paid: 10692 });
    expect(rows[0].subscription_id).not.toBeNull();
    expect(await chargeCount(ctx, merchantId)).toBe(1);
    expect((await billing()).status).toBe(200);

    // A second confirm, and two more at once, change nothing.
    const again = await Promise.all([post('confirm-payment', { payment_intent: intent.id }), post('confirm-payment', { payment_intent: intent.id })]);
    expect(again.map((r) => [r.status, r.body.already_confirmed])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(await liveSubs()).toHaveLength(1);
    expect(await invoices()).toHaveLength(1);
    expect(await chargeCount(ctx, merchantId)).toBe(1);
  });

  it('confirms exactly once when two confirms race', async () => {
    const res = await subscribeWith(THREE_DS);
    await authenticate(res.body.next_action.redirect_to_url.url, 'succeeded');
    const both = await Promise.all([post('confirm-payment', { payment_intent: res.body.payment_intent.id }), post('confirm-payment', { payment_intent: res.body.payment_intent.id })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.already_confirmed).sort()).toEqual([false, true]);
    expect(await liveSubs()).toHaveLength(1);
    expect(await chargeCount(ctx, merchantId)).toBe(1);
  });

  it('voids the invoice and activates nothing when authentication fails', async () => {
    const res = await subscribeWith(THREE_DS);
    const back = await authenticate(res.body.next_action.redirect_to_url.url, 'failed');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const confirmed = await post('confirm-payment', { payment_intent: res.body.payment_intent.id });
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error.code).toBe('payment_failed');
    expect(await invoices()).toEqual([{ status: 'void', amount_paid: 0, subscription_id: null }]);
    expect(await liveSubs()).toEqual([]);
    expect((await billing()).status).toBe(402);
    expect((await post('confirm-payment', { payment_intent: res.body.payment_intent.id })).status).toBe(402);
    expect(await invoices()).toHaveLength(1);
  });

  it('answers 402 again while the bank still waits, and refuses another merchant\'s payment', async () => {
    const res = await subscribeWith(THREE_DS);
    const early = await post('confirm-payment', { payment_intent: res.body.payment_intent.id });
    expect(early.status).toBe(402);
    expect(early.body.error.code).toBe('authentication_required');
    expect(early.body.next_action.redirect_to_url.url).toBe(res.body.next_action.redirect_to_url.url);
    expect(await invoices()).toEqual([{ status: 'open', amount_paid: 0, subscription_id: null }]);
    const other = await tokenFor(ctx, 'merchant-sg@demo.test');
    const foreign = await request(ctx.app).post('/api/users/billing/confirm-payment').set(bearer(other)).send({ payment_intent: res.body.payment_intent.id });
    expect(foreign.status).toBe(404);
    expect((await post('confirm-payment', {})).status).toBe(400);
  });

  it('never charges again while a payment awaits authentication: the second call is sent to the first', async () => {
    const first = await subscribeWith(THREE_DS);
    expect(first.status).toBe(402);
    const intent = first.body.payment_intent.id as string;
    const paymentsBefore = await ctx.db('payments').count({ n: '*' }).first();

    // While the bank waits, another attempt (even with a good card) goes back to the same issuer page.
    const second = await subscribeWith('4242424242424242');
    expect(second.status).toBe(402);
    expect(second.body.payment_intent.id).toBe(intent);
    expect(second.body.next_action.redirect_to_url.url).toBe(first.body.next_action.redirect_to_url.url);
    expect(await ctx.db('payments').count({ n: '*' }).first()).toEqual(paymentsBefore);
    expect(await invoices()).toEqual([{ status: 'open', amount_paid: 0, subscription_id: null }]);

    // Authenticated but never confirmed: a new attempt is sent to the billing page to confirm the first.
    await authenticate(first.body.next_action.redirect_to_url.url, 'succeeded');
    const third = await subscribeWith('4242424242424242');
    expect(third.status).toBe(402);
    const back = new URL(third.body.next_action.redirect_to_url.url);
    expect(back.pathname).toBe('/home/dashboard');
    expect(back.searchParams.get('flow')).toBe('3ds');
    expect(back.searchParams.get('payment_intent')).toBe(intent);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await post('confirm-payment', { payment_intent: intent })).status).toBe(200);
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_starter_monthly', stripe_status: 'active' }]);
    expect(await chargeCount(ctx, merchantId)).toBe(1);
  });

  it('keeps an upgrade pending until authenticated, then switches plan', async () => {
    expect((await subscribeWith('4242424242424242')).status).toBe(200);
    const card = await newCard(ctx, THREE_DS);
    expect((await post('add-card', { payment_method: card })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: card })).status).toBe(200);
    const up = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' });
    expect(up.status).toBe(402);
    expect(up.body.error.code).toBe('authentication_required');
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_starter_monthly', stripe_status: 'active' }]);
    await authenticate(up.body.next_action.redirect_to_url.url, 'succeeded');
    expect((await post('confirm-payment', { payment_intent: up.body.payment_intent.id })).status).toBe(200);
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_growth_monthly', stripe_status: 'active' }]);
    expect((await invoices()).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(await chargeCount(ctx, merchantId)).toBe(2);
  });

  it('lets a past_due merchant whose renewal needed 3-D Secure retry on-session and authenticate', async () => {
    expect((await subscribeWith('4242424242424242')).status).toBe(200);
    const card = await newCard(ctx, THREE_DS);
    await post('add-card', { payment_method: card });
    await post('set-as-primary-card', { id: card });
    const staff = await tokenFor(ctx, 'support@demo.test');
    await advance(ctx, staff, ctx.demo.get(NEW)?.userId as number, 31 * DAY + 60);
    // Off-session the issuer cannot ask the merchant, so the renewal fails (Stripe: authentication_required).
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_starter_monthly', stripe_status: 'past_due' }]);
    const retry = await post('retry-payment', { type: 'default' });
    expect(retry.status).toBe(402);
    expect(retry.body.error.code).toBe('authentication_required');
    await authenticate(retry.body.next_action.redirect_to_url.url, 'succeeded');
    expect((await post('confirm-payment', { payment_intent: retry.body.payment_intent.id })).status).toBe(200);
    expect(await liveSubs()).toEqual([{ stripe_plan: 'price_my_starter_monthly', stripe_status: 'active' }]);
    expect((await invoices()).map((i) => i.status)).toEqual(['paid', 'paid']);
  });
});
