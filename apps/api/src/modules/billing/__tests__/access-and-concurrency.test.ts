import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, chargeCount, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';

const BILLING_TABLES = ['subscriptions', 'invoices', 'invoice_lines', 'payments', 'balance_transactions', 'payment_methods', 'billing_accounts', 'coupon_redemptions'];
const snapshot = async (ctx: TestContext): Promise<string> => JSON.stringify(await Promise.all(BILLING_TABLES.map((t) => ctx.db(t).orderBy(t === 'billing_accounts' ? 'merchant_id' : t === 'invoices' || t === 'balance_transactions' ? 'seq' : 'id').select())));

describe.each(testDatabases)('billing authorization, concurrency and input (%s)', (kind) => {
  let ctx: TestContext;
  let my: string;
  let sgUser: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    my = await tokenFor(ctx, MY);
    sgUser = ctx.demo.get(SG)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const calls = (userId: number, storeId: number, pkg: number): [string, string, Record<string, unknown>][] => [
    ['get', '/api/users/billing/all', { user_id: userId }],
    ['get', '/api/users/billing/credit-balance', { user_id: userId }],
    ['get', '/api/users/billing/plan-change-preview', { user_id: userId, package_id: pkg }],
    ['post', '/api/users/billing/downgrade-or-upgrade', { user_id: userId, package_id: pkg, type: 'upgrade' }],
    ['post', '/api/users/billing/cancel-trialing-package', { user_id: userId, price_id: 'price_sg_starter_monthly' }],
    ['post', '/api/users/billing/unsubscribe', { user_id: userId }],
    ['post', '/api/users/billing/resume', { user_id: userId }],
    ['post', '/api/users/billing/retry-payment', { user_id: userId, type: 'default' }],
    ['post', '/api/users/billing/add-coupon', { user_id: userId, coupon: 'WELCOME20' }],
    ['post', '/api/users/billing/set-as-primary-card', { user_id: userId, id: 'pm_x' }],
    ['post', '/api/users/billing/delete-card', { user_id: userId, payment_method: 'pm_x' }],
    ['post', '/api/users/billing/create-intent', { user_id: userId }],
    ['post', '/api/users/billing/add-card', { user_id: userId, payment_method: 'pm_x' }],
    ['post', '/api/users/billing/billing-history', { user_id: userId, date_start: 0, date_end: 4_000_000_000 }],
    ['post', '/api/users/billing/late-subscribe/create-intent', { user_id: userId }],
    ['post', '/api/users/billing/late-subscribe', { user_id: userId, paymentMethod: 'pm_x', package_id: pkg }],
    ['post', '/api/users/billing/late-subscribe/fpx/create-intent', { user_id: userId, package_id: pkg }],
    ['post', '/api/users/billing/late-subscribe/fpx', { user_id: userId, payment_intent_id: 'pi_x' }],
    ['get', '/api/users/usage-addon/get-add-on-package', { user_id: userId, store_id: storeId }],
    ['get', '/api/users/usage-addon/get-amount-to-pay', { user_id: userId, store_id: storeId, addon_store_quantity: 2 }],
    ['post', '/api/users/usage-addon/subscribe', { user_id: userId, store_id: storeId, addon_store_quantity: 2 }],
  ];

  it('lets merchant A reach nothing of merchant B through any billing call', async () => {
    const before = await snapshot(ctx);
    const sgStore = ctx.demo.get(SG)?.storeIds[0] as number;
    const pkg = await packageId(ctx, 'price_sg_pro_monthly');
    for (const [method, path, input] of calls(sgUser, sgStore, pkg)) {
      const res = method === 'get' ? await request(ctx.app).get(path).set(bearer(my)).query(input) : await request(ctx.app).post(path).set(bearer(my)).send(input);
      expect([path, res.status]).toEqual([path, 403]);
    }
    const patch = await request(ctx.app).patch(`/api/users/billing/${ctx.demo.get(SG)?.merchantId}`).set(bearer(my)).send({ name: 'x', email: 'x@y.zz', address1: 'a', city: 'c', postal_code: '12345', country: 'Malaysia', state_or_region: 's' });
    expect(patch.status).toBe(403);
    // My own store id on someone else's add-on call, and someone else's store on mine, are refused too.
    expect((await request(ctx.app).get('/api/users/usage-addon/get-add-on-package').set(bearer(my)).query({ store_id: sgStore })).status).toBe(403);
    const sgInvoice = await ctx.db('invoices').where({ merchant_id: ctx.demo.get(SG)?.merchantId }).first('id');
    expect((await request(ctx.app).get(`/api/invoices/${sgInvoice.id}`).set(bearer(my))).status).toBe(404);
    expect((await request(ctx.app).get(`/api/invoices/${sgInvoice.id}.pdf`).set(bearer(my))).status).toBe(404);
    expect((await request(ctx.app).get('/api/merchants').set(bearer(my))).status).toBe(403);
    expect((await request(ctx.app).post('/api/sandbox/clock/advance').set(bearer(my)).send({ user_id: sgUser, seconds: 60 })).status).toBe(403);
    expect(await snapshot(ctx)).toBe(before);
  });

  it('lets staff act for a merchant, see its invoices and PDFs, and audits every action', async () => {
    const staff = await tokenFor(ctx, 'admin@demo.test');
    const all = await request(ctx.app).get('/api/users/billing/all').set(bearer(staff)).query({ user_id: sgUser });
    expect(all.status).toBe(200);
    expect(all.body.all[0].stripe_status).toBe('past_due');
    expect(all.body.selectedPackage.some((p: { data: { hide: boolean } }) => p.data.hide)).toBe(true);
    const missingUser = await request(ctx.app).get('/api/users/billing/all').set(bearer(staff));
    expect(missingUser.status).toBe(400);
    expect(missingUser.body.error.details.fields.user_id).toBe('validation:common.idInvalid');
    const invoice = await ctx.db('invoices').where({ merchant_id: ctx.demo.get(SG)?.merchantId }).orderBy('seq').first('id', 'number');
    const pdf = await request(ctx.app).get(`/api/invoices/${invoice.id}.pdf`).set(bearer(staff));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const html = await request(ctx.app).get(`/api/invoices/${invoice.id}`).set(bearer(staff));
    expect(html.text).toContain(invoice.number);
    const merchants = await request(ctx.app).get('/api/merchants').set(bearer(staff)).query({ search: 'lion' });
    expect(merchants.body.data).toEqual([expect.objectContaining({ inventory_stores: expect.objectContaining({ name: 'Lion City Goods' }), users: { auth_server_user_id: sgUser } })]);
    const audit = await request(ctx.app).get('/api/staff/audit-log').set(bearer(staff)).query({ user_id: sgUser });
    expect(audit.body.data.map((a: { action: string }) => a.action)).toEqual(['billing.invoice_view', 'billing.invoice_pdf', 'billing.view']);
    expect(audit.body.data[0].actor.email).toBe('admin@demo.test');
  });

  it('charges once for 20 identical concurrent late subscriptions', async () => {
    const token = await tokenFor(ctx, 'new-merchant@demo.test');
    const merchantId = ctx.demo.get('new-merchant@demo.test')?.merchantId as number;
    const card = await newCard(ctx, '4242424242424242');
    const pkg = await packageId(ctx, 'price_my_growth_monthly');
    const results = await Promise.all(Array.from({ length: 20 }, () => request(ctx.app).post('/api/users/billing/late-subscribe').set(bearer(token)).send({ paymentMethod: card, package_id: pkg })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'already_subscribed')).toBe(true);
    expect(await chargeCount(ctx, merchantId)).toBe(1);
  });

  it('charges once for 20 identical concurrent upgrades', async () => {
    const merchantId = ctx.demo.get(MY)?.merchantId as number;
    const before = await chargeCount(ctx, merchantId);
    const pkg = await packageId(ctx, 'price_my_pro_monthly');
    const results = await Promise.all(Array.from({ length: 20 }, () => request(ctx.app).post('/api/users/billing/downgrade-or-upgrade').set(bearer(my)).send({ package_id: pkg, type: 'upgrade' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.message === 'Pro is already your plan')).toBe(true);
    expect(await chargeCount(ctx, merchantId)).toBe(before + 1);
  });

  it('charges once for 20 identical concurrent payment retries', async () => {
    const token = await tokenFor(ctx, SG);
    const merchantId = ctx.demo.get(SG)?.merchantId as number;
    const card = await newCard(ctx, '4242424242424242');
    await request(ctx.app).post('/api/users/billing/add-card').set(bearer(token)).send({ payment_method: card });
    await request(ctx.app).post('/api/users/billing/set-as-primary-card').set(bearer(token)).send({ id: card });
    const before = await chargeCount(ctx, merchantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => request(ctx.app).post('/api/users/billing/retry-payment').set(bearer(token)).send({ type: 'default' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await chargeCount(ctx, merchantId)).toBe(before + 1);
  });

  it('answers bad input on every call with 400 and field errors, changing nothing', async () => {
    const before = await snapshot(ctx);
    const bad: [string, string, Record<string, unknown>, string][] = [
      ['get', '/api/users/billing/all', { user_id: 'abc' }, 'user_id'],
      ['get', '/api/users/billing/credit-balance', { ending_before: 'a', starting_after: 'b' }, 'starting_after'],
      ['post', '/api/users/billing/downgrade-or-upgrade', { package_id: 'x', type: 'sideways' }, 'package_id'],
      ['post', '/api/users/billing/cancel-trialing-package', { price_id: '  ' }, 'price_id'],
      ['post', '/api/users/billing/unsubscribe', { user_id: -1 }, 'user_id'],
      ['post', '/api/users/billing/resume', { user_id: 0 }, 'user_id'],
      ['post', '/api/users/billing/retry-payment', { type: 'other' }, 'type'],
      ['post', '/api/users/billing/add-coupon', { coupon: '   ' }, 'coupon'],
      ['post', '/api/users/billing/set-as-primary-card', {}, 'id'],
      ['post', '/api/users/billing/delete-card', {}, 'payment_method'],
      ['post', '/api/users/billing/create-intent', { user_id: 'me' }, 'user_id'],
      ['post', '/api/users/billing/add-card', { payment_method: '' }, 'payment_method'],
      ['post', '/api/users/billing/billing-history', { date_start: 10 }, 'date_end'],
      ['post', '/api/users/billing/late-subscribe', { package_id: 1 }, 'paymentMethod'],
      ['post', '/api/users/billing/late-subscribe/fpx/create-intent', { package_id: 0 }, 'package_id'],
      ['post', '/api/users/billing/late-subscribe/fpx', {}, 'payment_intent_id'],
      ['get', '/api/users/usage-addon/get-add-on-package', {}, 'store_id'],
      ['get', '/api/users/usage-addon/get-amount-to-pay', { store_id: 1, addon_store_quantity: 0 }, 'addon_store_quantity'],
      ['post', '/api/users/usage-addon/subscribe', { store_id: 1 }, 'addon_store_quantity'],
      // The sandbox's stand-in for Stripe.js exists with the sandbox gateway only.
      ...(ctx.stripe ? [] : ([['post', '/api/sandbox/payment-methods', { number: '4242', exp_month: 13, exp_year: 2030, cvc: '1' }, 'exp_month']] as [string, string, Record<string, unknown>, string][])),
    ];
    for (const [method, path, input, field] of bad) {
      const res = method === 'get' ? await request(ctx.app).get(path).set(bearer(my)).query(input) : await request(ctx.app).post(path).set(bearer(my)).send(input);
      expect([path, res.status]).toEqual([path, 400]);
      expect([path, Object.keys(res.body.error.details.fields)]).toEqual([path, expect.arrayContaining([field])]);
    }
    const patch = await request(ctx.app).patch(`/api/users/billing/${ctx.demo.get(MY)?.merchantId}`).set(bearer(my)).send({ name: '', email: 'nope', postal_code: '123' });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details.fields).toMatchObject({ name: 'validation:billing.nameRequired', email: 'validation:billing.emailInvalid', postal_code: 'validation:billing.postalCodeInvalid' });
    expect(await snapshot(ctx)).toBe(before);
  });
});
