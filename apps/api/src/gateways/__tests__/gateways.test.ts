import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFixedClock } from '../../clock';
import { createDb, type Db } from '../../db/knex';
import { migrateLatest } from '../../db/migrations';
import { GatewayError } from '../port';
import { createSandboxGateway } from '../sandbox.gateway';
import { createStripeGateway } from '../stripe.gateway';
import { signWebhook, verifyStripeSignature } from '../webhook-signature';

describe('sandbox gateway', () => {
  let db: Db;
  beforeEach(async () => {
    db = createDb({ url: 'sqlite::memory:' });
    await migrateLatest(db);
  });
  afterEach(async () => db.destroy());
  const gateway = () => createSandboxGateway({ db, clock: createFixedClock('2026-03-02T09:00:00Z'), publicUrl: 'http://localhost:3000' });
  const pm = async (number: string) => (await gateway().createPaymentMethod({ number, exp_month: 12, exp_year: 2030, cvc: '123' })).id;

  it('follows the outcomes of Stripe test cards', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 1, email: 'a@b.cc', name: 'A' });
    await expect(g.attachPaymentMethod({ customer, paymentMethod: await pm('4000000000000002') })).rejects.toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    await expect(g.attachPaymentMethod({ customer, paymentMethod: await pm('4000000000009995') })).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(g.createPaymentMethod({ number: '4242424242424241', exp_month: 1, exp_year: 2030, cvc: '1' })).rejects.toBeInstanceOf(GatewayError);
    const attachThenFail = await pm('4000000000000341');
    await g.attachPaymentMethod({ customer, paymentMethod: attachThenFail });
    const failed = await g.charge({ customer, paymentMethod: attachThenFail, amount: 1000, currency: 'MYR', idempotencyKey: 'k1', description: 'x', offSession: true });
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    const threeDs = await pm('4000002760003184');
    await g.attachPaymentMethod({ customer, paymentMethod: threeDs });
    expect((await g.charge({ customer, paymentMethod: threeDs, amount: 1000, currency: 'MYR', idempotencyKey: 'k2', description: 'x', offSession: false })).status).toBe('requires_action');
    const good = await pm('4242424242424242');
    expect(await g.attachPaymentMethod({ customer, paymentMethod: good })).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await g.charge({ customer, paymentMethod: good, amount: 1000, currency: 'MYR', idempotencyKey: 'k3', description: 'x', offSession: true })).status).toBe('succeeded');
  });

  it('replays a charge for the same idempotency key and refuses the key with other parameters', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 1, email: 'a@b.cc', name: 'A' });
    const card = await pm('4242424242424242');
    await g.attachPaymentMethod({ customer, paymentMethod: card });
    const input = { customer, paymentMethod: card, amount: 1000, currency: 'MYR' as const, idempotencyKey: 'same', description: 'x', offSession: true };
    const first = await g.charge(input);
    expect((await g.charge(input)).id).toBe(first.id);
    expect(await db('sandbox_intents').where({ kind: 'payment' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    await expect(g.charge({ ...input, amount: 2000 })).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
  });
});

describe('webhook signatures', () => {
  it('accepts a matching v1 inside the tolerance and refuses anything else', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const header = signWebhook(body, 'whsec_test', 1_000_000);
    expect(verifyStripeSignature(body, header, 'whsec_test', 1_000_100).type).toBe('payment_intent.succeeded');
    expect(() => verifyStripeSignature(body, header, 'whsec_other', 1_000_100)).toThrow(GatewayError);
    expect(() => verifyStripeSignature(body, header, 'whsec_test', 1_000_301)).toThrow('tolerance');
    expect(() => verifyStripeSignature(`${body} `, header, 'whsec_test', 1_000_100)).toThrow(GatewayError);
  });
});

describe('stripe gateway against a local fake API', () => {
  let server: http.Server;
  let port: number;
  const seen: { method: string; path: string; body: string; idempotency?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: String(req.method), path: String(req.url), body, idempotency: req.headers['idempotency-key'] as string | undefined });
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
          res.end(JSON.stringify(value));
        };
        if (req.url === '/v1/customers') return json(200, { id: 'cus_fake', object: 'customer' });
        if (req.url === '/v1/payment_methods/pm_ok/attach') return json(200, { id: 'pm_ok', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } });
        if (req.url === '/v1/payment_methods/pm_bad/attach') return json(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
        if (req.url === '/v1/payment_intents' && body.includes('pm_ok')) {
          return json(200, { id: 'pi_ok', object: 'payment_intent', status: 'succeeded', amount: 10692, currency: 'myr', payment_method: 'pm_ok', payment_method_types: ['card'], metadata: {}, client_secret: 'pi_ok_secret', last_payment_error: null });
        }
        if (req.url === '/v1/payment_intents') {
          return json(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: { id: 'pi_declined', client_secret: 'cs' } } });
        }
        json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const gateway = () => createStripeGateway({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', host: '127.0.0.1', port, protocol: 'http' });

  it('creates customers, attaches cards and charges with the idempotency key through the SDK', async () => {
    const g = gateway();
    expect(await g.createCustomer({ merchantId: 7, email: 'a@b.cc', name: 'A' })).toBe('cus_fake');
    expect(await g.attachPaymentMethod({ customer: 'cus_fake', paymentMethod: 'pm_ok' })).toEqual({ id: 'pm_ok', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    await expect(g.attachPaymentMethod({ customer: 'cus_fake', paymentMethod: 'pm_bad' })).rejects.toMatchObject({ message: 'Your card was declined.' });
    const paid = await g.charge({ customer: 'cus_fake', paymentMethod: 'pm_ok', amount: 10692, currency: 'MYR', idempotencyKey: 'in_1:attempt:1', description: 'Invoice', offSession: true });
    expect(paid).toMatchObject({ id: 'pi_ok', status: 'succeeded', amount: 10692, currency: 'MYR' });
    const charge = seen.find((s) => s.path === '/v1/payment_intents');
    expect(charge?.idempotency).toBe('in_1:attempt:1');
    expect(charge?.body).toContain('off_session=true');
    const declined = await g.charge({ customer: 'cus_fake', paymentMethod: 'pm_poor', amount: 10692, currency: 'MYR', idempotencyKey: 'in_1:attempt:2', description: 'Invoice', offSession: true });
    expect(declined).toMatchObject({ id: 'pi_declined', status: 'failed', failure_code: 'insufficient_funds', failure_message: 'Your card has insufficient funds.' });
    expect(await g.retrievePayment('pi_missing')).toBeNull();
  });

  it('verifies webhooks with the SDK', () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const now = Math.floor(Date.now() / 1000);
    expect(gateway().verifyWebhook(body, signWebhook(body, 'whsec_test', now), now).type).toBe('payment_intent.succeeded');
    expect(() => gateway().verifyWebhook(body, signWebhook(body, 'whsec_wrong', now), now)).toThrow(GatewayError);
  });
});
