import request from 'supertest';
import { STAFF_SEARCH_MAX_LENGTH } from '@merchant-hub/validation';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

/*
 * Issue 27, capability 1: the console's global search finds a merchant by an invoice number, a payment or
 * PaymentIntent id, an ECPay MerchantTradeNo, a card's last 4 digits with an amount, an e-mail, a phone or a
 * store name; support and superadmin only; its text validated after the role is checked; never a 5xx.
 */
describe.each(testDatabases)('GET /api/staff/search (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let superadmin: string;
  let merchant: string;
  let owner: { merchantId: number; userId: number; name: string };
  const NOW = 1_770_000_000;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    [support, superadmin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, 'merchant-my@demo.test')]);
    const row = await ctx.db('merchants as m').join('users as u', 'u.id', 'm.owner_user_id').where('u.email', 'merchant-my@demo.test').first('m.id', 'm.owner_user_id', 'm.name');
    owner = { merchantId: Number(row.id), userId: Number(row.owner_user_id), name: String(row.name) };
    const packageId = Number((await ctx.db('packages').first('id')).id);
    await ctx.db('invoices').insert({ id: 'in_search1', number: 'MH-990005', merchant_id: owner.merchantId, status: 'open', currency: 'MYR', subtotal: 9900, total: 9900, amount_due: 9900, collection_method: 'charge_automatically', billing_reason: 'subscription_cycle', period_start: NOW, period_end: NOW + 86_400, payment_intent_id: 'pi_Search3kQ9', created_at: NOW });
    await ctx.db('payment_methods').insert({ id: 'pm_search1', merchant_id: owner.merchantId, brand: 'visa', last4: '4321', exp_month: 12, exp_year: 2030, created_at: NOW });
    await ctx.db('payments').insert({ id: 'pay_search77', merchant_id: owner.merchantId, invoice_id: 'in_search1', payment_method_id: 'pm_search1', method_type: 'card', amount: 12990, currency: 'MYR', status: 'succeeded', idempotency_key: 'search-test-1', created_at: NOW });
    // A payment recorded before its card's row (the card's trigger fills the payment's last 4 then).
    await ctx.db('payments').insert({ id: 'pay_search78', merchant_id: owner.merchantId, payment_method_id: 'pm_search2', method_type: 'card', amount: 1000, currency: 'MYR', status: 'failed', idempotency_key: 'search-test-2', created_at: NOW });
    await ctx.db('payment_methods').insert({ id: 'pm_search2', merchant_id: owner.merchantId, brand: 'mastercard', last4: '8765', exp_month: 1, exp_year: 2031, created_at: NOW });
    await ctx.db('ecpay_agreements').insert({ merchant_trade_no: 'MHR2611ABC123', merchant_id: owner.merchantId, package_id: packageId, amount: 29900, currency: 'TWD', period_type: 'M', frequency: 1, exec_times: 99, status: 'active', created_at: NOW });
  });
  afterAll(async () => ctx.close());

  const search = (q: string, token = support) => request(ctx.app).get('/api/staff/search').query({ q }).set(bearer(token));
  const kindsFor = async (q: string) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    return (res.body.results as { kind: string; user_id: number; match: string }[]).filter((result) => result.user_id === owner.userId);
  };

  it.each([
    ['an invoice number', 'MH-990005', 'invoice', 'MH-990005'],
    ['an invoice number typed in lower case', 'mh-990005', 'invoice', 'MH-990005'],
    ['a payment id', 'pay_search77', 'payment', 'pay_search77'],
    ['a PaymentIntent id', 'pi_Search3kQ9', 'payment', 'pi_Search3kQ9'],
    ['an ECPay MerchantTradeNo', 'MHR2611ABC123', 'ecpay', 'MHR2611ABC123'],
    ['card last 4 with the amount', '4321 129.90', 'card', 'visa •••• 4321'],
    ['card last 4 with the amount and currency', '4321 RM 129.90', 'card', 'visa •••• 4321'],
    ['a card whose row came after its payment', '8765 10', 'card', 'mastercard •••• 8765'],
    ['an e-mail', 'merchant-my@demo', 'email', 'merchant-my@demo.test'],
  ])('finds %s', async (_what, q, expectedKind, match) => {
    expect(await kindsFor(q)).toContainEqual(expect.objectContaining({ kind: expectedKind, match }));
  });

  it('finds the owner by phone, typed with spaces and dashes', async () => {
    const phone = String((await ctx.db('users').where('id', owner.userId).first('phone')).phone);
    const digits = phone.replace(/\D/g, '');
    const typed = `${digits.slice(0, 2)} ${digits.slice(2, 4)}-${digits.slice(4)}`;
    expect(await kindsFor(typed)).toContainEqual(expect.objectContaining({ kind: 'phone', match: phone }));
  });

  it('finds a merchant by store name, and links the invoice of an invoice or payment', async () => {
    const store = String((await ctx.db('stores').where('merchant_id', owner.merchantId).first('name')).name);
    expect(await kindsFor(store.slice(0, 8))).toContainEqual(expect.objectContaining({ kind: 'store', match: store }));
    const [invoice] = (await search('pay_search77')).body.results;
    expect(invoice).toMatchObject({ invoice_id: 'in_search1', amount_minor: 12990, currency: 'MYR', merchant_name: owner.name });
  });

  it('does not find a card by last 4 with another amount, nor an unknown invoice', async () => {
    expect((await kindsFor('4321 129.91')).filter((r) => r.kind === 'card')).toEqual([]);
    expect((await search('MH-123456789')).body.results).toEqual([]);
  });

  it('answers superadmin too, and nothing for a blank text', async () => {
    expect((await search('MH-990005', superadmin)).body.results).toHaveLength(1);
    const blank = await search('   ');
    expect({ status: blank.status, body: blank.body }).toEqual({ status: 200, body: { results: [] } });
  });

  it('refuses a merchant before reading the text (403 even for invalid input), and a visitor', async () => {
    expect((await search('MH-990005', merchant)).status).toBe(403);
    expect((await search('a\u0000b', merchant)).status).toBe(403);
    expect((await request(ctx.app).get('/api/staff/search').query({ q: 'MH-990005' })).status).toBe(401);
  });

  it('refuses control characters and over-long text with a field error', async () => {
    for (const q of ['a\u0000b', 'MH-\u001f1', 'x\u007f']) {
      const res = await search(q);
      expect({ status: res.status, fields: res.body.error?.details?.fields }).toEqual({ status: 400, fields: { q: 'validation:common.controlCharacters' } });
    }
    const long = await search('a'.repeat(STAFF_SEARCH_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
  });

  it('answers hostile text without a 5xx', async () => {
    const texts = ['"', "'; drop table invoices; --", '%', '_', '\\', '*', 'NEAR(a b)', 'a OR b', '4321 ', '4321 99999999999999999999', '4321 1.999', '0000 0', '+', '()', '-', 'MH-', 'mh-0', 'pi_', '💳 4242', 'ÅÄÖ', '١٢٣٤ ٥']; // prettier-ignore
    for (const q of texts) {
      const res = await search(q);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    const arrays = await request(ctx.app).get('/api/staff/search?q=a&q=b').set(bearer(support));
    expect(arrays.status).toBeLessThan(500);
  });
});
