import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the SDK sent, with its form body decoded. */
export type FakeStripeRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined };

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  client_secret: string;
  last_payment_error: { code: string; message: string } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
};

export type FakeStripe = {
  port: number;
  requests: FakeStripeRequest[];
  /** What the bank page would show for an intent: where Stripe sends the customer. */
  bankPageOf: (id: string) => string;
  /** Banks that answer "offline" when a payment is confirmed with them. */
  offlineBanks: Set<string>;
  /** The bank's answer, as Stripe records it: succeeded, or back to requires_payment_method with an error. */
  finish: (id: string, outcome: 'succeeded' | 'failed') => void;
  intent: (id: string) => FakeIntent | undefined;
  close: () => Promise<void>;
};

/**
 * A local stand-in for api.stripe.com, enough for the FPX and customer calls: the real `stripe` SDK talks to
 * it over HTTP, so the tests see the exact form fields and headers the SDK sends.
 */
export const startFakeStripe = async (): Promise<FakeStripe> => {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const offlineBanks = new Set<string>();
  let serial = 0;
  const bankPageOf = (id: string) => `https://fpx.stripe.test/bank/${id}`;

  const createIntent = (form: URLSearchParams): FakeIntent => {
    serial += 1;
    const id = `pi_fake_${serial}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]] = value;
    }
    const card = form.get('payment_method');
    if (card) {
      // Cards: `pm_card_threeDSecureRequired` (Stripe's test method) waits for 3-D Secure, any other card pays.
      const needsAction = card === 'pm_card_threeDSecureRequired' && form.get('off_session') !== 'true';
      const returnUrl = form.get('return_url');
      return {
        id,
        object: 'payment_intent',
        status: needsAction ? 'requires_action' : 'succeeded',
        amount: Number(form.get('amount')),
        currency: String(form.get('currency')),
        customer: form.get('customer'),
        payment_method: card,
        payment_method_types: ['card'],
        metadata,
        client_secret: `${id}_secret_fake`,
        last_payment_error: null,
        // Without a return_url Stripe hands 3-D Secure to Stripe.js (use_stripe_sdk), which a server cannot follow.
        next_action: needsAction && returnUrl ? { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3d_secure_2/${id}`, return_url: returnUrl } } : null,
      };
    }
    const bank = form.get('payment_method_data[fpx][bank]') ?? '';
    const offline = offlineBanks.has(bank);
    return {
      id,
      object: 'payment_intent',
      status: offline ? 'requires_payment_method' : 'requires_action',
      amount: Number(form.get('amount')),
      currency: String(form.get('currency')),
      customer: form.get('customer'),
      payment_method: offline ? null : `pm_fpx_${serial}`,
      payment_method_types: ['fpx'],
      metadata,
      client_secret: `${id}_secret_fake`,
      last_payment_error: offline ? { code: 'payment_method_provider_decline', message: 'The selected bank is currently unavailable.' } : null,
      next_action: offline ? null : { type: 'redirect_to_url', redirect_to_url: { url: bankPageOf(id), return_url: String(form.get('return_url')) } },
    };
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const path = String(req.url);
      requests.push({ method: String(req.method), path, form, idempotencyKey });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && path === '/v1/customers') return json(200, { id: `cus_fake_${requests.length}`, object: 'customer' });
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        // Stripe's idempotency: the same key answers with the first intent again.
        const replayed = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (replayed) return json(200, intents.get(replayed));
        const intent = createIntent(form);
        intents.set(intent.id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, intent.id);
        return json(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && retrieve && intents.has(retrieve[1])) return json(200, intents.get(retrieve[1]));
      json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    requests,
    bankPageOf,
    offlineBanks,
    finish: (id, outcome) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
      intent.next_action = null;
      if (outcome === 'succeeded') intent.status = 'succeeded';
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: 'payment_intent_payment_attempt_failed', message: 'The customer cancelled or the bank refused the payment.' };
      }
    },
    intent: (id) => intents.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
