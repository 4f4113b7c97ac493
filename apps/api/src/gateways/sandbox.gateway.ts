import { createHash, randomBytes } from 'node:crypto';
import type { CardBrand, CurrencyCode } from '@merchant-hub/domain';
import { isCardNumber } from '@merchant-hub/validation';
import type { Clock } from '../clock';
import type { Db } from '../db/knex';
import {
  type BankRedirect,
  type BankRedirectInput,
  type ChargeInput,
  type GatewayCard,
  GatewayError,
  type GatewayExec,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './port';
import { type ChargeLedger, createChargeLedger, createSandboxFaults, faultError, type FaultSettings, type SandboxFaults } from './sandbox-faults';
import { DECLINE_MESSAGES, TEST_CARDS, attachRefusal, brandOf, chargeRefusal, type CardBehavior } from './test-cards';
import { verifyStripeSignature } from './webhook-signature';

export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_merchant_hub';

const randomId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = (clock: Clock): number => Math.floor(clock.now().getTime() / 1000);

export type NewCardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

type IntentRow = {
  id: string;
  kind: string;
  client_secret: string;
  customer: string | null;
  amount: number | null;
  currency: string | null;
  method_type: string;
  payment_method: string | null;
  status: string;
  failure_code: string | null;
  failure_message: string | null;
  request_hash: string | null;
  return_url: string | null;
  metadata: string | null;
};

const toPayment = (row: IntentRow, publicUrl = ''): GatewayPayment => ({
  id: row.id,
  status: row.status as GatewayPayment['status'],
  amount: Number(row.amount ?? 0),
  currency: (row.currency ?? 'MYR') as CurrencyCode,
  method_type: row.method_type as 'card' | 'fpx',
  payment_method: row.payment_method,
  failure_code: row.failure_code,
  failure_message: row.failure_message,
  metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {},
  client_secret: row.client_secret,
  next_action:
    row.status === 'requires_action' && row.method_type === 'card' && row.return_url
      ? { type: 'redirect_to_url', redirect_to_url: { url: `${pageOrigin(publicUrl, row.return_url)}/api/sandbox/3ds/${row.id}`, return_url: row.return_url } }
      : null,
});

/**
 * The sandbox's bank and 3-D Secure pages are served by this API on the origin the browser comes back to (which
 * the API chose: see http/origin.ts), so opening the product through another host never sends it to PUBLIC_URL's.
 */
const pageOrigin = (publicUrl: string, returnUrl: string | null | undefined): string => {
  const back = returnUrl ? URL.parse(returnUrl) : null;
  return back && (back.protocol === 'http:' || back.protocol === 'https:') ? back.origin : publicUrl;
};

const requestHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export type SandboxGateway = PaymentGateway & {
  /** The stand-in for Stripe.js: turns a typed card into a payment method id. */
  createPaymentMethod: (input: NewCardInput, exec?: GatewayExec) => Promise<{ id: string; brand: CardBrand; last4: string }>;
  /** The FPX page's buttons: the bank's answer. */
  completeBankPayment: (id: string, outcome: 'succeeded' | 'failed', exec?: GatewayExec) => Promise<GatewayPayment & { return_url: string | null }>;
  findBankPayment: (id: string, exec?: GatewayExec) => Promise<(GatewayPayment & { return_url: string | null }) | null>;
  /** The 3-D Secure page's buttons: the card issuer's answer to a card payment waiting for authentication. */
  completeAuthentication: (id: string, outcome: 'succeeded' | 'failed', exec?: GatewayExec) => Promise<GatewayPayment & { return_url: string | null }>;
  findCardPayment: (id: string, exec?: GatewayExec) => Promise<(GatewayPayment & { return_url: string | null }) | null>;
  /** Test-only fault injection (issue 13); inert unless a test scripts or configures it. */
  faults: SandboxFaults;
};

export type SandboxOptions = { db: Db; clock: Clock; publicUrl: string; faults?: FaultSettings; ledgerFile?: string };

/**
 * The embedded gateway: state lives in the application's database (tables `sandbox_*`), cards behave like
 * Stripe's public test numbers, FPX payments wait on a page served by the API.
 */
export const createSandboxGateway = (deps: SandboxOptions): SandboxGateway => {
  const { db, clock } = deps;
  const faults = createSandboxFaults(deps.faults);
  const ledger: ChargeLedger | null = deps.ledgerFile ? createChargeLedger(deps.ledgerFile) : null;
  const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

  const cardBehavior = async (exec: GatewayExec, paymentMethod: string): Promise<{ row: Record<string, unknown>; behavior: CardBehavior }> => {
    const row = await exec('sandbox_payment_methods').where({ id: paymentMethod }).first();
    if (!row) throw new GatewayError('resource_missing', `No such PaymentMethod: '${paymentMethod}'`);
    return { row, behavior: row.behavior as CardBehavior };
  };

  const findByKey = async (exec: GatewayExec, key: string): Promise<IntentRow | undefined> =>
    exec('sandbox_intents').where({ idempotency_key: key }).first();

  /** Stripe's idempotency: same key and same request replays, same key and another request is an error. */
  const replay = (row: IntentRow, hash: string): GatewayPayment => {
    if (row.request_hash !== hash) {
      throw new GatewayError('idempotency_key_in_use', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    return toPayment(row, deps.publicUrl);
  };

  /** `looked`: the caller has just looked the key up (and found nothing): no second read. */
  const insertOnce = async (exec: GatewayExec, row: IntentRow & { idempotency_key: string; created_at: number }, hash: string, looked = false): Promise<GatewayPayment> => {
    const existing = looked ? undefined : await findByKey(exec, row.idempotency_key);
    if (existing) return replay(existing, hash);
    try {
      await exec('sandbox_intents').insert(row);
    } catch (error) {
      // Another connection stored the same key between our read and insert: its answer is the answer.
      const raced = await findByKey(exec, row.idempotency_key);
      if (raced) return replay(raced, hash);
      throw error;
    }
    return toPayment(row, deps.publicUrl);
  };

  /** The payment intent a card charge makes, from the card's test behaviour (a card of another customer is declined). */
  const cardIntent = (input: ChargeInput, card: Record<string, unknown>, hash: string) => {
    const refusal = card.customer === input.customer ? chargeRefusal(card.behavior as CardBehavior) : 'card_declined';
    const needsAction = refusal === 'authentication_required' && !input.offSession;
    const id = randomId('pi');
    return {
      id,
      kind: 'payment',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer: input.customer,
      amount: input.amount,
      currency: input.currency,
      method_type: 'card',
      payment_method: input.paymentMethod,
      status: needsAction ? 'requires_action' : refusal ? 'failed' : 'succeeded',
      // Waiting for the customer is not a refusal yet: Stripe reports no error until authentication fails.
      failure_code: needsAction ? null : refusal,
      failure_message: refusal && !needsAction ? DECLINE_MESSAGES[refusal] : null,
      request_hash: hash,
      return_url: needsAction ? (input.returnUrl ?? null) : null,
      metadata: JSON.stringify(input.metadata ?? {}),
      idempotency_key: input.idempotencyKey,
      created_at: seconds(clock),
    };
  };

  const chargeHash = (input: ChargeInput): string => requestHash({ c: input.customer, pm: input.paymentMethod, a: input.amount, cur: input.currency });

  const gateway: SandboxGateway = {
    name: 'sandbox',

    createCustomer: async () => randomId('cus'),

    createPaymentMethod: async (input, exec = db) => {
      const digits = input.number.replace(/[\s-]/g, '');
      if (!isCardNumber(digits)) throw new GatewayError('incorrect_number', DECLINE_MESSAGES.incorrect_number);
      const now = clock.now();
      const expired = input.exp_year < now.getUTCFullYear() || (input.exp_year === now.getUTCFullYear() && input.exp_month < now.getUTCMonth() + 1);
      if (input.exp_month < 1 || input.exp_month > 12 || expired) throw new GatewayError('invalid_expiry', DECLINE_MESSAGES.invalid_expiry);
      const id = randomId('pm');
      const brand = brandOf(digits);
      const last4 = digits.slice(-4);
      await exec('sandbox_payment_methods').insert({
        id,
        brand,
        last4,
        exp_month: input.exp_month,
        exp_year: input.exp_year,
        behavior: TEST_CARDS[digits] ?? 'succeed',
        customer: null,
        created_at: seconds(clock),
      });
      return { id, brand, last4 };
    },

    createSetupIntent: async ({ customer }, exec = db) => {
      const id = randomId('seti');
      const clientSecret = `${id}_secret_${randomBytes(8).toString('hex')}`;
      await exec('sandbox_intents').insert({
        id,
        kind: 'setup',
        client_secret: clientSecret,
        customer,
        method_type: 'card',
        status: 'requires_payment_method',
        created_at: seconds(clock),
      });
      return { id, client_secret: clientSecret };
    },

    attachPaymentMethod: async ({ customer, paymentMethod }, exec = db): Promise<GatewayCard> => {
      const { row, behavior } = await cardBehavior(exec, paymentMethod);
      if (row.customer && row.customer !== customer) {
        throw new GatewayError('resource_missing', 'This PaymentMethod was previously used with another customer');
      }
      const refusal = attachRefusal(behavior);
      if (refusal) throw new GatewayError(refusal === 'insufficient_funds' ? 'insufficient_funds' : refusal, DECLINE_MESSAGES[refusal]);
      await exec('sandbox_payment_methods').where({ id: paymentMethod }).update({ customer });
      return {
        id: paymentMethod,
        brand: row.brand as CardBrand,
        last4: String(row.last4),
        exp_month: Number(row.exp_month),
        exp_year: Number(row.exp_year),
      };
    },

    detachPaymentMethod: async ({ paymentMethod }, exec = db) => {
      await exec('sandbox_payment_methods').where({ id: paymentMethod }).update({ customer: null });
    },

    batch: (work) => db.transaction((tx) => work(tx)),

    // Three statements for the lot (keys seen, cards, new intents) instead of three per charge. Faults and the
    // provider's ledger (tests) act per call, so with either in play the caller asks each charge through `charge`.
    chargeMany: async (inputs, exec = db) => {
      if (ledger || !faults.quiet()) return null;
      const keys = inputs.map((input) => input.idempotencyKey);
      const seen = new Map<string, IntentRow>((await exec('sandbox_intents').whereIn('idempotency_key', keys)).map((row: IntentRow & { idempotency_key: string }) => [row.idempotency_key, row]));
      const cards = new Map((await exec('sandbox_payment_methods').whereIn('id', [...new Set(inputs.map((input) => input.paymentMethod))])).map((row) => [String(row.id), row]));
      const fresh: ReturnType<typeof cardIntent>[] = [];
      const answer = (input: ChargeInput): GatewayPayment | Error => {
        const hash = chargeHash(input);
        const known = seen.get(input.idempotencyKey);
        if (known) return replay(known, hash);
        const card = cards.get(input.paymentMethod);
        if (!card) throw new GatewayError('resource_missing', `No such PaymentMethod: '${input.paymentMethod}'`);
        const intent = cardIntent(input, card, hash);
        // The same key twice in one call: the second replays the first.
        seen.set(input.idempotencyKey, intent);
        fresh.push(intent);
        return toPayment(intent, deps.publicUrl);
      };
      const answers = inputs.map((input) => {
        try {
          return answer(input);
        } catch (error) {
          return error as Error;
        }
      });
      if (fresh.length === 0) return answers;
      const stored = new Set((await exec('sandbox_intents').insert(fresh).onConflict('idempotency_key').ignore().returning('id')).map((row: { id: string } | string) => (typeof row === 'object' ? row.id : row)));
      const raced = fresh.filter((intent) => !stored.has(intent.id));
      if (raced.length === 0) return answers;
      // Another connection stored some of these keys between our read and insert: its answers are the answers.
      const racedKeys = new Set(raced.map((intent) => intent.idempotency_key));
      const theirs = new Map<string, IntentRow>((await exec('sandbox_intents').whereIn('idempotency_key', raced.map((intent) => intent.idempotency_key))).map((row: IntentRow & { idempotency_key: string }) => [row.idempotency_key, row]));
      return inputs.map((input, i) => {
        const row = racedKeys.has(input.idempotencyKey) ? theirs.get(input.idempotencyKey) : undefined;
        if (!row) return answers[i];
        try {
          return replay(row, chargeHash(input));
        } catch (error) {
          return error as Error;
        }
      });
    },

    charge: async (input: ChargeInput, exec = db) => {
      const fault = faults.next();
      // Refused before reaching the provider: nothing was charged.
      if (fault === 'timeout' || fault === 'error500') {
        await pause(faults.slowMs());
        throw faultError(fault);
      }
      const hash = chargeHash(input);
      // The provider's own record first: a charge made before the caller's transaction was lost is replayed.
      const recorded = ledger?.find(input.idempotencyKey);
      if (recorded) {
        const answer = replay(recorded.row as IntentRow, hash);
        if (!(await findByKey(exec, input.idempotencyKey))) await exec('sandbox_intents').insert(recorded.row);
        await pause(faults.slowMs());
        if (fault === 'lose_answer') throw faultError(fault);
        return answer;
      }
      const existing = await findByKey(exec, input.idempotencyKey);
      if (existing) return replay(existing, hash);
      const { row } = await cardBehavior(exec, input.paymentMethod);
      const intent = cardIntent(input, row, hash);
      const id = intent.id;
      const payment = await insertOnce(exec, intent, hash, true);
      if (ledger && payment.id === id) {
        ledger.record({ id, idempotency_key: input.idempotencyKey, request_hash: hash, status: intent.status, amount: input.amount, currency: input.currency, customer: input.customer, row: intent });
      }
      // A slow answer says so on stdout: a crash test kills the process while the charge is held.
      if (faults.slowMs() > 0) process.stdout.write(`sandbox fault: charge ${input.idempotencyKey} held ${faults.slowMs()} ms\n`);
      await pause(faults.slowMs());
      // The money is taken; the answer never reaches the caller.
      if (fault === 'lose_answer') throw faultError(fault);
      return payment;
    },

    createBankRedirect: async (input: BankRedirectInput, exec = db): Promise<BankRedirect> => {
      const hash = requestHash({ c: input.customer, a: input.amount, cur: input.currency, m: input.metadata, b: input.bank ?? null });
      const id = randomId('pi');
      const payment = await insertOnce(
        exec,
        {
          id,
          kind: 'payment',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          customer: input.customer,
          amount: input.amount,
          currency: input.currency,
          method_type: 'fpx',
          payment_method: null,
          status: 'requires_action',
          failure_code: null,
          failure_message: null,
          request_hash: hash,
          return_url: input.returnUrl,
          metadata: JSON.stringify(input.metadata),
          idempotency_key: input.idempotencyKey,
          created_at: seconds(clock),
        },
        hash,
      );
      return {
        payment,
        client_secret: payment.client_secret ?? '',
        redirect_url: `${pageOrigin(deps.publicUrl, input.returnUrl)}/api/sandbox/fpx/${payment.id}`,
      };
    },

    findBankPayment: async (id, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ id, method_type: 'fpx' }).first();
      return row ? { ...toPayment(row, deps.publicUrl), return_url: row.return_url } : null;
    },

    completeBankPayment: async (id, outcome, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ id, method_type: 'fpx' }).first();
      if (!row) throw new GatewayError('resource_missing', `No such PaymentIntent: '${id}'`);
      // The bank answers once; pressing the other button afterwards changes nothing.
      if (row.status === 'requires_action') {
        const failed = outcome === 'failed';
        await exec('sandbox_intents')
          .where({ id, status: 'requires_action' })
          .update({
            status: outcome,
            payment_method: randomId('pm_fpx'),
            failure_code: failed ? 'payment_intent_payment_attempt_failed' : null,
            failure_message: failed ? 'The customer cancelled or the bank refused the payment.' : null,
          });
      }
      const updated: IntentRow = await exec('sandbox_intents').where({ id }).first();
      return { ...toPayment(updated, deps.publicUrl), return_url: updated.return_url };
    },

    findCardPayment: async (id, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ id, kind: 'payment', method_type: 'card' }).first();
      return row ? { ...toPayment(row, deps.publicUrl), return_url: row.return_url } : null;
    },

    completeAuthentication: async (id, outcome, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ id, kind: 'payment', method_type: 'card' }).first();
      if (!row) throw new GatewayError('resource_missing', `No such PaymentIntent: '${id}'`);
      // The issuer answers once; a second press (or the other button) changes nothing.
      if (row.status === 'requires_action') {
        const failed = outcome === 'failed';
        await exec('sandbox_intents')
          .where({ id, status: 'requires_action' })
          .update({
            status: outcome,
            failure_code: failed ? 'payment_intent_authentication_failure' : null,
            failure_message: failed ? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' : null,
          });
      }
      const updated: IntentRow = await exec('sandbox_intents').where({ id }).first();
      return { ...toPayment(updated, deps.publicUrl), return_url: updated.return_url };
    },

    retrievePayment: async (id, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ id, kind: 'payment' }).first();
      return row ? toPayment(row, deps.publicUrl) : null;
    },

    findPaymentByKey: async ({ customer, idempotencyKey }, exec = db) => {
      const row: IntentRow | undefined = await exec('sandbox_intents').where({ idempotency_key: idempotencyKey, kind: 'payment', customer }).first();
      if (row) return toPayment(row, deps.publicUrl);
      // The provider's own record (the crash tests' ledger file) outlives a rolled-back transaction of ours.
      const recorded = ledger?.find(idempotencyKey);
      return recorded && recorded.customer === customer ? toPayment(recorded.row as IntentRow, deps.publicUrl) : null;
    },

    refund: async (input, exec = db): Promise<GatewayRefund> => {
      const hash = requestHash({ paymentRef: input.paymentRef, amountMinor: input.amountMinor });
      const asRefund = (row: { id: string; payment_ref: string; amount: number | string; currency: string }): GatewayRefund => ({
        id: row.id,
        paymentRef: row.payment_ref,
        amountMinor: Number(row.amount),
        currency: row.currency as CurrencyCode,
        status: 'succeeded',
      });
      const earlier = await exec('sandbox_refunds').where({ idempotency_key: input.idempotencyKey }).first();
      if (earlier) {
        if (earlier.request_hash !== hash) throw new GatewayError('idempotency_key_in_use', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        return asRefund(earlier);
      }
      const payment: IntentRow | undefined = await exec('sandbox_intents').where({ id: input.paymentRef, kind: 'payment' }).first();
      if (!payment) throw new GatewayError('resource_missing', `No such payment_intent: '${input.paymentRef}'`);
      if (payment.status !== 'succeeded') throw new GatewayError('refund_refused', `This PaymentIntent (${payment.id}) does not have a successful charge to refund.`);
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new GatewayError('refund_refused', 'Refund amount must be a positive whole number of minor units.');
      const [{ done }] = await exec('sandbox_refunds').where({ payment_ref: payment.id }).sum({ done: 'amount' });
      const left = Number(payment.amount ?? 0) - Number(done ?? 0);
      if (left <= 0) throw new GatewayError('refund_refused', `Charge for ${payment.id} has already been refunded.`);
      if (input.amountMinor > left) throw new GatewayError('refund_refused', `Refund amount (${input.amountMinor}) is greater than unrefunded amount on charge (${left})`);
      const row = {
        id: randomId('re'),
        payment_ref: payment.id,
        amount: input.amountMinor,
        currency: payment.currency ?? 'MYR',
        reason: input.reason.slice(0, 100),
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        created_at: seconds(clock),
      };
      await exec('sandbox_refunds').insert(row);
      return asRefund(row);
    },

    verifyWebhook: (rawBody, header, nowSeconds) => verifyStripeSignature(rawBody, header, SANDBOX_WEBHOOK_SECRET, nowSeconds),

    faults,
  };
  return gateway;
};
