import request from 'supertest';
import { answerPaymentPage, newCard, postWebhook } from '../../../test-support/billing-helpers';
import { malaysianCheckoutForm } from '../../../test-support/checkout-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const planId = async (ctx: TestContext, stripeId: string): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: stripeId }).first('id')).id);

const form = malaysianCheckoutForm;

const count = async (ctx: TestContext, table: string, where: Record<string, unknown> = {}): Promise<number> =>
  Number((await ctx.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

describe.each(testDatabases)('card and FPX checkout (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => ctx.close());

  const setup = async (email = 'buyer-my@shop.test') => {
    const res = await request(ctx.app).post('/api/create-merchant/stripe').send({ email, name: 'Aminah' });
    expect(res.status).toBe(201);
    return res.body as { client_secret: string; stripe_id: string };
  };

  it('validates a coupon for the plan: percent, currency-bound amount, expired and unknown codes', async () => {
    const pkg = await planId(ctx, 'price_my_starter_monthly');
    const ok = await request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').send({ coupon: 'welcome20', package_id: pkg });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ code: 'WELCOME20', percent_off: 20 });
    expect((await request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').send({ coupon: 'EXPIRED5', package_id: pkg })).body.error.code).toBe('coupon_expired');
    expect((await request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').send({ coupon: 'NOPE', package_id: pkg })).body.error.code).toBe('coupon_invalid');
    expect((await request(ctx.app).post('/api/create-merchant/stripe/validate-coupon').send({ coupon: ' ', package_id: pkg })).status).toBe(400);
  });

  it('charges the card with the coupon, creates the merchant and answers a sign-in ticket that works once', async () => {
    const { stripe_id } = await setup();
    const paymentMethod = await newCard(ctx, '4242424242424242');
    const res = await request(ctx.app)
      .post('/api/create-merchant/stripe/set-payment-method')
      .send({ ...(await form(ctx)), paymentMethod, stripe_id, coupon_code: 'WELCOME20' });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe('buyer-my@shop.test');
    expect(res.body.password).toBeUndefined();
    const merchant = await ctx.db('merchants').join('users', 'users.id', 'merchants.owner_user_id').where('users.email', 'buyer-my@shop.test').first('merchants.id');
    // RM99.00 − 20% = RM79.20, + 8% SST = RM85.54 (85.536 rounded).
    const invoice = await ctx.db('invoices').where({ merchant_id: merchant.id }).first();
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 9900, discount: 1980, tax: 634, total: 8554, coupon_code: 'WELCOME20' });
    expect(await count(ctx, 'subscriptions', { merchant_id: merchant.id, stripe_status: 'active' })).toBe(1);
    expect((await ctx.db('billing_accounts').where({ merchant_id: merchant.id }).first()).default_payment_method).toBe(paymentMethod);
    const signIn = await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket: res.body.ticket });
    expect(signIn.status).toBe(200);
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket: res.body.ticket })).status).toBe(401);
  });

  it('a declined card leaves no account behind, so the buyer can try another card', async () => {
    const { stripe_id } = await setup();
    const declined = await newCard(ctx, '4000000000000002');
    const res = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send({ ...(await form(ctx)), paymentMethod: declined, stripe_id });
    expect(res.status).toBe(402);
    expect(await count(ctx, 'users', { email: 'buyer-my@shop.test' })).toBe(0);
    expect(await count(ctx, 'checkout_orders')).toBe(0);
    const good = await newCard(ctx, '4242424242424242');
    expect((await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send({ ...(await form(ctx)), paymentMethod: good, stripe_id })).status).toBe(201);
  });

  it('sends a card that needs 3-D Secure to the issuer and back to the checkout, then registers once', async () => {
    const { stripe_id } = await setup();
    const paymentMethod = await newCard(ctx, '4000002760003184');
    const res = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').set('Host', 'localhost:3000').send({ ...(await form(ctx)), paymentMethod, stripe_id });
    // Not a decline: the buyer is sent to authenticate (the first charge carried the return URL).
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('authentication_required');
    const intent = res.body.payment_intent.id as string;
    const { url, return_url: returnUrl } = res.body.next_action.redirect_to_url;
    expect(new URL(returnUrl).pathname).toMatch(/^\/subscribe-payment\/\d+$/);
    expect(new URL(returnUrl).searchParams.get('flow')).toBe('3ds');
    expect(url).toContain(intent);
    expect(await count(ctx, 'users', { email: 'buyer-my@shop.test' })).toBe(0);
    if (ctx.stripe) expect(ctx.stripe.requests.find((r) => r.path === '/v1/payment_intents')?.form.get('return_url')).toBe(returnUrl);

    const back = await answerPaymentPage(ctx, '3ds', intent, 'succeeded');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('flow')).toBe('3ds');
    for (let i = 0; i < 2; i += 1) {
      const check = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: intent });
      expect(check.status).toBe(200);
      expect(check.body.email).toBe('buyer-my@shop.test');
    }
    const user = await ctx.db('users').where({ email: 'buyer-my@shop.test' }).first('id');
    const merchant = await ctx.db('merchants').where({ owner_user_id: user.id }).first('id');
    expect(await count(ctx, 'subscriptions', { merchant_id: merchant.id, stripe_status: 'active' })).toBe(1);
    expect(await count(ctx, 'payments', { merchant_id: merchant.id, id: intent, status: 'succeeded' })).toBe(1);
    expect(await ctx.db('invoices').where({ merchant_id: merchant.id }).first()).toMatchObject({ status: 'paid', amount_paid: 10692, payment_intent_id: intent });
    expect(await ctx.db('billing_accounts').where({ merchant_id: merchant.id }).first()).toMatchObject({ default_payment_method: paymentMethod, gateway_customer_id: stripe_id, payment_type: 'card' });
  });

  it('registers nothing when the buyer fails 3-D Secure', async () => {
    const { stripe_id } = await setup();
    const paymentMethod = await newCard(ctx, '4000002760003184');
    const res = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send({ ...(await form(ctx)), paymentMethod, stripe_id });
    expect(res.status).toBe(402);
    const back = await answerPaymentPage(ctx, '3ds', res.body.payment_intent.id, 'failed');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect((await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: res.body.payment_intent.id })).status).toBe(402);
    expect(await count(ctx, 'users', { email: 'buyer-my@shop.test' })).toBe(0);
    expect(await count(ctx, 'checkout_orders', { status: 'failed' })).toBe(1);
  });

  it('after a timed-out request, retry (and a resent set-payment-method) sign in without charging again', async () => {
    const { stripe_id } = await setup();
    const paymentMethod = await newCard(ctx, '4242424242424242');
    const body = { ...(await form(ctx)), paymentMethod, stripe_id };
    expect((await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send(body)).status).toBe(201);
    const retry = await request(ctx.app).post('/api/create-merchant/retry').send({ paymentMethod });
    expect(retry.status).toBe(200);
    expect(retry.body.email).toBe('buyer-my@shop.test');
    const resent = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send(body);
    expect(resent.status).toBe(201);
    expect(await count(ctx, 'payments', { method_type: 'card', payment_method_id: paymentMethod })).toBe(1);
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket: resent.body.ticket })).status).toBe(200);
    expect((await request(ctx.app).post('/api/create-merchant/retry').send({ paymentMethod })).status).toBe(410);
    expect((await request(ctx.app).post('/api/create-merchant/retry').send({ paymentMethod: 'pm_unknown' })).status).toBe(401);
  });

  it('FPX: a failed bank result registers nothing; a paid one registers once, by redirect or by webhook', async () => {
    const failed = await request(ctx.app).post('/api/create-merchant/fpx').send({ ...(await form(ctx)), bank: 'cimb' });
    expect(failed.status).toBe(201);
    expect(failed.body.redirect_url).toContain(`/fpx/${failed.body.payment_intent_id}`);
    const bankFail = await answerPaymentPage(ctx, 'fpx', failed.body.payment_intent_id, 'failed');
    expect(bankFail.searchParams.get('redirect_status')).toBe('failed');
    expect(bankFail.pathname).toMatch(/^\/subscribe-payment\/\d+$/);
    expect((await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: failed.body.payment_intent_id })).status).toBe(402);
    expect(await count(ctx, 'users', { email: 'buyer-my@shop.test' })).toBe(0);

    const paid = await request(ctx.app).post('/api/create-merchant/fpx').send({ ...(await form(ctx)), bank: 'maybank2u' });
    await answerPaymentPage(ctx, 'fpx', paid.body.payment_intent_id, 'succeeded');
    const event = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: paid.body.payment_intent_id, metadata: { purpose: 'checkout' } } } };
    const bad = await postWebhook(ctx, event, 'whsec_wrong');
    expect(bad.status).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      const hook = await postWebhook(ctx, event);
      expect(hook.status).toBe(200);
    }
    const check = await request(ctx.app).post('/api/create-merchant/fpx/check-and-register').send({ payment_intent_id: paid.body.payment_intent_id });
    expect(check.status).toBe(200);
    expect(check.body.email).toBe('buyer-my@shop.test');
    const user = await ctx.db('users').where({ email: 'buyer-my@shop.test' }).first('id');
    const merchant = await ctx.db('merchants').where({ owner_user_id: user.id }).first('id');
    expect(await count(ctx, 'subscriptions', { merchant_id: merchant.id })).toBe(1);
    expect(await count(ctx, 'payments', { merchant_id: merchant.id, method_type: 'fpx' })).toBe(1);
    expect((await ctx.db('billing_accounts').where({ merchant_id: merchant.id }).first()).payment_type).toBe('fpx');
  });

  it('sells cards outside Taiwan only and FPX in Malaysia only', async () => {
    const { stripe_id } = await setup();
    const paymentMethod = await newCard(ctx, '4242424242424242');
    const tw = await request(ctx.app).post('/api/create-merchant/stripe/set-payment-method').send({ ...(await form(ctx)), package_id: await planId(ctx, 'price_tw_starter_monthly'), paymentMethod, stripe_id });
    expect(tw.body.error.code).toBe('package_unavailable');
    const sg = await request(ctx.app).post('/api/create-merchant/fpx').send({ ...(await form(ctx)), package_id: await planId(ctx, 'price_sg_starter_monthly') });
    expect(sg.body.error.code).toBe('package_unavailable');
  });
});
