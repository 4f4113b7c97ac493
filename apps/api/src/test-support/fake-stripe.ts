import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CardBehavior as Behavior, TEST_CARDS as TEST_NUMBERS } from '../gateways/test-cards';

/*
 * A local stand-in for api.stripe.com that the official `stripe` SDK talks to over HTTP (STRIPE_API_BASE), so
 * the product's Stripe gateway is tested by the requests it really sends and the answers Stripe really gives:
 * Customers, SetupIntents, PaymentMethods (attach/detach), PaymentIntents (confirm, 3-D Secure through
 * `next_action.redirect_to_url`, FPX bank redirects, `amount_too_small`, declines by Stripe's test cards and
 * test PaymentMethod ids), idempotency keys replayed as Stripe does, Charges, Refunds, Disputes, and signed
 * webhook events. Behaviour follows docs.stripe.com (testing, idempotency, currencies, webhooks); where Stripe
 * leaves something open the fake says so beside it. `tools/scripts/fake-stripe.mjs` serves it for a rehearsal.
 */

/** One request the SDK sent, with its form body decoded. */
export type FakeStripeRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined };


/** Stripe's test PaymentMethod ids: each use makes a new PaymentMethod of that card (docs.stripe.com/testing). */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecureRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_chargeCustomerFail: '4000000000000341',
};

const DECLINES: Readonly<Record<string, { code: string; decline_code: string; message: string }>> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  attach_then_fail: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  authentication_required: { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
};

/**
 * The smallest charge per presentment currency, in minor units (docs.stripe.com/currencies, "Minimum and maximum
 * charge amounts"): MYR 2.00, SGD 0.50, THB 10.00, USD 0.50. PHP and TWD must convert to at least the settlement
 * currency's minimum (this fake settles in MYR: RM 2.00 is about ₱25 and NT$15).
 */
export const FAKE_STRIPE_MINIMUMS: Readonly<Record<string, number>> = { myr: 200, sgd: 50, thb: 1000, usd: 50, php: 2500, twd: 1500 };

type Obj = Record<string, unknown>;
type Customer = { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Obj; deleted?: true };
type PaymentMethod = { id: string; object: 'payment_method'; type: 'card' | 'fpx'; customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number } | null; behavior: Behavior; setUpOffSession: boolean };
type LastError = { type: string; code: string; decline_code?: string; message: string; payment_method?: Obj };
type NextAction = { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | { type: 'use_stripe_sdk'; use_stripe_sdk: Obj };
type Intent = {
  id: string;
  object: 'payment_intent';
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  description: string | null;
  client_secret: string;
  last_payment_error: LastError | null;
  next_action: NextAction | null;
  latest_charge: string | null;
  off_session: boolean;
  created: number;
};
type Charge = { id: string; object: 'charge'; amount: number; amount_refunded: number; currency: string; payment_intent: string; customer: string | null; refunded: boolean; disputed: boolean; status: 'succeeded'; metadata: Record<string, string>; created: number };
type Refund = { id: string; object: 'refund'; amount: number; currency: string; charge: string; payment_intent: string; status: 'succeeded' | 'pending' | 'failed'; reason: string | null; metadata: Record<string, string>; created: number };
type Dispute = { id: string; object: 'dispute'; amount: number; currency: string; charge: string; payment_intent: string; reason: string; status: 'needs_response' | 'under_review' | 'won' | 'lost'; created: number };
export type FakeStripeEvent = { id: string; object: 'event'; type: string; created: number; livemode: false; api_version: string; data: { object: Obj } };

/** A webhook endpoint: given the raw body and Stripe's headers, answers the HTTP status it returned. */
export type WebhookTarget = (payload: string, headers: Record<string, string>) => Promise<number>;

export type FakeStripeOptions = {
  /** The webhook signing secret (`whsec_…`) events are signed with. */
  webhookSecret?: string;
  /** Where events go when delivered (see `deliverWebhooks`); an http(s) URL or a function (tests: supertest). */
  webhookTarget?: string | WebhookTarget;
  /** Deliver each event as soon as it happens (a rehearsal), instead of when `deliverWebhooks` is called (tests). */
  autoDeliver?: boolean;
  /** Port to listen on (0: any free port). */
  port?: number;
  host?: string;
};

export type FakeStripe = {
  port: number;
  /** The origin to set as STRIPE_API_BASE. */
  url: string;
  requests: FakeStripeRequest[];
  /** The bank page an FPX payment waits on: where Stripe sends the customer. */
  bankPageOf: (id: string) => string;
  /** Banks that answer "offline" when a payment is confirmed with them. */
  offlineBanks: Set<string>;
  /** The bank's answer to an FPX payment, as Stripe records it (and the event it sends). */
  finish: (id: string, outcome: 'succeeded' | 'failed') => void;
  /** The issuer's answer on its 3-D Secure page; returns where the browser is sent back (return_url + outcome). */
  authenticate: (id: string, outcome: 'succeeded' | 'failed') => string;
  intent: (id: string) => Intent | undefined;
  intents: () => Intent[];
  charge: (id: string) => Charge | undefined;
  refunds: () => Refund[];
  customer: (id: string) => Customer | undefined;
  paymentMethod: (id: string) => PaymentMethod | undefined;
  /** A customer deleted in the Dashboard (or by another integration): later calls meet `resource_missing`. */
  deleteCustomer: (id: string) => void;
  /** Objects made elsewhere (the sandbox's seeded demo customers and cards) that this Stripe also knows. */
  adoptCustomer: (id: string, details?: { email?: string; name?: string }) => void;
  adoptCard: (input: { id: string; customer: string | null; number: string; expMonth?: number; expYear?: number }) => void;
  /** A payment made and succeeded outside the product's own calls (the buyer paid at the bank; an FPX retry). */
  refundFromDashboard: (paymentIntentId: string, amount?: number) => Refund;
  openDispute: (paymentIntentId: string, reason?: string) => Dispute;
  closeDispute: (disputeId: string, status: 'won' | 'lost') => Dispute;
  /** Emits an event of any type with this object (e.g. a payment_intent.succeeded Stripe sends again). */
  emit: (type: string, object: Obj) => FakeStripeEvent;
  events: FakeStripeEvent[];
  /** Signs an event's body as Stripe does: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
  sign: (payload: string, timestamp?: number) => string;
  setWebhookTarget: (target: string | WebhookTarget) => void;
  /** Delivers every event not yet delivered, oldest first; answers each delivery's HTTP status. */
  deliverWebhooks: () => Promise<{ event: FakeStripeEvent; status: number }[]>;
  /** Delivers one event again (Stripe delivers at least once). */
  redeliver: (eventId: string) => Promise<number>;
  close: () => Promise<void>;
};

const API_VERSION = '2026-10-28.endive';

/** Decodes Stripe's form encoding (`a[b][0]=x`) into nested objects and arrays. */
export const decodeForm = (form: URLSearchParams): Obj => {
  const root: Obj = {};
  for (const [key, value] of form) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Obj);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => arrays(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, arrays(v)]));
  };
  return arrays(root) as Obj;
};

/** An error as Stripe's API answers it, with the HTTP status the SDK turns into its error classes. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Obj = {}) => new ApiError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param: string) => new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

const bool = (value: unknown): boolean => value === 'true' || value === true;

export const startFakeStripe = async (options: FakeStripeOptions = {}): Promise<FakeStripe> => {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const setupIntents = new Map<string, Obj>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const disputes = new Map<string, Dispute>();
  const events: FakeStripeEvent[] = [];
  const delivered = new Set<string>();
  /** Idempotency: key → the request it was first used with and the answer given (replayed as is). */
  const saved = new Map<string, { fingerprint: string; status: number; body: Obj }>();
  const offlineBanks = new Set<string>();
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  let webhookTarget = options.webhookTarget;
  let origin = '';
  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  // ---- events and webhooks -------------------------------------------------------------------------------
  const sign = (payload: string, timestamp = now()) => `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`).digest('hex')}`;
  const deliver = async (event: FakeStripeEvent): Promise<number> => {
    if (!webhookTarget) throw new Error('fake Stripe: no webhook target');
    const payload = JSON.stringify(event, null, 2);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload) };
    delivered.add(event.id);
    if (typeof webhookTarget === 'function') return webhookTarget(payload, headers);
    const res = await fetch(webhookTarget, { method: 'POST', headers, body: payload });
    return res.status;
  };
  const emit = (type: string, object: Obj): FakeStripeEvent => {
    const event: FakeStripeEvent = { id: newId('evt'), object: 'event', type, created: now(), livemode: false, api_version: API_VERSION, data: { object: structuredClone(object) } };
    events.push(event);
    if (options.autoDeliver && webhookTarget) void deliver(event).catch(() => undefined);
    return event;
  };

  // ---- cards -----------------------------------------------------------------------------------------------
  const brandOf = (digits: string): string => (/^4/.test(digits) ? 'visa' : /^(5[1-5]|2[2-7])/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'unknown');
  const luhn = (digits: string): boolean => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  };
  const cardFrom = (number: string, expMonth = 12, expYear = new Date().getUTCFullYear() + 3, id = newId('pm'), customer: string | null = null): PaymentMethod => {
    const digits = number.replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits) || !luhn(digits)) throw new ApiError(402, { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' });
    const pm: PaymentMethod = { id, object: 'payment_method', type: 'card', customer, card: { brand: brandOf(digits), last4: digits.slice(-4), exp_month: expMonth, exp_year: expYear }, behavior: TEST_NUMBERS[digits] ?? 'succeed', setUpOffSession: false };
    paymentMethods.set(pm.id, pm);
    return pm;
  };
  /** A PaymentMethod by id; Stripe's test ids (`pm_card_visa`) make a new one each time. */
  const paymentMethodOf = (id: string, param = 'payment_method'): PaymentMethod => {
    const known = paymentMethods.get(id);
    if (known) return known;
    const number = TEST_PAYMENT_METHODS[id];
    if (number) return cardFrom(number);
    throw missing('PaymentMethod', id, param);
  };
  const publicPm = (pm: PaymentMethod): Obj => ({ id: pm.id, object: pm.object, type: pm.type, customer: pm.customer, card: pm.card, created: now(), livemode: false, metadata: {} });
  const liveCustomer = (id: string, param = 'customer'): Customer => {
    const customer = customers.get(id);
    if (!customer || customer.deleted) throw missing('customer', id, param);
    return customer;
  };

  // ---- payment intents -------------------------------------------------------------------------------------
  const publicIntent = (intent: Intent): Obj => ({ ...intent, livemode: false, confirmation_method: 'automatic', capture_method: 'automatic' });
  const chargeFor = (intent: Intent): Charge => {
    const charge: Charge = { id: newId('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, currency: intent.currency, payment_intent: intent.id, customer: intent.customer, refunded: false, disputed: false, status: 'succeeded', metadata: intent.metadata, created: now() };
    charges.set(charge.id, charge);
    return charge;
  };
  const succeed = (intent: Intent) => {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.latest_charge = chargeFor(intent).id;
    emit('charge.succeeded', charges.get(intent.latest_charge) as Obj);
    emit('payment_intent.succeeded', publicIntent(intent));
  };
  const fail = (intent: Intent, error: LastError) => {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = error;
    emit('payment_intent.payment_failed', publicIntent(intent));
  };
  /** A card refusal: Stripe answers 402 with the error and the PaymentIntent it left in requires_payment_method. */
  const cardRefusal = (intent: Intent, kind: keyof typeof DECLINES): ApiError => {
    const decline = DECLINES[kind];
    const pm = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
    fail(intent, { type: 'card_error', code: decline.code, decline_code: decline.decline_code, message: decline.message, ...(pm ? { payment_method: publicPm(pm) } : {}) });
    return new ApiError(402, { type: 'card_error', code: decline.code, decline_code: decline.decline_code, message: decline.message, payment_intent: publicIntent(intent), charge: null });
  };

  /** Confirms a card or FPX PaymentIntent as Stripe would; throws the refusal Stripe answers with. */
  const confirm = (intent: Intent, params: Obj): void => {
    const offSession = bool(params.off_session);
    const returnUrl = typeof params.return_url === 'string' ? params.return_url : null;
    intent.off_session = offSession;
    if (intent.payment_method_types.includes('fpx')) {
      const data = (params.payment_method_data ?? {}) as Obj;
      const bank = String(((data.fpx ?? {}) as Obj).bank ?? '');
      if (!returnUrl) throw invalid('A return_url is required to confirm an FPX PaymentIntent.', { param: 'return_url' });
      if (offlineBanks.has(bank)) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The selected bank is currently unavailable.' };
        return;
      }
      const pm: PaymentMethod = { id: newId('pm'), object: 'payment_method', type: 'fpx', customer: null, card: null, behavior: 'succeed', setUpOffSession: false };
      paymentMethods.set(pm.id, pm);
      intent.payment_method = pm.id;
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${origin}/fake/fpx/${intent.id}`, return_url: returnUrl } };
      return;
    }
    if (!intent.payment_method) throw invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', { code: 'payment_intent_unexpected_state' });
    const pm = paymentMethods.get(intent.payment_method) as PaymentMethod;
    if (pm.customer && intent.customer && pm.customer !== intent.customer) {
      throw invalid(`The provided PaymentMethod belongs to a different Customer.`, { param: 'payment_method' });
    }
    if (intent.customer && !pm.customer && offSession) {
      throw invalid('The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.', { param: 'payment_method' });
    }
    switch (pm.behavior) {
      case 'succeed':
        return succeed(intent);
      case 'setup_3ds':
        // Authenticated when it was set up for later payments: off-session charges then go through.
        if (offSession || pm.setUpOffSession) return succeed(intent);
        break;
      case 'always_3ds':
        break;
      default:
        throw cardRefusal(intent, pm.behavior);
    }
    // Authentication needed: off-session nobody can give it (a refusal); on-session the customer is sent to
    // the issuer's page when there is a return_url, else Stripe.js must handle it (use_stripe_sdk).
    if (offSession) throw cardRefusal(intent, 'authentication_required');
    intent.status = 'requires_action';
    intent.last_payment_error = null;
    intent.next_action = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { url: `${origin}/fake/3ds/${intent.id}`, return_url: returnUrl } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${origin}/fake/3ds/${intent.id}` } };
  };

  const createIntent = (params: Obj): Intent => {
    const amount = Number(params.amount);
    const currency = String(params.currency ?? '').toLowerCase();
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', { param: 'amount' });
    if (!currency) throw invalid('Missing required param: currency.', { param: 'currency' });
    const minimum = FAKE_STRIPE_MINIMUMS[currency];
    if (minimum !== undefined && amount < minimum) {
      throw invalid(`Amount must be at least ${currency === 'myr' ? 'RM 2.00 myr' : `${minimum} ${currency} minor units`}`, { code: 'amount_too_small', param: 'amount', doc_url: 'https://stripe.com/docs/error-codes/amount-too-small' });
    }
    const customer = typeof params.customer === 'string' ? liveCustomer(params.customer).id : null;
    const types = (params.allowed_payment_method_types ?? params.payment_method_types ?? ['card']) as string[];
    const isFpx = types.includes('fpx') || ((params.payment_method_data ?? {}) as Obj).type === 'fpx';
    const pm = !isFpx && typeof params.payment_method === 'string' ? paymentMethodOf(params.payment_method) : null;
    const id = newId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      amount,
      amount_received: 0,
      currency,
      customer,
      payment_method: pm?.id ?? null,
      payment_method_types: isFpx ? ['fpx'] : ['card'],
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      description: typeof params.description === 'string' ? params.description : null,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      off_session: false,
      created: now(),
    };
    intents.set(id, intent);
    emit('payment_intent.created', publicIntent(intent));
    if (bool(params.confirm)) confirm(intent, params);
    return intent;
  };
  const intentOf = (id: string): Intent => {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    return intent;
  };

  // ---- refunds and disputes ----------------------------------------------------------------------------------
  const refund = (params: { payment_intent?: string; charge?: string; amount?: number; reason?: string | null; metadata?: Record<string, string> }): Refund => {
    const intent = params.payment_intent ? intentOf(params.payment_intent) : undefined;
    const chargeId = params.charge ?? intent?.latest_charge;
    const charge = chargeId ? charges.get(chargeId) : undefined;
    if (!charge) throw invalid(`This PaymentIntent (${params.payment_intent}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount ?? left;
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', { param: 'amount' });
    if (amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' });
    const made: Refund = { id: newId('re'), object: 'refund', amount, currency: charge.currency, charge: charge.id, payment_intent: charge.payment_intent, status: 'succeeded', reason: params.reason ?? null, metadata: params.metadata ?? {}, created: now() };
    refunds.set(made.id, made);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('refund.created', made);
    emit('charge.refunded', { ...charge, refunds: { object: 'list', data: [...refunds.values()].filter((r) => r.charge === charge.id) } });
    return made;
  };
  const disputeOf = (id: string): Dispute => {
    const dispute = disputes.get(id);
    if (!dispute) throw new Error(`fake Stripe has no dispute ${id}`);
    return dispute;
  };

  // ---- HTTP ----------------------------------------------------------------------------------------------------
  type Route = { method: string; pattern: RegExp; run: (match: RegExpExecArray, params: Obj) => Obj };
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      run: (_m, p) => {
        const customer: Customer = { id: newId('cus'), object: 'customer', email: (p.email as string) ?? null, name: (p.name as string) ?? null, metadata: (p.metadata as Obj) ?? {} };
        customers.set(customer.id, customer);
        return customer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: ([, id]) => {
        const customer = customers.get(id);
        if (!customer) throw missing('customer', id, 'id');
        return customer.deleted ? { id, object: 'customer', deleted: true } : customer;
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: ([, id]) => {
        liveCustomer(id, 'id').deleted = true;
        return { id, object: 'customer', deleted: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      run: (_m, p) => {
        const customer = typeof p.customer === 'string' ? liveCustomer(p.customer).id : null;
        const id = newId('seti');
        const intent = { id, object: 'setup_intent', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, customer, usage: p.usage ?? 'off_session', status: 'requires_payment_method', payment_method: null };
        setupIntents.set(id, intent);
        return intent;
      },
    },
    {
      // What Stripe.js does with the client secret: the card is checked and saved for off-session use.
      method: 'POST',
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      run: ([, id], p) => {
        const intent = setupIntents.get(id);
        if (!intent) throw missing('setup_intent', id, 'intent');
        const pm = paymentMethodOf(String(p.payment_method));
        const refusal = DECLINES[pm.behavior];
        if (refusal && pm.behavior !== 'attach_then_fail') throw new ApiError(402, { type: 'card_error', ...refusal, setup_intent: intent });
        pm.customer = (intent.customer as string | null) ?? pm.customer;
        pm.setUpOffSession = true;
        Object.assign(intent, { status: 'succeeded', payment_method: pm.id });
        return intent;
      },
    },
    {
      // Stripe.js creates the PaymentMethod in the browser; raw card numbers reach the API in test mode only.
      method: 'POST',
      pattern: /^\/v1\/payment_methods$/,
      run: (_m, p) => {
        const card = (p.card ?? {}) as Obj;
        return publicPm(cardFrom(String(card.number ?? ''), Number(card.exp_month ?? 12), Number(card.exp_year ?? new Date().getUTCFullYear() + 3)));
      },
    },
    { method: 'GET', pattern: /^\/v1\/payment_methods\/([^/]+)$/, run: ([, id]) => publicPm(paymentMethodOf(id, 'payment_method')) },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      run: ([, id], p) => {
        const customer = liveCustomer(String(p.customer));
        const pm = paymentMethodOf(id, 'payment_method');
        if (pm.customer && pm.customer !== customer.id) throw invalid('The payment method you provided has already been attached to a customer.', { param: 'payment_method' });
        // Attaching checks the card with the issuer: a card that declines every charge is refused here.
        const refusal = pm.behavior === 'attach_then_fail' || pm.behavior === 'always_3ds' || pm.behavior === 'setup_3ds' || pm.behavior === 'succeed' ? null : DECLINES[pm.behavior];
        if (refusal) throw new ApiError(402, { type: 'card_error', ...refusal, param: '' });
        pm.customer = customer.id;
        return publicPm(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      run: ([, id]) => {
        const pm = paymentMethodOf(id, 'payment_method');
        if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', { param: 'payment_method' });
        pm.customer = null;
        return publicPm(pm);
      },
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, run: (_m, p) => publicIntent(createIntent(p)) },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, run: ([, id]) => publicIntent(intentOf(id)) },
    {
      // A list, newest first, filtered by customer, paged with limit and starting_after, as Stripe's.
      method: 'GET',
      pattern: /^\/v1\/payment_intents$/,
      run: (_m, p) => {
        const limit = Math.min(Math.max(Number(p.limit ?? 10), 1), 100);
        const all = [...intents.values()].filter((intent) => p.customer === undefined || intent.customer === p.customer).reverse();
        const after = typeof p.starting_after === 'string' ? all.findIndex((intent) => intent.id === p.starting_after) + 1 : 0;
        const data = all.slice(after, after + limit);
        return { object: 'list', url: '/v1/payment_intents', has_more: after + limit < all.length, data: data.map(publicIntent) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      run: ([, id], p) => {
        const intent = intentOf(id);
        if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          throw invalid(`This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`, { code: 'payment_intent_unexpected_state', payment_intent: publicIntent(intent) });
        }
        if (typeof p.payment_method === 'string') intent.payment_method = paymentMethodOf(p.payment_method).id;
        confirm(intent, p);
        return publicIntent(intent);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      run: ([, id]) => {
        const intent = intentOf(id);
        if (intent.status === 'succeeded') throw invalid('You cannot cancel this PaymentIntent because it has a status of succeeded.', { code: 'payment_intent_unexpected_state' });
        intent.status = 'canceled';
        intent.next_action = null;
        emit('payment_intent.canceled', publicIntent(intent));
        return publicIntent(intent);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      run: ([, id]) => {
        const charge = charges.get(id);
        if (!charge) throw missing('charge', id, 'id');
        return charge;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      run: (_m, p) =>
        refund({
          payment_intent: p.payment_intent as string | undefined,
          charge: p.charge as string | undefined,
          amount: p.amount === undefined ? undefined : Number(p.amount),
          reason: (p.reason as string | undefined) ?? null,
          metadata: p.metadata as Record<string, string> | undefined,
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      run: ([, id]) => {
        const found = refunds.get(id);
        if (!found) throw missing('refund', id, 'id');
        return found;
      },
    },
  ];

  /** The customer's side of the pages Stripe sends them to (3-D Secure, the FPX bank): pick an outcome, go back. */
  const pageOutcome = (kind: '3ds' | 'fpx', id: string, outcome: 'succeeded' | 'failed'): string => {
    const intent = intentOf(id);
    const back = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url.return_url : null;
    if (intent.status === 'requires_action') {
      if (outcome === 'succeeded') succeed(intent);
      else if (kind === '3ds') {
        const pm = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
        fail(intent, { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', ...(pm ? { payment_method: publicPm(pm) } : {}) });
      } else fail(intent, { type: 'invalid_request_error', code: 'payment_intent_payment_attempt_failed', message: 'The customer cancelled or the bank refused the payment.' });
    }
    const target = new URL(back ?? `${origin}/`);
    target.searchParams.set('payment_intent', intent.id);
    target.searchParams.set('payment_intent_client_secret', intent.client_secret);
    target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
    return target.toString();
  };
  const page = (kind: '3ds' | 'fpx', intent: Intent): string => {
    const title = kind === '3ds' ? '3D Secure 2 Test Page' : 'FPX test bank';
    const [yes, no] = kind === '3ds' ? ['Complete authentication', 'Fail authentication'] : ['Authorize test payment', 'Fail test payment'];
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}</p><form method="post" action="/fake/${kind}/${intent.id}/complete"><button name="outcome" value="succeeded">${yes}</button> <button name="outcome" value="failed">${no}</button></form></main></body></html>`;
  };

  const fingerprint = (method: string, path: string, body: string) => `${method} ${path}\n${[...new URLSearchParams(body)].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('&')}`;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const method = String(req.method);
      const url = new URL(String(req.url), 'http://fake');
      const path = url.pathname;
      const form = new URLSearchParams(method === 'GET' || method === 'DELETE' ? url.search : body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const send = (status: number, value: Obj | string, headers: Record<string, string> = {}) => {
        const html = typeof value === 'string';
        res.writeHead(status, { 'content-type': html ? 'text/html; charset=utf-8' : 'application/json', 'request-id': `req_${requests.length}`, ...headers });
        res.end(html ? value : JSON.stringify(value));
      };
      const pageMatch = /^\/fake\/(3ds|fpx)\/([^/]+)(\/complete)?$/.exec(path);
      if (pageMatch) {
        const [, kind, id, complete] = pageMatch as unknown as [string, '3ds' | 'fpx', string, string | undefined];
        const intent = intents.get(id);
        if (!intent) return send(404, '<!doctype html><title>Not found</title><p>No such payment.</p>');
        if (!complete) return send(200, page(kind, intent));
        const outcome = form.get('outcome') === 'succeeded' ? 'succeeded' : 'failed';
        res.writeHead(303, { location: pageOutcome(kind, id, outcome) });
        return res.end();
      }
      requests.push({ method, path, form, idempotencyKey });
      const route = routes.find((r) => r.method === method && r.pattern.test(path));
      if (!route) return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
      // Idempotency (docs.stripe.com/idempotency): a POST with a known key replays the first answer (errors
      // included) when its parameters match, and is refused when they differ. A request refused before it ran
      // (a 400 for its parameters) is not saved: the same key may be tried again.
      const print = fingerprint(method, path, body);
      if (method === 'POST' && idempotencyKey) {
        const first = saved.get(idempotencyKey);
        if (first && first.fingerprint !== print) {
          return send(400, {
            error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` },
          });
        }
        if (first) return send(first.status, first.body, { 'idempotent-replayed': 'true', 'original-request': 'req_replayed' });
      }
      let status = 200;
      let answer: Obj;
      try {
        answer = route.run(route.pattern.exec(path) as RegExpExecArray, decodeForm(form));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        status = error.status;
        answer = { error: error.body };
      }
      if (method === 'POST' && idempotencyKey && (status === 200 || status === 402)) saved.set(idempotencyKey, { fingerprint: print, status, body: answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    port,
    url: origin,
    requests,
    bankPageOf: (id) => `${origin}/fake/fpx/${id}`,
    offlineBanks,
    finish: (id, outcome) => {
      pageOutcome('fpx', id, outcome);
    },
    authenticate: (id, outcome) => pageOutcome('3ds', id, outcome),
    intent: (id) => intents.get(id),
    intents: () => [...intents.values()],
    charge: (id) => charges.get(id),
    refunds: () => [...refunds.values()],
    customer: (id) => customers.get(id),
    paymentMethod: (id) => paymentMethods.get(id),
    deleteCustomer: (id) => {
      liveCustomer(id).deleted = true;
      emit('customer.deleted', { id, object: 'customer', deleted: true });
    },
    adoptCustomer: (id, details = {}) => {
      if (!customers.has(id)) customers.set(id, { id, object: 'customer', email: details.email ?? null, name: details.name ?? null, metadata: {} });
    },
    adoptCard: ({ id, customer, number, expMonth, expYear }) => {
      if (!paymentMethods.has(id)) cardFrom(number, expMonth, expYear, id, customer).setUpOffSession = customer !== null;
    },
    refundFromDashboard: (paymentIntentId, amount) => refund({ payment_intent: paymentIntentId, amount }),
    openDispute: (paymentIntentId, reason = 'fraudulent') => {
      const intent = intentOf(paymentIntentId);
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge) throw new Error(`fake Stripe: ${paymentIntentId} has no charge to dispute`);
      const dispute: Dispute = { id: newId('dp'), object: 'dispute', amount: charge.amount, currency: charge.currency, charge: charge.id, payment_intent: intent.id, reason, status: 'needs_response', created: now() };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      emit('charge.dispute.created', dispute);
      return dispute;
    },
    closeDispute: (disputeId, status) => {
      const dispute = disputeOf(disputeId);
      dispute.status = status;
      emit('charge.dispute.closed', dispute);
      return dispute;
    },
    emit,
    events,
    sign,
    setWebhookTarget: (target) => {
      webhookTarget = target;
    },
    deliverWebhooks: async () => {
      const answers: { event: FakeStripeEvent; status: number }[] = [];
      for (const event of events.filter((e) => !delivered.has(e.id))) answers.push({ event, status: await deliver(event) });
      return answers;
    },
    redeliver: (eventId) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`fake Stripe has no event ${eventId}`);
      return deliver(event);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
