import request from 'supertest';
import { createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { mailDate } from '../../notifications';
import { advance, answerPaymentPage, bearer, chargeCount, newCard, openPaymentPage, packageId, tokenFor } from '../../../test-support/billing-helpers';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

describe.each(testDatabases)('billing lifecycle through simulated time (%s)', (kind) => {
  let ctx: TestContext;
  let staff: string;
  let token: string;
  let userId: number;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    staff = await tokenFor(ctx, 'support@demo.test');
    token = await tokenFor(ctx, NEW);
    userId = ctx.demo.get(NEW)?.userId as number;
    merchantId = ctx.demo.get(NEW)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  const billing = () => request(ctx.app).get('/api/users/billing/all').set(bearer(token));
  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
  const subscribe = async (stripeId: string, card = '4242424242424242') => {
    const res = await post('late-subscribe', { paymentMethod: await newCard(ctx, card), package_id: await packageId(ctx, stripeId) });
    expect(res.status).toBe(200);
    return res;
  };
  const latestInvoice = async () => (await post('billing-history', { date_start: 0, date_end: 4_000_000_000 })).body.data[0];

  it('answers code 0 when the merchant must subscribe', async () => {
    const res = await billing();
    expect(res.status).toBe(402);
    expect(res.body.code).toBe(0);
    expect(res.body.error.code).toBe('must_subscribe');
    expect(res.body.packages.length).toBeGreaterThan(0);
  });

  it('subscribes monthly, upgrades mid-cycle with proration, schedules, cancels and reschedules a downgrade, then switches at period end', async () => {
    const first = await subscribe('price_my_starter_monthly');
    expect(first.body.invoice).toMatchObject({ subtotal: 9900, tax: 792, total: 10692, amount_paid: 10692, status: 'paid' });

    // Half of the 31-day period (2026-03-02 → 2026-04-02) later: credit 4950, charge 9950, net 5000 + 8% SST.
    await advance(ctx, staff, userId, (31 * DAY) / 2);
    const up = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' });
    expect(up.status).toBe(200);
    // Dates inside texts read DD/MM/YYYY (spec §9), never ISO.
    expect(up.body.invoice.lines.data.map((l: { description: string }) => l.description)).toEqual(['Unused time on Starter after 17/03/2026', 'Remaining time on Growth after 17/03/2026']);
    expect(up.body.invoice.lines.data.map((l: { amount: number }) => l.amount)).toEqual([-4950, 9950]);
    expect(up.body.invoice).toMatchObject({ subtotal: 5000, tax: 400, total: 5400, amount_paid: 5400, status: 'paid', billing_reason: 'subscription_update' });

    const starter = await packageId(ctx, 'price_my_starter_monthly');
    const down = await post('downgrade-or-upgrade', { package_id: starter, type: 'downgrade' });
    expect(down.status).toBe(200);
    let all = (await billing()).body.all;
    expect(all.find((s: { stripe_status: string }) => s.stripe_status === 'trialing')).toMatchObject({ stripe_plan: 'price_my_starter_monthly', trial_ends_at: '2026-04-02T09:00:00.000Z' });

    const cancel = await post('cancel-trialing-package', { price_id: 'price_my_starter_monthly' });
    expect(cancel.body.message).toBe('Next billing package is canceled successfully');
    all = (await billing()).body.all;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ stripe_plan: 'price_my_growth_monthly', ends_at: null });

    expect((await post('downgrade-or-upgrade', { package_id: starter, type: 'downgrade' })).status).toBe(200);
    await advance(ctx, staff, userId, (31 * DAY) / 2 + 60);
    const after = (await billing()).body;
    expect(after.all).toHaveLength(1);
    expect(after.all[0]).toMatchObject({ stripe_status: 'active', stripe_plan: 'price_my_starter_monthly', current_period_start: '2026-04-02T09:00:00.000Z', current_period_end: '2026-05-02T09:00:00.000Z' });
    expect(await latestInvoice()).toMatchObject({ subtotal: 9900, tax: 792, total: 10692, amount_paid: 10692, billing_reason: 'subscription_cycle' });
    expect(await chargeCount(ctx, merchantId)).toBe(3);
  });

  it('renews a yearly plan with a 20% coupon off the discounted price, before tax', async () => {
    const first = await subscribe('price_my_starter_yearly');
    // 12 × 99.00 = 1,188.00 less the yearly 20% = 950.40; SST 8% = 76.03.
    expect(first.body.invoice).toMatchObject({ subtotal: 95040, tax: 7603, total: 102643 });
    const coupon = await post('add-coupon', { coupon: 'welcome20' });
    expect(coupon.status).toBe(200);
    expect(coupon.body.data).toMatchObject({ code: 'WELCOME20', percent_off: 20, object: 'promotion_code' });
    await advance(ctx, staff, userId, 365 * DAY + 60);
    // 950.40 − 20% = 760.32; SST 8% = 60.83 (60.8256 half-up).
    expect(await latestInvoice()).toMatchObject({ subtotal: 95040, discount: 19008, tax: 6083, total: 82115, amount_paid: 82115, coupon_code: 'WELCOME20' });
    expect((await billing()).body.all[0].coupon).toMatchObject({ code: 'WELCOME20' });
  });

  it('refuses expired and foreign-currency coupons with a clear message', async () => {
    await subscribe('price_my_starter_monthly');
    const expired = await post('add-coupon', { coupon: 'EXPIRED5' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This coupon has expired');
    const unknown = await post('add-coupon', { coupon: 'NOPE' });
    expect(unknown.body.message).toBe('Invalid coupon code');
  });

  it('goes past_due when the renewal card fails and back to active after a retry with a new card', async () => {
    await subscribe('price_my_starter_monthly');
    const failing = await newCard(ctx, '4000000000000341');
    expect((await post('add-card', { payment_method: failing })).body.message).toBe('New Card have been added');
    expect((await post('set-as-primary-card', { id: failing })).body.message).toBe('Card have been set as default');
    await advance(ctx, staff, userId, 31 * DAY + 60);
    let body = (await billing()).body;
    expect(body.all[0].stripe_status).toBe('past_due');
    const retryFail = await post('retry-payment', { type: 'default' });
    expect(retryFail.status).toBe(402);
    expect(retryFail.body.message).toBe('Your card was declined.');

    // Another card than the 4242 already saved (the same card again is refused since issue 31 #7).
    const good = await newCard(ctx, '5555555555554444');
    expect((await post('add-card', { payment_method: good })).status).toBe(200);
    await post('set-as-primary-card', { id: good });
    const retry = await post('retry-payment', { type: 'default' });
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe('Payment received');
    body = (await billing()).body;
    expect(body.all[0].stripe_status).toBe('active');
    expect(await latestInvoice()).toMatchObject({ total: 10692, amount_paid: 10692, status: 'paid' });
    const again = await post('retry-payment', { type: 'default' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('It seems like your subscription have already been paid. please contact support');
  });

  it('after a 32-day clock jump over a failed renewal and its first retry, sends one payment-failed e-mail with the real next retry (issue 31 #7)', async () => {
    await subscribe('price_my_starter_monthly');
    const failing = await newCard(ctx, '4000000000000341');
    await post('add-card', { payment_method: failing });
    await post('set-as-primary-card', { id: failing });
    await advance(ctx, staff, userId, 32 * DAY + 60);
    // The renewal (02/04) and its first retry (03/04) both failed in this one run: two charges, one e-mail,
    // which names the retry still to come (05/04), not the one already made.
    expect(await chargeCount(ctx, merchantId)).toBe(3);
    const failedMails = (await mailbox(ctx, NEW)).filter((entry) => entry.subject?.startsWith('Payment failed for invoice'));
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0].text).toContain(mailDate('en', Date.parse('2026-04-05T09:00:00Z') / 1000));
  });

  it('cancels after the last dunning retry and marks the invoice uncollectible', async () => {
    await subscribe('price_my_starter_monthly');
    const failing = await newCard(ctx, '4000000000000341');
    await post('add-card', { payment_method: failing });
    await post('set-as-primary-card', { id: failing });
    await advance(ctx, staff, userId, 31 * DAY + 8 * DAY);
    expect((await billing()).status).toBe(402);
    expect(await latestInvoice()).toMatchObject({ status: 'uncollectible', amount_paid: 0 });
    // The renewal attempt and four retries (days 1, 3, 5, 7): five charge attempts after the first payment.
    expect(await chargeCount(ctx, merchantId)).toBe(6);
  });

  it('unsubscribes and resumes, then after the grace period must subscribe again, by FPX', async () => {
    await subscribe('price_my_starter_monthly');
    const unsub = await post('unsubscribe', {});
    expect(unsub.body.ends_at).toBe('2026-04-02T09:00:00.000Z');
    // Unsubscribing again says when the plan ends (its own code and key), not that there is no plan.
    const twice = await post('unsubscribe', {});
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'already_unsubscribed', key: 'errors:billing.planAlreadyEnding', message: 'Your plan already ends on 02/04/2026', details: { values: { date: '02/04/2026' } } });
    expect((await post('resume', {})).body.ends_at).toBeNull();
    expect((await billing()).body.all[0].ends_at).toBeNull();
    await post('unsubscribe', {});
    await advance(ctx, staff, userId, 31 * DAY + 60);
    const must = await billing();
    expect(must.status).toBe(402);
    expect(must.body.code).toBe(0);

    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await packageId(ctx, 'price_my_growth_monthly'), bank: 'maybank2u' });
    expect(intent.status).toBe(200);
    expect(intent.body.stripeIntent).toMatchObject({ amount: 21492, currency: 'MYR' });
    expect(await openPaymentPage(ctx, intent.body.redirect_url)).toContain('214.92');
    const back = await answerPaymentPage(ctx, 'fpx', intent.body.payment_intent_id, 'succeeded');
    expect(back.pathname).toBe('/home/dashboard');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const confirm = await post('late-subscribe/fpx', { payment_intent_id: back.searchParams.get('payment_intent') });
    expect(confirm.status).toBe(200);
    expect(confirm.body.invoice).toMatchObject({ total: 21492, amount_paid: 21492, status: 'paid' });
    const again = await post('late-subscribe/fpx', { payment_intent_id: back.searchParams.get('payment_intent') });
    expect(again.body.already_confirmed).toBe(true);
    const now = (await billing()).body;
    expect(now.all[0]).toMatchObject({ stripe_status: 'active', stripe_plan: 'price_my_growth_monthly' });
    expect(now.userData.payment_type).toBe('fpx');
  });

  it('reports a failed FPX payment with the spec text and subscribes nothing', async () => {
    const intent = await post('late-subscribe/fpx/create-intent', { package_id: await packageId(ctx, 'price_my_starter_monthly'), bank: 'maybank2u' });
    const back = await answerPaymentPage(ctx, 'fpx', intent.body.payment_intent_id, 'failed');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const confirm = await post('late-subscribe/fpx', { payment_intent_id: intent.body.payment_intent_id });
    expect(confirm.status).toBe(402);
    expect(confirm.body.message).toBe('Seems like we received a payment failed status');
    expect((await billing()).status).toBe(402);
  });

  it('answers "You dont have a valid credit card!" when a plan change needs a card and none is saved', async () => {
    const res = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_starter_monthly'), type: 'upgrade' });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('You dont have a valid credit card!');
  });

  it('switches monthly to yearly at once with a new anchor and credit for unused time', async () => {
    await subscribe('price_my_growth_monthly');
    await advance(ctx, staff, userId, (31 * DAY) / 2);
    const res = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_yearly'), type: 'upgrade' });
    expect(res.status).toBe(200);
    // Credit half of 199.00 = 99.50; yearly 12 × 199.00 less 20% = 1,910.40; net 1,810.90 + 8% (144.87).
    expect(res.body.invoice).toMatchObject({ subtotal: 181090, tax: 14487, total: 195577 });
    const sub = (await billing()).body.all[0];
    expect(sub).toMatchObject({ stripe_plan: 'price_my_growth_yearly', current_period_start: '2026-03-17T21:00:00.000Z', current_period_end: '2027-03-17T21:00:00.000Z' });
    // The invoice pays for the new yearly cycle; its first line is the credit for the old month.
    const invoice = await latestInvoice();
    expect({ start: invoice.period_start, end: invoice.period_end }).toEqual({ start: Date.parse(sub.current_period_start) / 1000, end: Date.parse(sub.current_period_end) / 1000 });
  });
});

describe.each(testDatabases)('add-on, credit and TWD (%s)', (kind) => {
  let ctx: TestContext;
  let staff: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    staff = await tokenFor(ctx, 'support@demo.test');
  });
  afterEach(async () => ctx.close());

  it('adds 2 stores with the credit balance applied, then raises to 5 mid-cycle prorated', async () => {
    const token = await tokenFor(ctx, 'merchant-my@demo.test');
    const my = ctx.demo.get('merchant-my@demo.test');
    const store = my?.storeIds[0] as number;
    const all = (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body;
    expect(all.creditBalance).toBe(2500);
    expect(all.all[0]).toMatchObject({ current_period_start: '2026-02-23T09:00:00.000Z', current_period_end: '2026-03-23T09:00:00.000Z' });
    // 21 of 28 days remain: 2 × 30.00 × 0.75 = 45.00; SST 3.60; credit 25.00 applied → 23.60.
    const quote = await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(bearer(token)).query({ addon_store_quantity: 2, store_id: store });
    expect(quote.body.data).toMatchObject({ quantity: 2, unit_price: 3000, tax_percentage: 8, sub_total_amount: 4500, tax_amount: 360, applied_balance: 2500, grand_total_amount: 2360, lock_channel_count: 0, isInvalidCoupon: false, billing_cycle_end_date: '2026-03-23T09:00:00.000Z' });
    const sub2 = await request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(token)).send({ store_id: store, addon_store_quantity: 2 });
    expect(sub2.status).toBe(200);
    expect(sub2.body.message).toBe('Add-on subscription is successful');
    expect(sub2.body.invoice).toMatchObject({ total: 4860, applied_balance: 2500, amount_paid: 2360 });

    await advance(ctx, staff, my?.userId as number, 7 * DAY);
    // 14 of 28 days remain: 3 more stores × 30.00 × 0.5 = 45.00; SST 3.60; no credit left.
    const quote5 = await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(bearer(token)).query({ addon_store_quantity: 5, store_id: store, coupon: 'BOGUS' });
    expect(quote5.body.data).toMatchObject({ sub_total_amount: 4500, tax_amount: 360, applied_balance: 0, grand_total_amount: 4860, lock_channel_count: 2, isInvalidCoupon: true });
    const sub5 = await request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(token)).send({ store_id: store, addon_store_quantity: 5 });
    expect(sub5.body.invoice).toMatchObject({ total: 4860, amount_paid: 4860 });
    const addOn = (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body.all.find((s: { name: string }) => s.name === 'multistore');
    expect(addOn).toMatchObject({ quantity: 5, lock_channel_count: 5, current_period_end: '2026-03-23T09:00:00.000Z' });

    await advance(ctx, staff, my?.userId as number, 14 * DAY + 60);
    const history = await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(token)).send({ date_start: 0, date_end: 4_000_000_000 });
    const totals = history.body.data.slice(0, 2).map((i: { total: number }) => i.total).sort();
    // Renewal: plan 199.00 + 8% = 214.92; add-on 5 × 30.00 + 8% = 162.00.
    expect(totals).toEqual([16200, 21492]);
  });

  it('keeps every TWD amount in whole dollars, upgrades included', async () => {
    const token = await tokenFor(ctx, 'merchant-tw@demo.test');
    const history = await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(token)).send({ date_start: 0, date_end: 4_000_000_000 });
    // 12 × NT$2,590 less 20% = NT$24,864; 5% tax NT$1,243.20 stated as NT$1,243; total NT$26,107.
    expect(history.body.data[0]).toMatchObject({ currency: 'TWD', subtotal: 2486400, tax: 124300, rounding_amount: 0, total: 2610700 });
    const pro = Number((await ctx.db('packages').where({ stripe_id: 'price_tw_pro_yearly' }).first('id')).id);
    const up = await request(ctx.app).post('/api/users/billing/downgrade-or-upgrade').set(bearer(token)).send({ package_id: pro, type: 'upgrade' });
    expect(up.status).toBe(200);
    expect(up.body.invoice.lines.data.map((l: { amount: number }) => l.amount)).toEqual([-2213900, 4436400]);
    expect(up.body.invoice).toMatchObject({ subtotal: 2222500, tax: 111100, rounding_amount: 0, total: 2333600 });
    for (const field of ['subtotal', 'tax', 'total', 'amount_paid']) expect(up.body.invoice[field] % 100).toBe(0);
  });
});
