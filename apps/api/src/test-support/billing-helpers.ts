import request from 'supertest';
import { SANDBOX_WEBHOOK_SECRET } from '../gateways/sandbox.gateway';
import { signWebhook } from '../gateways/webhook-signature';
import { signIn, TEST_STRIPE_WEBHOOK_SECRET, type TestContext } from './test-app';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const tokenFor = async (ctx: TestContext, email: string): Promise<string> => (await signIn(ctx, email)).token;

/** A support member's token and a demo merchant's own token, user id and merchant id (staff acting for it). */
export const staffAndMerchant = async (ctx: TestContext, email: string) => {
  const [support, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, email)]);
  const userId = ctx.demo.get(email)?.userId as number;
  const merchantId = Number((await ctx.db('merchants').where({ owner_user_id: userId }).first('id')).id);
  return { support, merchant, userId, merchantId };
};

export const packageId = async (ctx: TestContext, stripeId: string): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: stripeId }).first('id')).id);

/**
 * A payment method for a test card number, as the browser makes it: the sandbox's stand-in for Stripe.js, or
 * (Stripe gateway) a PaymentMethod created at the fake Stripe API, as Stripe.js creates it.
 */
export const newCard = async (ctx: TestContext, number: string, expiry: { month: number; year: number } = { month: 12, year: 2030 }): Promise<string> => {
  if (ctx.stripe) {
    const res = await fetch(`${ctx.stripe.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_merchant_hub', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': String(expiry.month), 'card[exp_year]': String(expiry.year), 'card[cvc]': '123' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }
  const res = await request(ctx.app).post('/api/sandbox/payment-methods').send({ number, exp_month: expiry.month, exp_year: expiry.year, cvc: '123' });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/** The page a payment sends the customer to (the sandbox's, served by the app, or the fake Stripe's): its text. */
export const openPaymentPage = async (ctx: TestContext, url: string): Promise<string> => {
  if (ctx.stripe) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return res.text();
  }
  const res = await request(ctx.app).get(new URL(url).pathname);
  expect(res.status).toBe(200);
  return res.text;
};

/**
 * The customer's answer on the page a payment sent them to (`kind`: the FPX bank or the 3-D Secure issuer), the
 * sandbox's or the fake Stripe's; answers where the page sends the browser back (the return URL with the outcome).
 */
export const answerPaymentPage = async (ctx: TestContext, kind: 'fpx' | '3ds', id: string, outcome: 'succeeded' | 'failed'): Promise<URL> => {
  if (ctx.stripe) {
    const res = await fetch(`${ctx.stripe.url}/fake/${kind}/${id}/complete`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ outcome }) });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') as string);
  }
  const res = await request(ctx.app).post(`/api/sandbox/${kind}/${id}/complete`).type('form').send({ outcome });
  expect(res.status).toBe(303);
  return new URL(res.headers.location as string);
};

export const chargeCount = async (ctx: TestContext, merchantId: number): Promise<number> =>
  Number((await ctx.db('payments').where({ merchant_id: merchantId }).count({ n: '*' }).first())?.n ?? 0);

export const advance = async (ctx: TestContext, staffToken: string, userId: number, seconds: number) => {
  const res = await request(ctx.app).post('/api/sandbox/clock/advance').set(bearer(staffToken)).send({ user_id: userId, seconds });
  expect(res.status).toBe(200);
  return res.body as { now: string };
};

/**
 * Posts a webhook event to the app signed as the configured gateway signs (`secret` overrides, to forge one):
 * the sandbox checks the age of the signature on the app's clock, Stripe's SDK on the real one.
 */
export const postWebhook = (ctx: TestContext, event: Record<string, unknown> | string, secret?: string) => {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const now = Math.floor((ctx.stripe ? Date.now() : ctx.clock.now().getTime()) / 1000);
  const signature = signWebhook(body, secret ?? (ctx.stripe ? TEST_STRIPE_WEBHOOK_SECRET : SANDBOX_WEBHOOK_SECRET), now);
  return request(ctx.app).post('/api/webhooks/stripe').set('Stripe-Signature', signature).type('application/json').send(body);
};
