import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { checkMacValue } from '../../../gateways/ecpay/check-mac-value';
import { ECPAY_STAGE_CREDENTIALS } from '../../../gateways/ecpay/ecpay.gateway';
import { sandboxGatewayFor } from '../../../gateways';
import { createTestContext, type TestContext } from '../../../test-support/test-app';

const keys = { hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv };
const TOKEN = 'a'.repeat(32);

/** What an attacker can build: the stage keys are public, so any form can carry a valid CheckMacValue. */
const signedForm = (overrides: Record<string, string>) => {
  const fields: Record<string, string> = {
    MerchantID: ECPAY_STAGE_CREDENTIALS.merchantId,
    MerchantTradeNo: 'MH2603020900000001',
    MerchantTradeDate: '2026/03/02 17:00:00',
    PaymentType: 'aio',
    TotalAmount: '1355',
    TradeDesc: 'Merchant Hub',
    ItemName: 'Starter',
    ReturnURL: 'http://localhost:3000/api/ecpay/notify',
    OrderResultURL: `http://localhost:3000/api/ecpay/order-result/${TOKEN}`,
    ClientBackURL: `http://localhost:3000/subscribe-payment-result/${TOKEN}`,
    ChoosePayment: 'Credit',
    EncryptType: '1',
    ...overrides,
  };
  return { ...fields, CheckMacValue: checkMacValue(fields, keys) };
};

describe('the sandbox ECPay cashier only talks to the product itself', () => {
  let ctx: TestContext;
  let elsewhere: Server;
  let hits = 0;
  let foreign = '';

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    // Another host the attacker wants the API to post to (an internal service, a metadata endpoint...).
    elsewhere = createServer((_req, res) => {
      hits += 1;
      res.end('1|OK');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    foreign = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => elsewhere.close(resolve));
    await ctx.close();
  });

  const complete = (form: Record<string, string>) => request(ctx.app).post('/api/sandbox/ecpay/cashier/complete').type('form').send({ ...form, outcome: 'paid' });

  it.each([
    ['ReturnURL on another host', { ReturnURL: `${'FOREIGN'}/api/ecpay/notify` }],
    ['ReturnURL on the product but another path', { ReturnURL: 'http://localhost:3000/api/users/billing/all' }],
    ['ReturnURL with credentials', { ReturnURL: 'http://user:pw@localhost:3000/api/ecpay/notify' }],
    ['OrderResultURL on another host', { OrderResultURL: 'https://evil.example/phish' }],
    ['OrderResultURL protocol-relative', { OrderResultURL: '//evil.example/api/ecpay/order-result/x' }],
    ['OrderResultURL javascript:', { OrderResultURL: 'javascript:alert(1)' }],
    ['ClientBackURL on another host', { OrderResultURL: '', ClientBackURL: 'https://evil.example/' }],
  ])('refuses %s with 400, posting and redirecting nowhere', async (_name, overrides) => {
    const resolved = Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, value.replace('FOREIGN', foreign)]));
    const form = signedForm(resolved);
    const before = hits;
    const page = await request(ctx.app).post('/api/sandbox/ecpay/cashier').type('form').send(form);
    expect(page.status).toBe(400);
    const res = await complete(form);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(hits).toBe(before);
  });

  it('still completes a form that points at the product’s own routes', async () => {
    const res = await complete(signedForm({}));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/api/ecpay/order-result/${TOKEN}`);
  });
});

describe('the sandbox bank page sends the browser back only into the product', () => {
  it('ignores a stored return address on another host', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      const gateway = sandboxGatewayFor({ db: ctx.db, clock: ctx.clock, config: ctx.config, notifier: ctx.notifier });
      const redirect = await gateway?.createBankRedirect({ customer: 'cus_1', amount: 9900, currency: 'MYR', returnUrl: 'https://evil.example/steal', idempotencyKey: 'k1', metadata: {} });
      const res = await request(ctx.app).post(`/api/sandbox/fpx/${redirect?.payment.id}/complete`).set('Host', new URL(ctx.config.publicUrl).host).type('form').send({ outcome: 'succeeded' });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.location as string).origin).toBe(new URL(ctx.config.publicUrl).origin);
    } finally {
      await ctx.close();
    }
  });
});
