import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFixedClock } from '../../clock';
import { createDb, type Db } from '../../db/knex';
import { migrateLatest } from '../../db/migrations';
import { checkMacValue, hasValidCheckMacValue } from '../ecpay/check-mac-value';
import { createEcpayRefunds } from '../ecpay/ecpay-refund';
import type { EcpaySettings } from '../ecpay/ecpay.gateway';
import { createSandboxGateway } from '../sandbox.gateway';
import { createStripeGateway } from '../stripe.gateway';
import { type FakeStripe, startFakeStripe } from '../../test-support/fake-stripe';

describe('refunds through the Stripe gateway (official SDK against the fake Stripe API)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: 'whsec_test' });
  });
  afterAll(async () => fake.close());
  const gateway = () => createStripeGateway({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', host: '127.0.0.1', port: fake.port, protocol: 'http' });

  it('refunds part of a payment with the idempotency key, replays the key, and refuses more than is left', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 1, email: 'r@b.cc', name: 'R' });
    const card = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_visa' });
    const paid = await g.charge({ customer, paymentMethod: card.id, amount: 10692, currency: 'MYR', idempotencyKey: 'refund-test-charge', description: 'x', offSession: true });
    const input = { paymentRef: paid.id, amountMinor: 5346, idempotencyKey: 'refund:1', reason: 'requested_by_customer' };
    const first = await g.refund(input);
    expect(first).toMatchObject({ paymentRef: paid.id, amountMinor: 5346, currency: 'MYR', status: 'succeeded' });
    expect((await g.refund(input)).id).toBe(first.id);
    expect(fake.refunds().filter((r) => r.payment_intent === paid.id)).toHaveLength(1);
    const sent = fake.requests.find((r) => r.path === '/v1/refunds');
    expect(sent?.idempotencyKey).toBe('refund:1');
    expect(sent?.form.get('metadata[reason]')).toBe('requested_by_customer');
    await expect(g.refund({ ...input, amountMinor: 5347, idempotencyKey: 'refund:2' })).rejects.toMatchObject({ code: 'refund_refused' });
    expect(fake.events.some((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === paid.id)).toBe(true);
  });
});

describe('refunds through the sandbox gateway', () => {
  let db: Db;
  beforeEach(async () => {
    db = createDb({ url: 'sqlite::memory:' });
    await migrateLatest(db);
  });
  afterEach(async () => db.destroy());

  it('refunds up to the payment in total, once per idempotency key', async () => {
    const g = createSandboxGateway({ db, clock: createFixedClock('2026-03-02T09:00:00Z'), publicUrl: 'http://localhost:3000' });
    const customer = await g.createCustomer({ merchantId: 1, email: 'a@b.cc', name: 'A' });
    const pm = (await g.createPaymentMethod({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' })).id;
    await g.attachPaymentMethod({ customer, paymentMethod: pm });
    const paid = await g.charge({ customer, paymentMethod: pm, amount: 1000, currency: 'MYR', idempotencyKey: 'c1', description: 'x', offSession: true });
    const half = await g.refund({ paymentRef: paid.id, amountMinor: 600, idempotencyKey: 'r1', reason: 'duplicate' });
    expect(half).toMatchObject({ amountMinor: 600, currency: 'MYR', status: 'succeeded' });
    expect((await g.refund({ paymentRef: paid.id, amountMinor: 600, idempotencyKey: 'r1', reason: 'duplicate' })).id).toBe(half.id);
    await expect(g.refund({ paymentRef: paid.id, amountMinor: 700, idempotencyKey: 'r1', reason: 'duplicate' })).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    await expect(g.refund({ paymentRef: paid.id, amountMinor: 401, idempotencyKey: 'r2', reason: 'duplicate' })).rejects.toMatchObject({ code: 'refund_refused' });
    expect(await g.refund({ paymentRef: paid.id, amountMinor: 400, idempotencyKey: 'r3', reason: 'duplicate' })).toMatchObject({ amountMinor: 400 });
    await expect(g.refund({ paymentRef: paid.id, amountMinor: 1, idempotencyKey: 'r4', reason: 'duplicate' })).rejects.toMatchObject({ code: 'refund_refused' });
    await expect(g.refund({ paymentRef: 'pi_missing', amountMinor: 1, idempotencyKey: 'r5', reason: 'duplicate' })).rejects.toMatchObject({ code: 'resource_missing' });
  });
});

describe('ECPay refunds through CreditDetail/DoAction', () => {
  const settings: EcpaySettings = { mode: 'stage', merchantId: '3002607', keys: { hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' }, publicUrl: 'http://localhost:3000' };
  let server: http.Server;
  let endpoint = '';
  const received: Record<string, string>[] = [];
  /** A DoAction simulator: checks the CheckMacValue as ECPay does, refunds at most what was paid. */
  const paid = new Map<string, number>([['2311270000000001', 1290]]);
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(body));
        received.push(fields);
        const reply = (code: string, message: string) => {
          const out: Record<string, string> = { MerchantID: fields.MerchantID ?? '', MerchantTradeNo: fields.MerchantTradeNo ?? '', TradeNo: fields.TradeNo ?? '', RtnCode: code, RtnMsg: message };
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(new URLSearchParams(out).toString());
        };
        if (req.url !== '/CreditDetail/DoAction' || !hasValidCheckMacValue(fields, settings.keys)) return reply('10200073', 'CheckMacValue Error');
        const left = paid.get(fields.TradeNo ?? '') ?? 0;
        const amount = Number(fields.TotalAmount);
        if (fields.Action !== 'R' || amount > left) return reply('10100248', 'Refund amount exceeds');
        paid.set(fields.TradeNo as string, left - amount);
        return reply('1', 'OK');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/CreditDetail/DoAction`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts Action=R signed with CheckMacValue and reads ECPay\'s answer; a refusal is final', async () => {
    const refunds = createEcpayRefunds(settings, { endpoint });
    const done = await refunds.refund({ merchantTradeNo: 'MH2311270001', tradeNo: '2311270000000001', totalAmount: 645 });
    expect(done).toMatchObject({ code: '1', simulated: false, tradeNo: '2311270000000001' });
    const sent = received[received.length - 1];
    expect(sent).toMatchObject({ MerchantID: '3002607', MerchantTradeNo: 'MH2311270001', TradeNo: '2311270000000001', Action: 'R', TotalAmount: '645' });
    expect(sent.CheckMacValue).toBe(checkMacValue({ MerchantID: '3002607', MerchantTradeNo: 'MH2311270001', TradeNo: '2311270000000001', Action: 'R', TotalAmount: '645' }, settings.keys));
    await expect(refunds.refund({ merchantTradeNo: 'MH2311270001', tradeNo: '2311270000000001', totalAmount: 646 })).rejects.toMatchObject({ code: 'refund_refused' });
    const wrongKeys = createEcpayRefunds({ ...settings, keys: { hashKey: 'x', hashIv: 'y' } }, { endpoint });
    await expect(wrongKeys.refund({ merchantTradeNo: 'MH2311270001', tradeNo: '2311270000000001', totalAmount: 1 })).rejects.toMatchObject({ code: 'refund_refused' });
  });

  it('moves no money in the sandbox and says so; an unreachable ECPay is an outage, not a refusal', async () => {
    expect(await createEcpayRefunds({ ...settings, mode: 'sandbox' }).refund({ merchantTradeNo: 'A1', tradeNo: 'T1', totalAmount: 10 })).toMatchObject({ simulated: true, code: '1' });
    await expect(createEcpayRefunds(settings, { endpoint: 'http://127.0.0.1:1/CreditDetail/DoAction' }).refund({ merchantTradeNo: 'A1', tradeNo: 'T1', totalAmount: 10 })).rejects.toMatchObject({ code: 'gateway_unavailable' });
    await expect(createEcpayRefunds(settings, { endpoint }).refund({ merchantTradeNo: 'A1', tradeNo: 'T1', totalAmount: 0 })).rejects.toMatchObject({ code: 'refund_refused' });
  });
});
