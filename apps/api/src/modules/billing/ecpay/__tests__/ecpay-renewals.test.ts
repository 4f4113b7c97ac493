import request from 'supertest';
import { checkMacValue } from '../../../../gateways/ecpay/check-mac-value';
import { ECPAY_STAGE_CREDENTIALS } from '../../../../gateways/ecpay/ecpay.gateway';
import { hashPassword } from '../../../../security/crypto';
import { advance, bearer, tokenFor } from '../../../../test-support/billing-helpers';
import { createListeningContext, taiwanCheckoutForm } from '../../../../test-support/checkout-helpers';
import { createFakeEcpay, type FakeEcpay, fakeCheckMacValue } from '../../../../test-support/fake-ecpay';
import { createTestContext, mailbox, signIn, testDatabases, type TestContext } from '../../../../test-support/test-app';
import { useEcpayTransport } from '../ecpay-transport';

const shop = { merchantId: ECPAY_STAGE_CREDENTIALS.merchantId, hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv };
const DAY = 86_400;

const count = async (ctx: TestContext, table: string, where: Record<string, unknown> = {}): Promise<number> => Number((await ctx.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

/** ECPay's server posts form-encoded to the product's URL and reads the body as text. */
const deliver = (ctx: TestContext, message: { url: string; body: Record<string, string> }) => request(ctx.app).post(new URL(message.url).pathname).type('form').send(message.body);

describe('ECPay CheckMacValue (the simulator’s own, against ECPay’s published vectors)', () => {
  it('matches both published vectors and the product’s CheckMacValue of a periodic order', () => {
    const first = { ChoosePayment: 'ALL', EncryptType: '1', ItemName: 'Apple iphone 15', MerchantID: '3002607', MerchantTradeDate: '2023/03/12 15:30:23', MerchantTradeNo: 'ecpay20230312153023', PaymentType: 'aio', ReturnURL: 'https://www.ecpay.com.tw/receive.php', TotalAmount: '30000', TradeDesc: '促銷方案' };
    expect(fakeCheckMacValue(first, shop)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
    const second = { MerchantID: '2000132', MerchantTradeNo: 'Test201102145704', MerchantTradeDate: '2020/10/20 14:57:04', PaymentType: 'aio', TotalAmount: '100', TradeDesc: '檢查碼建立測試', ItemName: '測試商品 100 TWD x 1', ReturnURL: 'https://www.ecpay.com.tw/receive.php', ChoosePayment: 'ALL', EncryptType: '1' };
    expect(fakeCheckMacValue(second, { hashKey: '5294y06JbISpM5x9', hashIv: 'v77hoKGq4kWxNNIS' })).toBe('5DC5C11B7E9D42A5D750511E6BE08CDE759104F7EAB6CDD761AE120A5A8ABB34');
    const periodic = { ...first, ChoosePayment: 'Credit', PeriodAmount: '30000', PeriodType: 'M', Frequency: '1', ExecTimes: '999', PeriodReturnURL: 'https://shop.example/api/ecpay/period-notify' };
    expect(checkMacValue(periodic, shop)).toBe(fakeCheckMacValue(periodic, shop));
  });
});

describe.each(testDatabases)('Taiwan renewals through ECPay (%s)', (kind) => {
  let ctx: TestContext;
  let ecpay: FakeEcpay;
  let support: string;

  beforeEach(async () => {
    ctx = await createTestContext(kind, { env: { ECPAY_MODE: 'stage' } });
    ecpay = createFakeEcpay(shop);
    useEcpayTransport(ctx.config, ecpay.transport);
    support = await tokenFor(ctx, 'support@demo.test');
  });

  afterEach(async () => {
    await ctx.close();
  });

  /** A Taiwanese buyer checks out through ECPay and pays; returns the new merchant with a password to sign in with. */
  const checkout = async (email: string, overrides: Record<string, unknown> = {}) => {
    const res = await request(ctx.app).post('/api/ecpay/create-order').send(await taiwanCheckoutForm(ctx, email, overrides));
    expect(res.status).toBe(201);
    const fields = res.body.data.fields as Record<string, string>;
    expect(ecpay.problemsOf(fields)).toEqual([]);
    const paid = await deliver(ctx, ecpay.pay(fields));
    expect(paid.text).toBe('1|OK');
    const user = await ctx.db('users').where({ email }).first('id');
    const merchantId = Number((await ctx.db('merchants').where({ owner_user_id: user.id }).first('id')).id);
    await ctx.db('users').where({ id: user.id }).update({ password_hash: await hashPassword('Merchant2026', ctx.config.scryptCost) });
    return { fields, userId: Number(user.id), merchantId };
  };

  const planOf = async (merchantId: number) => ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).orderBy('id', 'desc').first();
  const openInvoices = async (merchantId: number) => ctx.db('invoices').where({ merchant_id: merchantId, status: 'open' });

  it('makes the first ECPay payment a monthly agreement and records its next charge (PeriodReturnURL) on the renewal invoice once', async () => {
    const { fields, userId, merchantId } = await checkout('renew-tw@shop.test');
    // NT$1,290 + 5% = NT$1,355 a month, charged by ECPay on the agreement's schedule.
    expect(fields).toMatchObject({ ChoosePayment: 'Credit', TotalAmount: '1355', PeriodAmount: '1355', PeriodType: 'M', Frequency: '1', ExecTimes: '999', PeriodReturnURL: `${ctx.config.publicUrl}/api/ecpay/period-notify` });
    const agreement = await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first();
    expect(agreement).toMatchObject({ status: 'active', merchant_id: merchantId, amount: 135500 });

    // A month later the renewal invoice waits for ECPay's charge: the plan stays active, no "payment failed" mail.
    await advance(ctx, support, userId, 31 * DAY);
    expect((await planOf(merchantId)).stripe_status).toBe('active');
    const [renewal] = await openInvoices(merchantId);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_due: 135500 });
    expect((await mailbox(ctx, 'renew-tw@shop.test')).some((m) => m.link?.includes('pay=ecpay'))).toBe(false);

    const charge = ecpay.charge(fields.MerchantTradeNo) as { url: string; body: Record<string, string> };
    expect(new URL(charge.url).pathname).toBe('/api/ecpay/period-notify');
    expect((await deliver(ctx, charge)).text).toBe('1|OK');
    expect((await ctx.db('invoices').where({ id: renewal.id }).first()).status).toBe('paid');
    const payments = await count(ctx, 'payments', { merchant_id: merchantId, method_type: 'ecpay' });
    expect(payments).toBe(2);

    // ECPay delivers again: answered 1|OK, nothing changes.
    expect((await deliver(ctx, charge)).text).toBe('1|OK');
    expect(await count(ctx, 'payments', { merchant_id: merchantId, method_type: 'ecpay' })).toBe(payments);
    expect(await count(ctx, 'ecpay_period_charges', { agreement_id: agreement.id })).toBe(2);

    // A forged one is refused and records nothing.
    const forgedBody = { ...charge.body, TotalSuccessTimes: '9', CheckMacValue: checkMacValue({ ...charge.body, TotalSuccessTimes: '9' }, { hashKey: 'wrong', hashIv: 'keys' }) };
    const forged = await deliver(ctx, { url: charge.url, body: forgedBody });
    expect(forged.status).toBe(400);
    expect(forged.text).toBe('0|CheckMacValue Error');
    expect(await count(ctx, 'ecpay_period_charges', { agreement_id: agreement.id })).toBe(2);
    // … and shown to staff as a refused notification (once, however often it is repeated).
    expect((await deliver(ctx, { url: charge.url, body: forgedBody })).status).toBe(400);
    const notice = await ctx.db('gateway_notices').where({ kind: 'notification_refused', reason: 'check_mac_invalid', reference: fields.MerchantTradeNo });
    expect(notice).toHaveLength(1);
    expect(Number(notice[0].repeats)).toBe(2);
  });

  it('applies a charge that arrives before the renewal invoice to that invoice when it is made', async () => {
    const { fields, userId, merchantId } = await checkout('early-tw@shop.test');
    expect((await deliver(ctx, ecpay.charge(fields.MerchantTradeNo) as { url: string; body: Record<string, string> })).text).toBe('1|OK');
    expect(await count(ctx, 'invoices', { merchant_id: merchantId, status: 'open' })).toBe(0);
    await advance(ctx, support, userId, 31 * DAY);
    expect(await openInvoices(merchantId)).toHaveLength(0);
    expect((await planOf(merchantId)).stripe_status).toBe('active');
    expect(await count(ctx, 'invoices', { merchant_id: merchantId, status: 'paid' })).toBe(2);
  });

  it('goes past due when no charge came within the grace, tells the merchant with an ECPay link, and the invoice is paid through ECPay once', async () => {
    const { userId, merchantId } = await checkout('late-tw@shop.test');
    await advance(ctx, support, userId, 31 * DAY);
    expect((await planOf(merchantId)).stripe_status).toBe('active');
    await advance(ctx, support, userId, 2 * DAY);
    expect((await planOf(merchantId)).stripe_status).toBe('past_due');
    const [invoice] = await openInvoices(merchantId);
    const failed = (await mailbox(ctx, 'late-tw@shop.test')).find((m) => m.link?.includes('pay=ecpay'));
    expect(failed?.link).toBe(`${ctx.config.publicUrl}/home/dashboard?pay=ecpay&invoice=${invoice.id}`);

    const { token } = await signIn(ctx, 'late-tw@shop.test');
    const res = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({ invoice_id: invoice.id, return_url: '/home/dashboard' });
    expect(res.status).toBe(200);
    const form = res.body.data as { fields: Record<string, string>; periodic: boolean };
    expect(ecpay.problemsOf(form.fields)).toEqual([]);
    expect(form.fields).toMatchObject({ TotalAmount: '1355', ReturnURL: `${ctx.config.publicUrl}/api/ecpay/invoice-notify` });
    // The plan's agreement still stands (ECPay may yet charge it): this payment is one-off.
    expect(form.periodic).toBe(false);
    const notification = ecpay.pay(form.fields);
    expect((await deliver(ctx, notification)).text).toBe('1|OK');
    expect((await ctx.db('invoices').where({ id: invoice.id }).first()).status).toBe('paid');
    expect((await planOf(merchantId)).stripe_status).toBe('active');
    const payments = await count(ctx, 'payments', { invoice_id: invoice.id });
    expect(payments).toBe(1);
    expect((await deliver(ctx, notification)).text).toBe('1|OK');
    expect(await count(ctx, 'payments', { invoice_id: invoice.id })).toBe(1);

    // Paid: a second order for it is refused.
    const again = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({ invoice_id: invoice.id });
    expect(again.status).toBe(409);
  });

  it('refunds through DoAction an ECPay payment of an invoice paid meanwhile another way, and shows it to staff', async () => {
    const { userId, merchantId } = await checkout('twice-tw@shop.test');
    await advance(ctx, support, userId, 31 * DAY);
    await advance(ctx, support, userId, 2 * DAY);
    expect((await planOf(merchantId)).stripe_status).toBe('past_due');
    const [invoice] = await openInvoices(merchantId);
    const { token } = await signIn(ctx, 'twice-tw@shop.test');
    const form = (await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({ invoice_id: invoice.id })).body.data as { fields: Record<string, string> };
    // Paid another way while the buyer was at ECPay's page (staff marked it paid, a card retry went through...).
    await ctx.db('invoices').where({ id: invoice.id }).update({ status: 'paid', amount_paid: invoice.amount_due });
    const notification = ecpay.pay(form.fields);
    expect((await deliver(ctx, notification)).text).toBe('1|OK');
    const refunds = ecpay.calls.filter((call) => call.url.endsWith('/CreditDetail/DoAction'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0].fields).toMatchObject({ Action: 'R', MerchantTradeNo: form.fields.MerchantTradeNo, TotalAmount: form.fields.TotalAmount });
    expect(refunds[0].fields.CheckMacValue).toBe(fakeCheckMacValue(refunds[0].fields, shop));
    const notices = await ctx.db('gateway_notices').where({ kind: 'payment.duplicate_refunded', reference: form.fields.MerchantTradeNo });
    expect(notices).toHaveLength(1);
    const details: unknown = typeof notices[0].details === 'string' ? JSON.parse(notices[0].details) : notices[0].details;
    expect(details).toMatchObject({ refund_status: 'succeeded' });
    expect(await count(ctx, 'payments', { invoice_id: invoice.id })).toBe(0);
    // ECPay repeats its notification: nothing is refunded twice.
    expect((await deliver(ctx, notification)).text).toBe('1|OK');
    expect(ecpay.calls.filter((call) => call.url.endsWith('/CreditDetail/DoAction'))).toHaveLength(1);
  });

  it('cancels the agreement at ECPay (CreditCardPeriodAction, intent committed first) when the merchant unsubscribes', async () => {
    const { fields } = await checkout('leave-tw@shop.test');
    const seen: string[] = [];
    useEcpayTransport(ctx.config, async (url, body) => {
      // The intent is committed before ECPay is called, and no transaction of ours is open meanwhile.
      seen.push(String((await ctx.db('ecpay_agreements').where({ merchant_trade_no: body.MerchantTradeNo }).first('status')).status));
      return ecpay.transport(url, body);
    });
    const { token } = await signIn(ctx, 'leave-tw@shop.test');
    expect((await request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(token)).send({})).status).toBe(200);
    expect(seen).toEqual(['cancel_requested']);
    const [call] = ecpay.calls;
    expect(call.url).toBe('https://payment-stage.ecpay.com.tw/Cashier/CreditCardPeriodAction');
    expect(call.fields).toMatchObject({ MerchantID: shop.merchantId, MerchantTradeNo: fields.MerchantTradeNo, Action: 'Cancel' });
    expect(call.fields.CheckMacValue).toBe(fakeCheckMacValue(call.fields, shop));
    expect((await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first()).status).toBe('canceled');
    expect(ecpay.agreements.get(fields.MerchantTradeNo)?.status).toBe('canceled');
    expect(ecpay.charge(fields.MerchantTradeNo)).toBeNull();
  });

  it('keeps asking ECPay to cancel when it cannot be reached, from the scheduler’s sweep', async () => {
    const { fields, userId } = await checkout('retry-tw@shop.test');
    useEcpayTransport(ctx.config, async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const { token } = await signIn(ctx, 'retry-tw@shop.test');
    expect((await request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(token)).send({})).status).toBe(200);
    expect((await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first()).status).toBe('cancel_requested');
    useEcpayTransport(ctx.config, ecpay.transport);
    await advance(ctx, support, userId, 60);
    expect((await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first()).status).toBe('canceled');
  });

  it('a plan paid once with a one-time coupon has no agreement: past due at renewal, and paying it through ECPay makes one', async () => {
    const { fields, userId, merchantId } = await checkout('coupon-tw@shop.test', { coupon: 'SAVE10' });
    expect(fields.PeriodAmount).toBeUndefined();
    await advance(ctx, support, userId, 31 * DAY);
    expect((await planOf(merchantId)).stripe_status).toBe('past_due');
    const { token } = await signIn(ctx, 'coupon-tw@shop.test');
    // Without invoice_id: the plan's open invoice.
    const res = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body.data.periodic).toBe(true);
    expect(res.body.data.fields).toMatchObject({ PeriodAmount: '1355', PeriodType: 'M' });
    expect((await deliver(ctx, ecpay.pay(res.body.data.fields))).text).toBe('1|OK');
    expect((await planOf(merchantId)).stripe_status).toBe('active');
    const agreement = await ctx.db('ecpay_agreements').where({ merchant_trade_no: res.body.data.merchant_trade_no }).first();
    expect(agreement).toMatchObject({ status: 'active', merchant_id: merchantId });
  });

  it('records a periodic charge for another amount as refused and pays nothing with it', async () => {
    const { fields, userId, merchantId } = await checkout('amount-tw@shop.test');
    await advance(ctx, support, userId, 31 * DAY);
    const charge = ecpay.charge(fields.MerchantTradeNo) as { url: string; body: Record<string, string> };
    const { CheckMacValue: _mac, ...rest } = charge.body;
    const cheaper = { ...rest, Amount: '1' };
    const res = await deliver(ctx, { url: charge.url, body: { ...cheaper, CheckMacValue: fakeCheckMacValue(cheaper, shop) } });
    expect(res.status).toBe(400);
    expect(res.text).toBe('0|Amount Mismatch');
    expect(await openInvoices(merchantId)).toHaveLength(1);
    expect(await count(ctx, 'gateway_notices', { reason: 'amount_mismatch', merchant_id: merchantId })).toBe(1);
  });

  it('refuses to pay another merchant’s invoice or a ringgit one through ECPay', async () => {
    const { merchantId } = await checkout('own-tw@shop.test');
    const paid = await ctx.db('invoices').where({ merchant_id: merchantId }).first('id');
    const token = await tokenFor(ctx, 'merchant-sg@demo.test');
    const other = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({ invoice_id: paid.id });
    expect(other.body.error.code).toBe('not_found');
    const sgOpen = await ctx.db('invoices').join('merchants', 'merchants.id', 'invoices.merchant_id').join('users', 'users.id', 'merchants.owner_user_id').where({ 'users.email': 'merchant-sg@demo.test', 'invoices.status': 'open' }).first('invoices.id');
    const sgd = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({ invoice_id: sgOpen.id });
    expect(sgd.status).toBe(400);
    expect(sgd.body.error.code).toBe('package_unavailable');
  });
});

describe.each(testDatabases)('the sandbox ECPay keeps agreements on the test clock (%s)', (kind) => {
  let ctx: TestContext;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ ctx, close } = await createListeningContext(kind));
  });

  afterEach(async () => {
    await close();
  });

  it('charges a paid periodic order a period later on the merchant’s clock, and never again once cancelled', async () => {
    const support = await tokenFor(ctx, 'support@demo.test');
    const order = await request(ctx.app).post('/api/ecpay/create-order').set('Host', new URL(ctx.config.publicUrl).host).send(await taiwanCheckoutForm(ctx, 'sandbox-tw@shop.test'));
    expect(order.status).toBe(201);
    const fields = order.body.data.fields as Record<string, string>;
    const cashier = await request(ctx.app).post('/api/sandbox/ecpay/cashier').type('form').send(fields);
    expect(cashier.text).toContain('data-testid="ecpay-period"');
    expect((await request(ctx.app).post('/api/sandbox/ecpay/cashier/complete').type('form').send({ ...fields, outcome: 'paid' })).status).toBe(303);
    const user = await ctx.db('users').where({ email: 'sandbox-tw@shop.test' }).first('id');
    const merchantId = Number((await ctx.db('merchants').where({ owner_user_id: user.id }).first('id')).id);
    const sandboxAgreement = () => ctx.db('sandbox_ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first();
    expect(await sandboxAgreement()).toMatchObject({ status: 'active', amount: 1355 });

    await advance(ctx, support, Number(user.id), 32 * DAY);
    expect(await count(ctx, 'invoices', { merchant_id: merchantId, status: 'paid' })).toBe(2);
    expect((await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).first()).stripe_status).toBe('active');
    expect(Number((await sandboxAgreement()).total_success_times)).toBe(2);

    await ctx.db('users').where({ id: user.id }).update({ password_hash: await hashPassword('Merchant2026', ctx.config.scryptCost) });
    const { token } = await signIn(ctx, 'sandbox-tw@shop.test');
    expect((await request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(token)).send({})).status).toBe(200);
    expect((await sandboxAgreement()).status).toBe('canceled');
    await advance(ctx, support, Number(user.id), 62 * DAY);
    expect(Number((await sandboxAgreement()).charges_made)).toBe(2);
    expect(await count(ctx, 'invoices', { merchant_id: merchantId })).toBe(2);
  });

  it('refuses a simulated payment (SimulatePaid=1) outside ECPay’s stage and shows it to staff', async () => {
    const order = await request(ctx.app).post('/api/ecpay/create-order').set('Host', new URL(ctx.config.publicUrl).host).send(await taiwanCheckoutForm(ctx, 'simulated-tw@shop.test', { coupon: 'SAVE10' }));
    const fields = order.body.data.fields as Record<string, string>;
    await request(ctx.app).post('/api/sandbox/ecpay/cashier/complete').type('form').send({ ...fields, outcome: 'paid' });
    const user = await ctx.db('users').where({ email: 'simulated-tw@shop.test' }).first('id');
    await advance(ctx, await tokenFor(ctx, 'support@demo.test'), Number(user.id), 31 * DAY);
    await ctx.db('users').where({ id: user.id }).update({ password_hash: await hashPassword('Merchant2026', ctx.config.scryptCost) });
    const { token } = await signIn(ctx, 'simulated-tw@shop.test');
    const pay = await request(ctx.app).post('/api/users/billing/ecpay/pay-invoice').set(bearer(token)).send({});
    const form = pay.body.data.fields as Record<string, string>;
    const simulated = createFakeEcpay(shop).pay(form, { simulated: true });
    const res = await deliver(ctx, simulated);
    expect(res.text).toBe('0|SimulatePaid Refused');
    expect(await count(ctx, 'invoices', { id: pay.body.data.invoice_id, status: 'open' })).toBe(1);
    expect(await count(ctx, 'gateway_notices', { reason: 'simulated_payment', reference: form.MerchantTradeNo })).toBe(1);
  });
});
