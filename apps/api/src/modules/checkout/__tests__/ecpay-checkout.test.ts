import { createI18n } from '@merchant-hub/i18n';
import { createServer, type RequestListener, type Server } from 'node:http';
import request from 'supertest';
import { checkMacValue } from '../../../gateways/ecpay/check-mac-value';
import { ECPAY_STAGE_CREDENTIALS } from '../../../gateways/ecpay/ecpay.gateway';
import { CSRF, createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';

const keys = { hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv };

const twStarterMonthly = async (ctx: TestContext): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: 'price_tw_starter_monthly' }).first('id')).id);

const taiwanId = async (ctx: TestContext): Promise<number> => Number((await ctx.db('countries').where({ iso_code: 'TW' }).first('id')).id);

const orderBody = async (ctx: TestContext, overrides: Record<string, unknown> = {}) => {
  const country = await taiwanId(ctx);
  const state = await ctx.db('states').where({ country_id: country }).first('id');
  return {
    package_id: await twStarterMonthly(ctx),
    company_name: '好好商行',
    company_reg_no: '12345678',
    first_name: '小明',
    last_name: '王',
    email: 'buyer-tw@shop.test',
    phone: '+886 912 345 678',
    address1: '信義路五段7號',
    postal_code: '110',
    country,
    state_or_region: state ? Number(state.id) : undefined,
    line_id: 'xiaoming',
    ...overrides,
  };
};

/** What ECPay posts to ReturnURL for an order, signed with the shop's keys. */
const notificationFor = (fields: Record<string, string>, rtnCode = '1', tradeNo = '2603021700001234') => {
  const body: Record<string, string> = {
    MerchantID: fields.MerchantID as string,
    MerchantTradeNo: fields.MerchantTradeNo as string,
    StoreID: '',
    RtnCode: rtnCode,
    RtnMsg: rtnCode === '1' ? '交易成功' : '授權失敗',
    TradeNo: tradeNo,
    TradeAmt: fields.TotalAmount as string,
    PaymentDate: '2026/03/02 17:01:00',
    PaymentType: 'Credit_CreditCard',
    PaymentTypeChargeFee: '37',
    TradeDate: fields.MerchantTradeDate as string,
    SimulatePaid: '0',
    CustomField1: '',
    CustomField2: '',
    CustomField3: '',
    CustomField4: '',
  };
  return { ...body, CheckMacValue: checkMacValue(body, keys) };
};

const count = async (ctx: TestContext, table: string, where: Record<string, unknown> = {}): Promise<number> =>
  Number((await ctx.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

describe.each(testDatabases)('ECPay gateway checkout (%s)', (kind) => {
  let ctx: TestContext;
  let server: Server;
  /** Where this file's server listens: the same address for every test, so every test's database comes from one template. */
  let publicUrl: string;
  /** The app of the test running now, which the file's server hands each request to. */
  let current: RequestListener = (_req, res) => res.writeHead(503).end();

  // The sandbox cashier notifies ReturnURL over HTTP, exactly as ECPay does: the app must listen there. One
  // server for the file (a PUBLIC_URL per test would make a template database per test: ~1.2 s each on PostgreSQL).
  beforeAll(async () => {
    server = createServer((req, res) => current(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(async () => {
    ctx = await createTestContext(kind, { env: { PUBLIC_URL: publicUrl } });
    current = ctx.app as unknown as RequestListener;
  });

  afterEach(async () => {
    await ctx.close();
  });

  const createOrder = async (overrides: Record<string, unknown> = {}) => {
    // Opened on PUBLIC_URL's host: the browser's return addresses are built on the host it is on.
    const res = await request(ctx.app).post('/api/ecpay/create-order').set('Host', new URL(ctx.config.publicUrl).host).send(await orderBody(ctx, overrides));
    expect(res.status).toBe(201);
    return res.body.data as { action: string; fields: Record<string, string>; token: string; total_amount: number };
  };

  it('creates a pending order and a signed AIO form priced by the API in whole NT dollars', async () => {
    const order = await createOrder({ total_price: 1 });
    // NT$1,290 + 5% business tax = NT$1,354.50, rounded to NT$1,355.
    expect(order.total_amount).toBe(1355);
    expect(order.action).toBe(`${ctx.config.publicUrl}/api/sandbox/ecpay/cashier`);
    expect(order.fields.TotalAmount).toBe('1355');
    expect(order.fields.MerchantID).toBe('3002607');
    expect(order.fields.ReturnURL).toBe(`${ctx.config.publicUrl}/api/ecpay/notify`);
    expect(order.fields.OrderResultURL).toBe(`${ctx.config.publicUrl}/api/ecpay/order-result/${order.token}`);
    expect(order.fields.CheckMacValue).toBe(checkMacValue(order.fields, keys));
    const row = await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first();
    expect(row).toMatchObject({ status: 'pending', amount: 135500, currency: 'TWD', channel: 'ecpay' });
    // Only the hash of the result token is stored.
    expect(JSON.stringify(row)).not.toContain(order.token);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body).toEqual({ status: 'pending', loginInfo: null });
  });

  it('refuses a non-Taiwan plan, a taken e-mail, a 4-digit postal code and a missing state', async () => {
    const myPlan = Number((await ctx.db('packages').where({ stripe_id: 'price_my_starter_monthly' }).first('id')).id);
    expect((await request(ctx.app).post('/api/ecpay/create-order').send(await orderBody(ctx, { package_id: myPlan }))).body.error.code).toBe('package_unavailable');
    const taken = await request(ctx.app).post('/api/ecpay/create-order').send(await orderBody(ctx, { email: 'merchant-tw@demo.test' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.fields.email).toBe('errors:register.emailAlreadySignUp');
    const postal = await request(ctx.app).post('/api/ecpay/create-order').send(await orderBody(ctx, { postal_code: '1100' }));
    expect(postal.status).toBe(400);
    expect(postal.body.error.details.fields.postal_code).toBe('validation:gateway.postalCodeInvalid');
    const states = await count(ctx, 'states', { country_id: await taiwanId(ctx) });
    const noState = await request(ctx.app).post('/api/ecpay/create-order').send(await orderBody(ctx, { state_or_region: '' }));
    if (states > 0) expect(noState.body.error.details.fields.state_or_region).toBe('validation:gateway.stateRequired');
    else expect(noState.status).toBe(201);
    expect(await count(ctx, 'checkout_orders', { status: 'pending', package_id: myPlan })).toBe(0);
  });

  it('rejects a tampered notification and creates nothing', async () => {
    const order = await createOrder();
    const tampered = { ...notificationFor(order.fields), TradeAmt: '1' };
    const res = await request(ctx.app).post('/api/ecpay/notify').type('form').send(tampered);
    expect(res.status).toBe(400);
    expect(res.text).toBe('0|CheckMacValue Error');
    const wrongKey = notificationFor(order.fields);
    wrongKey.CheckMacValue = checkMacValue({ ...wrongKey, CheckMacValue: '' }, { hashKey: 'x'.repeat(16), hashIv: keys.hashIv });
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(wrongKey)).status).toBe(400);
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(0);
    expect((await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first()).status).toBe('pending');
  });

  it('on RtnCode 1 creates one merchant, store, active plan and paid invoice however often ECPay repeats it', async () => {
    const order = await createOrder();
    const notification = notificationFor(order.fields);
    for (let i = 0; i < 3; i += 1) {
      const res = await request(ctx.app).post('/api/ecpay/notify').type('form').send(notification);
      expect(res.status).toBe(200);
      expect(res.text).toBe('1|OK');
    }
    // Two copies at the same moment settle once too.
    const parallel = await Promise.all([1, 2].map(() => request(ctx.app).post('/api/ecpay/notify').type('form').send(notification)));
    expect(parallel.map((r) => r.text)).toEqual(['1|OK', '1|OK']);

    const user = await ctx.db('users').where({ email: 'buyer-tw@shop.test' }).first();
    expect(user).toBeDefined();
    expect(await count(ctx, 'merchants', { owner_user_id: user.id })).toBe(1);
    const merchant = await ctx.db('merchants').where({ owner_user_id: user.id }).first();
    expect(merchant.currency_code).toBe('TWD');
    expect(await count(ctx, 'stores', { merchant_id: merchant.id })).toBe(1);
    expect(await count(ctx, 'subscriptions', { merchant_id: merchant.id })).toBe(1);
    const sub = await ctx.db('subscriptions').where({ merchant_id: merchant.id }).first();
    expect(sub).toMatchObject({ name: 'default', stripe_status: 'active', stripe_plan: 'price_tw_starter_monthly' });
    const invoices = await ctx.db('invoices').where({ merchant_id: merchant.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', total: 135500, amount_paid: 135500, tax: 6500, rounding_amount: 0 });
    expect(await count(ctx, 'payments', { merchant_id: merchant.id, method_type: 'ecpay' })).toBe(1);
    // Welcomed once, in the Taiwan market's language (the new account's language).
    const welcome = (await mailbox(ctx, 'buyer-tw@shop.test')).filter((m) => m.subject === createI18n({ lng: 'zhtw' }).t('mail:checkoutWelcome.subject'));
    expect(welcome).toHaveLength(1);
    const row = await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first();
    expect(row).toMatchObject({ status: 'paid', notifications: 5, rtn_code: '1' });
  });

  it('a failed payment marks the order failed, creates no merchant and the result page reads failed', async () => {
    const order = await createOrder();
    const res = await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields, '10100248'));
    expect(res.text).toBe('1|OK');
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(0);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body).toEqual({ status: 'failed', loginInfo: null });
    // A later failed copy changes nothing.
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields, '10100248'))).text).toBe('1|OK');
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(0);
  });

  it('a paid notification after a failed one for the same order pays the order (the buyer tried again)', async () => {
    const order = await createOrder();
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields, '10100248', '2603021700000001'))).text).toBe('1|OK');
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body.status).toBe('failed');
    for (let i = 0; i < 2; i += 1) expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields, '1', '2603021700000002'))).text).toBe('1|OK');
    const user = await ctx.db('users').where({ email: 'buyer-tw@shop.test' }).first();
    expect(user).toBeDefined();
    const merchant = await ctx.db('merchants').where({ owner_user_id: user.id }).first();
    expect(await count(ctx, 'payments', { merchant_id: merchant.id, method_type: 'ecpay', id: 'ecpay_2603021700000002' })).toBe(1);
    const row = await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first();
    expect(row).toMatchObject({ status: 'paid', payment_ref: '2603021700000002' });
    expect(Boolean(row.simulated)).toBe(false);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body.status).toBe('success');
    // A failed copy arriving last leaves it paid.
    await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields, '10100248', '2603021700000001'));
    expect((await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first()).status).toBe('paid');
  });

  it('refuses a simulated payment (SimulatePaid=1) outside ECPAY_MODE=stage: nothing provisioned, recorded for staff', async () => {
    const order = await createOrder();
    const simulated = { ...notificationFor(order.fields), SimulatePaid: '1', CheckMacValue: '' };
    simulated.CheckMacValue = checkMacValue(simulated, keys);
    for (let i = 0; i < 2; i += 1) expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(simulated)).text).toBe('1|OK');
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(0);
    expect((await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first()).status).toBe('pending');
    const notices = await ctx.db('gateway_notices').where({ gateway: 'ecpay', reference: order.fields.MerchantTradeNo });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'notification_refused', reason: 'simulated_payment', repeats: 2 });
    expect(JSON.parse(notices[0].details)).toMatchObject({ SimulatePaid: '1', ecpay_mode: 'sandbox' });
    expect(notices[0].details).not.toContain('CheckMacValue');
  });

  it('refuses an amount mismatch and records it; every refused notification is recorded once, repeats counted', async () => {
    const order = await createOrder();
    const wrong = { ...notificationFor(order.fields), TradeAmt: '1', CheckMacValue: '' };
    wrong.CheckMacValue = checkMacValue(wrong, keys);
    for (let i = 0; i < 2; i += 1) {
      const res = await request(ctx.app).post('/api/ecpay/notify').type('form').send(wrong);
      expect(res.status).toBe(400);
      expect(res.text).toBe('0|Amount Mismatch');
    }
    expect((await ctx.db('checkout_orders').where({ trade_no: order.fields.MerchantTradeNo }).first()).status).toBe('pending');
    const unknown = notificationFor({ ...order.fields, MerchantTradeNo: 'MHNOSUCHORDER' });
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(unknown)).text).toBe('0|Order Not Found');
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send({ ...notificationFor(order.fields), TradeAmt: '2' })).text).toBe('0|CheckMacValue Error');
    const rows = await ctx.db('gateway_notices').where({ gateway: 'ecpay', kind: 'notification_refused' }).orderBy('id');
    expect(rows.map((r) => [r.reason, r.reference, Number(r.repeats)])).toEqual([
      ['amount_mismatch', order.fields.MerchantTradeNo, 2],
      ['order_not_found', 'MHNOSUCHORDER', 1],
      ['check_mac_invalid', order.fields.MerchantTradeNo, 1],
    ]);
    expect(rows[0]).toMatchObject({ currency: 'TWD' });
    expect(Number(rows[0].amount)).toBe(135500);
    expect(JSON.parse(rows[0].details)).toMatchObject({ TradeAmt: '1', order_amount: 1355 });
  });

  it('the sandbox cashier checks the form, notifies ReturnURL with a valid mac and sends the browser to the result page', async () => {
    const order = await createOrder();
    const tampered = await request(ctx.app).post('/api/sandbox/ecpay/cashier').type('form').send({ ...order.fields, TotalAmount: '1' });
    expect(tampered.status).toBe(400);
    const page = await request(ctx.app).post('/api/sandbox/ecpay/cashier').type('form').send(order.fields);
    expect(page.status).toBe(200);
    expect(page.text).toContain('NT$1,355');
    const paid = await request(ctx.app).post('/api/sandbox/ecpay/cashier/complete').type('form').send({ ...order.fields, outcome: 'paid' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(order.fields.OrderResultURL);
    const back = await request(ctx.app).get(new URL(paid.headers.location as string).pathname);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/subscribe-payment-result/${order.token}`);
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(1);
  });

  it('signs the buyer in once with a short-lived ticket, never a password, then answers expired', async () => {
    const order = await createOrder();
    await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields));
    const status = await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token });
    expect(status.body.status).toBe('success');
    expect(status.body.loginInfo.email).toBe('buyer-tw@shop.test');
    expect(Object.keys(status.body.loginInfo).sort()).toEqual(['email', 'ticket']);
    const { ticket } = status.body.loginInfo as { ticket: string };
    // A second status read replaces the ticket: only the latest one works.
    const again = await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token });
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket })).status).toBe(401);
    const signIn = await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket: again.body.loginInfo.ticket });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe('buyer-tw@shop.test');
    expect(signIn.headers['set-cookie']?.[0]).toMatch(/^mh_session=.+HttpOnly/);
    const billing = await request(ctx.app).get('/api/users/billing/all').set({ Authorization: `Bearer ${signIn.body.access_token}` });
    expect(billing.status).toBe(200);
    expect(billing.body.all[0]).toMatchObject({ name: 'default', stripe_status: 'active' });
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket: again.body.loginInfo.ticket })).status).toBe(401);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body).toEqual({ status: 'expired', loginInfo: null });
    const stored = JSON.stringify(await ctx.db('checkout_orders').select());
    expect(stored).not.toContain(again.body.loginInfo.ticket);
  });

  it('a ticket expires after five minutes and the sign-in window after thirty', async () => {
    const order = await createOrder();
    await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(order.fields));
    const { ticket } = (await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body.loginInfo;
    ctx.clock.advance(5 * 60 + 1);
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').send({ ticket })).status).toBe(401);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body.status).toBe('success');
    ctx.clock.advance(30 * 60);
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: order.token })).body.status).toBe('expired');
  });

  it('a payment for an e-mail registered meanwhile settles as paid_conflict: 1|OK, audit entry, support alert, clear result', async () => {
    // Two orders for the same e-mail are both accepted (it was free then); the first payment takes it.
    const first = await createOrder();
    const second = await createOrder();
    await request(ctx.app).post('/api/ecpay/notify').type('form').send(notificationFor(first.fields, '1', '2603021700000001'));
    const late = notificationFor(second.fields, '1', '2603021700000002');
    for (let i = 0; i < 2; i += 1) {
      const res = await request(ctx.app).post('/api/ecpay/notify').type('form').send(late);
      expect(res.status).toBe(200);
      expect(res.text).toBe('1|OK');
    }
    const row = await ctx.db('checkout_orders').where({ trade_no: second.fields.MerchantTradeNo }).first();
    expect(row).toMatchObject({ status: 'paid_conflict', rtn_code: '1', payment_ref: '2603021700000002', user_id: null, merchant_id: null, notifications: 2 });
    const holder = await ctx.db('users').where({ email: 'buyer-tw@shop.test' }).first();
    expect(await count(ctx, 'merchants', { owner_user_id: holder.id })).toBe(1);
    expect(await count(ctx, 'users', { email: 'buyer-tw@shop.test' })).toBe(1);
    expect(await count(ctx, 'payments', { method_type: 'ecpay' })).toBe(1);
    const audit = await ctx.db('audit_log').where({ action: 'checkout.paid_conflict' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_user_id).toBe(holder.id);
    expect(JSON.parse(audit[0].details)).toEqual({
      trade_no: second.fields.MerchantTradeNo,
      gateway_trade_no: '2603021700000002',
      email: 'buyer-tw@shop.test',
      amount: 135500,
      currency: 'TWD',
      package_id: await twStarterMonthly(ctx),
    });
    const alerts = await mailbox(ctx, 'support@merchant-hub.local');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe(`Paid checkout order ${second.fields.MerchantTradeNo} needs attention`);
    expect(alerts[0]?.text).toContain('TWD 1355.00');
    expect(alerts[0]?.text).toContain('buyer-tw@shop.test was registered after the order was placed');
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: second.token })).body).toEqual({ status: 'paid_conflict', loginInfo: null, order_no: second.fields.MerchantTradeNo });
    // The first buyer's order is untouched.
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: first.token })).body.status).toBe('success');
  });

  it('answers invalid_token for a missing or unknown token', async () => {
    expect((await request(ctx.app).get('/api/ecpay/payment-status')).body).toEqual({ status: 'invalid_token', loginInfo: null });
    expect((await request(ctx.app).get('/api/ecpay/payment-status').query({ token: 'nope' })).body.status).toBe('invalid_token');
    expect((await request(ctx.app).post('/api/checkout/ticket-sign-in').set(CSRF).send({ ticket: 'nope' })).status).toBe(401);
  });
});

describe.each(testDatabases)('ECPay simulated payments on the stage shop (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { env: { ECPAY_MODE: 'stage' } });
  });
  afterEach(async () => ctx.close());

  it('accepts SimulatePaid=1 only with ECPAY_MODE=stage, and marks the order, the payment and a staff notice as simulated', async () => {
    const created = await request(ctx.app).post('/api/ecpay/create-order').send(await orderBody(ctx));
    expect(created.status).toBe(201);
    const fields = created.body.data.fields as Record<string, string>;
    const simulated = { ...notificationFor(fields), SimulatePaid: '1', CheckMacValue: '' };
    simulated.CheckMacValue = checkMacValue(simulated, keys);
    expect((await request(ctx.app).post('/api/ecpay/notify').type('form').send(simulated)).text).toBe('1|OK');
    const order = await ctx.db('checkout_orders').where({ trade_no: fields.MerchantTradeNo }).first();
    expect(order.status).toBe('paid');
    expect(Boolean(order.simulated)).toBe(true);
    expect(await count(ctx, 'payments', { merchant_id: order.merchant_id, id: 'ecpay_simulated_2603021700001234' })).toBe(1);
    expect(await ctx.db('gateway_notices').where({ kind: 'simulated_payment', reference: fields.MerchantTradeNo }).first()).toMatchObject({ merchant_id: order.merchant_id });
  });
});
