import { createFixedClock } from '../../clock';
import { createDb, type Db } from '../../db/knex';
import { migrateLatest } from '../../db/migrations';
import { GatewayError } from '../port';
import { createSandboxGateway } from '../sandbox.gateway';
import { createStripeGateway } from '../stripe.gateway';
import { signWebhook, verifyStripeSignature } from '../webhook-signature';
import { type FakeStripe, startFakeStripe } from '../../test-support/fake-stripe';

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

  it('sends an on-session 3-D Secure card to its authentication page and records the answer once', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 1, email: 'a@b.cc', name: 'A' });
    const card = await pm('4000002760003184');
    await g.attachPaymentMethod({ customer, paymentMethod: card });
    const base = { customer, paymentMethod: card, amount: 1000, currency: 'MYR' as const, description: 'x' };
    const offSession = await g.charge({ ...base, idempotencyKey: 'off', offSession: true });
    expect(offSession).toMatchObject({ status: 'failed', failure_code: 'authentication_required', next_action: null });
    const pending = await g.charge({ ...base, idempotencyKey: 'on', offSession: false, returnUrl: 'http://localhost:3000/home/dashboard?flow=3ds' });
    expect(pending).toMatchObject({ status: 'requires_action', failure_code: null });
    expect(pending.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: { url: `http://localhost:3000/api/sandbox/3ds/${pending.id}`, return_url: 'http://localhost:3000/home/dashboard?flow=3ds' },
    });
    expect(await g.completeAuthentication(pending.id, 'succeeded')).toMatchObject({ status: 'succeeded', next_action: null, return_url: 'http://localhost:3000/home/dashboard?flow=3ds' });
    expect((await g.completeAuthentication(pending.id, 'failed')).status).toBe('succeeded');
    const refused = await g.charge({ ...base, idempotencyKey: 'on-2', offSession: false, returnUrl: 'http://localhost:3000/x' });
    expect(await g.completeAuthentication(refused.id, 'failed')).toMatchObject({ status: 'failed', failure_code: 'payment_intent_authentication_failure' });
    expect((await g.retrievePayment(refused.id))?.status).toBe('failed');
    await expect(g.completeAuthentication('pi_missing', 'succeeded')).rejects.toMatchObject({ code: 'resource_missing' });
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

describe('stripe gateway against the fake Stripe API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: 'whsec_test' });
  });
  afterAll(async () => fake.close());

  const gateway = () => createStripeGateway({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', host: '127.0.0.1', port: fake.port, protocol: 'http' });

  it('creates customers, attaches cards and charges with the idempotency key through the SDK', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 7, email: 'a@b.cc', name: 'A' });
    expect(fake.customer(customer)).toMatchObject({ email: 'a@b.cc', metadata: { merchant_id: '7' } });
    const card = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_visa' });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    expect(card.id).toMatch(/^pm_/);
    await expect(g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_chargeDeclined' })).rejects.toMatchObject({ message: 'Your card was declined.' });
    const paid = await g.charge({ customer, paymentMethod: card.id, amount: 10692, currency: 'MYR', idempotencyKey: 'in_1:attempt:1', description: 'Invoice', offSession: true });
    expect(paid).toMatchObject({ status: 'succeeded', amount: 10692, currency: 'MYR' });
    const charge = fake.requests.find((r) => r.path === '/v1/payment_intents');
    expect(charge?.idempotencyKey).toBe('in_1:attempt:1');
    expect(charge?.form.get('off_session')).toBe('true');
    const poor = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_chargeCustomerFail' });
    const declined = await g.charge({ customer, paymentMethod: poor.id, amount: 10692, currency: 'MYR', idempotencyKey: 'in_1:attempt:2', description: 'Invoice', offSession: true });
    expect(declined).toMatchObject({ status: 'failed', failure_code: 'generic_decline', failure_message: 'Your card was declined.' });
    expect(declined.id).toMatch(/^pi_/);
    expect(fake.intent(declined.id)?.status).toBe('requires_payment_method');
    expect(await g.retrievePayment('pi_missing')).toBeNull();
  });

  it('replays a charge for the same idempotency key, as Stripe does, and refuses the key with other parameters', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 8, email: 'b@b.cc', name: 'B' });
    const card = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_visa' });
    const input = { customer, paymentMethod: card.id, amount: 5000, currency: 'MYR' as const, idempotencyKey: 'same-key', description: 'x', offSession: true };
    const first = await g.charge(input);
    expect((await g.charge(input)).id).toBe(first.id);
    expect(fake.intents().filter((i) => i.customer === customer)).toHaveLength(1);
    await expect(g.charge({ ...input, amount: 6000 })).rejects.toBeInstanceOf(GatewayError);
    // A refusal is replayed too: the same key never becomes a second attempt.
    const refusing = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_chargeCustomerFail' });
    const refused = await g.charge({ ...input, paymentMethod: refusing.id, idempotencyKey: 'refused-key' });
    expect((await g.charge({ ...input, paymentMethod: refusing.id, idempotencyKey: 'refused-key' })).id).toBe(refused.id);
    expect(fake.intents().filter((i) => i.customer === customer)).toHaveLength(2);
  });

  it('signs and delivers its events as Stripe does, at least once, and the SDK verifies them', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 10, email: 'd@b.cc', name: 'D' });
    const card = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_visa' });
    const paid = await g.charge({ customer, paymentMethod: card.id, amount: 2500, currency: 'MYR', idempotencyKey: 'evt-test', description: 'x', offSession: true });
    const received: string[] = [];
    fake.setWebhookTarget(async (payload, headers) => {
      const event = g.verifyWebhook(payload, headers['stripe-signature'], Math.floor(Date.now() / 1000));
      received.push(`${event.type}:${String(event.data.object.id)}`);
      return 200;
    });
    const delivered = await fake.deliverWebhooks();
    expect(delivered.every((d) => d.status === 200)).toBe(true);
    expect(received).toContain(`payment_intent.succeeded:${paid.id}`);
    expect(await fake.deliverWebhooks()).toEqual([]);
    const succeeded = fake.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === paid.id);
    expect(await fake.redeliver(succeeded?.id as string)).toBe(200);
    expect(received.filter((r) => r === `payment_intent.succeeded:${paid.id}`)).toHaveLength(2);
  });

  it('answers a charge below the currency\'s minimum as a final amount_too_small refusal (one request), and keeps nothing for its key', async () => {
    const g = gateway();
    const customer = await g.createCustomer({ merchantId: 11, email: 'e@b.cc', name: 'E' });
    const card = await g.attachPaymentMethod({ customer, paymentMethod: 'pm_card_visa' });
    const before = fake.intents().length;
    const small = { customer, paymentMethod: card.id, amount: 92, currency: 'MYR' as const, idempotencyKey: 'small', description: 'x', offSession: true };
    const asked = fake.requests.length;
    // A failed payment, not an outage: nothing retries it (the SDK does not resend a 400, chargeOnce only outages).
    expect(await g.charge(small)).toMatchObject({ status: 'failed', failure_code: 'amount_too_small', failure_message: 'Amount must be at least RM 2.00 myr' });
    expect(fake.requests.length - asked).toBe(1);
    expect(fake.intents()).toHaveLength(before);
    expect((await g.charge({ ...small, amount: 200 })).status).toBe('succeeded');
  });

  it('verifies webhooks with the SDK', () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const now = Math.floor(Date.now() / 1000);
    expect(gateway().verifyWebhook(body, signWebhook(body, 'whsec_test', now), now).type).toBe('payment_intent.succeeded');
    expect(gateway().verifyWebhook(body, fake.sign(body), now).type).toBe('payment_intent.succeeded');
    expect(() => gateway().verifyWebhook(body, signWebhook(body, 'whsec_wrong', now), now)).toThrow(GatewayError);
  });
});

describe('stripe gateway FPX, confirmed on the server', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.adoptCustomer('cus_fpx');
  });
  afterAll(async () => fake.close());
  const gateway = () => createStripeGateway({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', host: '127.0.0.1', port: fake.port, protocol: 'http' });
  const input = {
    customer: 'cus_fpx',
    amount: 21492,
    currency: 'MYR' as const,
    bank: 'maybank2u' as const,
    returnUrl: 'http://localhost:3000/billing?tab=plan',
    idempotencyKey: 'fpx_key_1',
    metadata: { purpose: 'late_subscribe', merchant_id: '7' },
  };

  it('creates and confirms the intent with the chosen bank in one call and returns the bank page', async () => {
    const redirect = await gateway().createBankRedirect(input);
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(sent).toHaveLength(1);
    const form = sent[0].form;
    expect(form.getAll('allowed_payment_method_types[0]')).toEqual(['fpx']);
    expect(form.get('payment_method_data[type]')).toBe('fpx');
    expect(form.get('payment_method_data[fpx][bank]')).toBe('maybank2u');
    expect(form.has('payment_method_data[fpx][account_holder_type]')).toBe(false);
    expect(form.get('confirm')).toBe('true');
    expect(form.get('return_url')).toBe('http://localhost:3000/billing?tab=plan');
    expect(form.get('amount')).toBe('21492');
    expect(form.get('currency')).toBe('myr');
    expect(form.get('metadata[purpose]')).toBe('late_subscribe');
    expect(sent[0].idempotencyKey).toBe('fpx_key_1');
    expect(redirect.redirect_url).toBe(fake.bankPageOf(redirect.payment.id));
    expect(redirect.payment).toMatchObject({ status: 'requires_action', method_type: 'fpx', amount: 21492, currency: 'MYR', metadata: { purpose: 'late_subscribe', merchant_id: '7' } });
    expect(redirect.client_secret).toMatch(new RegExp(`^${redirect.payment.id}_secret_`));
  });

  it('sends corporate banks through the business channel', async () => {
    await gateway().createBankRedirect({ ...input, bank: 'pb_enterprise', idempotencyKey: 'fpx_key_b2b' });
    const form = fake.requests.find((r) => r.idempotencyKey === 'fpx_key_b2b')?.form;
    expect(form?.get('payment_method_data[fpx][bank]')).toBe('pb_enterprise');
    expect(form?.get('payment_method_data[fpx][account_holder_type]')).toBe('company');
  });

  it('reads the bank outcome back from the intent', async () => {
    const paid = await gateway().createBankRedirect({ ...input, idempotencyKey: 'fpx_key_paid' });
    fake.finish(paid.payment.id, 'succeeded');
    expect(await gateway().retrievePayment(paid.payment.id)).toMatchObject({ status: 'succeeded', failure_code: null, method_type: 'fpx' });
    const refused = await gateway().createBankRedirect({ ...input, idempotencyKey: 'fpx_key_refused' });
    fake.finish(refused.payment.id, 'failed');
    expect(await gateway().retrievePayment(refused.payment.id)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_intent_payment_attempt_failed',
      failure_message: 'The customer cancelled or the bank refused the payment.',
    });
  });

  it('passes the return_url on-session and maps Stripe\'s redirect_to_url for 3-D Secure', async () => {
    const customer = await gateway().createCustomer({ merchantId: 9, email: 'c@b.cc', name: 'C' });
    const card = await gateway().attachPaymentMethod({ customer, paymentMethod: 'pm_card_threeDSecureRequired' });
    const charge = { customer, paymentMethod: card.id, amount: 10692, currency: 'MYR' as const, description: 'Invoice', metadata: { invoice: 'in_1' } };
    const pending = await gateway().charge({ ...charge, idempotencyKey: 'in_3ds:attempt:1', offSession: false, returnUrl: 'http://localhost:3000/home/dashboard?flow=3ds' });
    const form = fake.requests.find((r) => r.idempotencyKey === 'in_3ds:attempt:1')?.form;
    expect(form?.get('return_url')).toBe('http://localhost:3000/home/dashboard?flow=3ds');
    expect(form?.get('off_session')).toBe('false');
    expect(pending).toMatchObject({ status: 'requires_action', method_type: 'card' });
    expect(pending.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: { url: `${fake.url}/fake/3ds/${pending.id}`, return_url: 'http://localhost:3000/home/dashboard?flow=3ds' },
    });
    expect(fake.authenticate(pending.id, 'succeeded')).toBe(`http://localhost:3000/home/dashboard?flow=3ds&payment_intent=${pending.id}&payment_intent_client_secret=${pending.client_secret}&redirect_status=succeeded`);
    expect(await gateway().retrievePayment(pending.id)).toMatchObject({ status: 'succeeded', next_action: null });
    // Off-session nobody can authenticate: Stripe refuses with authentication_required.
    const off = await gateway().charge({ ...charge, idempotencyKey: 'in_3ds:attempt:off', offSession: true, returnUrl: 'http://localhost:3000/ignored' });
    expect(off).toMatchObject({ status: 'failed', failure_code: 'authentication_required' });
    expect(fake.requests.find((r) => r.idempotencyKey === 'in_3ds:attempt:off')?.form.has('return_url')).toBe(false);
  });

  it('refuses without a bank and reports an offline bank in Stripe\'s words', async () => {
    const before = fake.requests.length;
    await expect(gateway().createBankRedirect({ ...input, bank: undefined, idempotencyKey: 'fpx_key_nobank' })).rejects.toBeInstanceOf(GatewayError);
    expect(fake.requests.length).toBe(before);
    fake.offlineBanks.add('rhb');
    await expect(gateway().createBankRedirect({ ...input, bank: 'rhb', idempotencyKey: 'fpx_key_offline' })).rejects.toMatchObject({
      code: 'gateway_unavailable',
      message: 'The selected bank is currently unavailable.',
    });
  });
});
