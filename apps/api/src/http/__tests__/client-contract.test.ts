import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type ApiEndpoint, apiResponseSchemas } from '@merchant-hub/validation';
import { issueUserToken } from '../../modules/accounts';
import { advance, bearer, newCard, packageId } from '../../test-support/billing-helpers';
import { malaysianCheckoutForm } from '../../test-support/checkout-helpers';
import { CSRF, DEMO_PASSWORD, createTestContext, latestCode, mailbox, signIn, testDatabases, type TestContext } from '../../test-support/test-app';

/*
 * The contract between the API and its browser client: one row per call `@merchant-hub/api-client` makes, each
 * calling the real app as a demo account would and parsing the answer with the call's shared response schema
 * (`apiResponseSchemas`), the one the client parses with. Rows run in order on one database, so a row may use
 * what an earlier one made (a card, an invoice, a conversation). A call the client makes without a row here, or
 * a row for a call it no longer makes, fails the test.
 */

const CLIENT_SRC = path.resolve(__dirname, '../../../../../libs/api-client/src');
const DAY = 86_400;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const REASON = 'Contract test';
const TRIAL_EMAIL = 'contract@shop.test';
const TRIAL = { email: TRIAL_EMAIL, mobile_no: '60 12-777 9999', firstName: 'Lim', lastName: 'Ah Kow', password: 'Trial2026', storeName: 'Contract Hardware', lineId: 'limak' };
const REGISTRATION = {
  account: { first_name: 'Lim', last_name: 'Ahkow', email: TRIAL_EMAIL, mobile_no: '+60127779999', password: 'Trial2026', password_confirmation: 'Trial2026', line_id: 'limak' },
  store: { store_name: 'Contract Hardware', store_email: 'shop@contract.test', industry: 11, currency: 'MYR', language: 'en', address1: '1 Jalan Besar', city: 'Ipoh', zip: '30000', country: 'MY', state: 'Perak' },
};
const WIZARD_EMAIL = 'owner@contract.test';

// ------------------------------------------------------------------------------------------- the client's calls

type ClientCall = { file: string; method: string; path: string; endpoint: string | null };

/** The argument list of the call whose opening parenthesis is at `open`, by counting brackets. */
const argumentsAt = (text: string, open: number): string => {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if ('([{'.includes(text[i])) depth += 1;
    if (')]}'.includes(text[i])) depth -= 1;
    if (depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
};

/** Every `http.<method>(path, ...)` of the client's source (tests aside), with the endpoint its schema names. */
const clientCalls = (): ClientCall[] => {
  const files = fs.readdirSync(CLIENT_SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.includes('__tests__'));
  return files.flatMap((file) => {
    const text = fs.readFileSync(path.join(CLIENT_SRC, file), 'utf8');
    return [...text.matchAll(/\bhttp\s*\.(get|post|put|patch|delete)(?:<[^>(]*>)?\(/g)].map((match) => {
      const args = argumentsAt(text, (match.index ?? 0) + match[0].length - 1);
      const literal = args.match(/^\s*(['`])(.*?)\1/);
      const endpoint = args.match(/responseOf\('([^']+)'\)/);
      return { file, method: match[1].toUpperCase(), path: literal ? literal[2] : '(computed)', endpoint: endpoint ? endpoint[1] : null };
    });
  });
};

/** `/users/${id}/avatar` and `/users/:id/avatar` both read `/users/:/avatar`. */
const pathShape = (value: string) => value.replace(/\$\{[^}]*\}/g, ':').replace(/:\w+/g, ':');

// ---------------------------------------------------------------------------------------------------- the table

type Session = {
  ctx: TestContext;
  token: (email: string) => Promise<string>;
  userId: (email: string) => number;
  /** What earlier rows made, for later rows. */
  made: Record<string, unknown>;
};
type Row = { call: ApiEndpoint; as: string; run: (s: Session) => Promise<request.Response> };

const get = async (s: Session, url: string, as?: string, query: Record<string, unknown> = {}) => {
  const call = request(s.ctx.app).get(`/api${url}`).query(query);
  return as ? call.set(bearer(await s.token(as))) : call;
};
const post = async (s: Session, url: string, body: unknown, as?: string) => {
  const call = request(s.ctx.app).post(`/api${url}`);
  return (as ? call.set(bearer(await s.token(as))) : call).send(body as object);
};
/** A staff PATCH or DELETE, with its idempotency key. */
const staffWrite = async (s: Session, method: 'patch' | 'delete', url: string, body?: unknown) => {
  const call = request(s.ctx.app)[method](`/api${url}`).set(bearer(await s.token('support@demo.test'))).set('Idempotency-Key', randomUUID());
  return body === undefined ? call : call.send(body as object);
};
/** A staff write: with its idempotency key, as the console sends it. */
const staffPost = async (s: Session, url: string, body: unknown, as = 'support@demo.test') =>
  request(s.ctx.app).post(`/api${url}`).set(bearer(await s.token(as))).set('Idempotency-Key', randomUUID()).send(body as object);
const fpxBank = (s: Session, id: string) => request(s.ctx.app).post(`/api/sandbox/fpx/${id}/complete`).type('form').send({ outcome: 'succeeded' });

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
const TH = 'merchant-th@demo.test';
const TW = 'merchant-tw@demo.test';
const NEW = 'new-merchant@demo.test';
const SUPPORT = 'support@demo.test';
const ADMIN = 'admin@demo.test';
const PUBLIC = 'anyone';

const rows: Row[] = [
  // Reference lists and the checkout's public reads
  { call: 'GET /countries', as: PUBLIC, run: (s) => get(s, '/countries') },
  {
    call: 'GET /countries/:id/states',
    as: PUBLIC,
    run: async (s) => get(s, `/countries/${(await s.ctx.db('countries').where({ iso_code: 'MY' }).first('id')).id}/states`),
  },
  { call: 'GET /countries/getPhoneCode', as: PUBLIC, run: (s) => get(s, '/countries/getPhoneCode') },
  { call: 'GET /login-banner', as: PUBLIC, run: (s) => get(s, '/login-banner', undefined, { country: 'MY', locale: 'en' }) },
  { call: 'GET /signup-banner', as: PUBLIC, run: (s) => get(s, '/signup-banner', undefined, { country: 'TW', locale: 'zhtw' }) },
  { call: 'GET /ip-country', as: PUBLIC, run: (s) => get(s, '/ip-country') },
  { call: 'GET /shop-category', as: PUBLIC, run: (s) => get(s, '/shop-category') },
  { call: 'GET /checkout/config', as: PUBLIC, run: (s) => get(s, '/checkout/config') },
  { call: 'GET /packages/:id', as: PUBLIC, run: async (s) => get(s, `/packages/${await packageId(s.ctx, 'price_tw_starter_monthly')}`) },
  { call: 'GET /check-email/:email', as: PUBLIC, run: (s) => get(s, '/check-email/nobody@shop.test') },

  // Sign-in, session and the account
  { call: 'POST /erpCheckOTPStatus', as: 'skip-otp@demo.test', run: (s) => post(s, '/erpCheckOTPStatus', { email: 'skip-otp@demo.test', password: DEMO_PASSWORD }) },
  {
    call: 'POST /erpSubmitOTP',
    as: TW,
    run: async (s) => {
      await post(s, '/erpCheckOTPStatus', { email: TW, password: DEMO_PASSWORD });
      return post(s, '/erpSubmitOTP', { email: TW, code: await latestCode(s.ctx, TW) });
    },
  },
  {
    call: 'POST /login',
    as: TW,
    run: async (s) => {
      const res = await post(s, '/login', { email: TW, password: DEMO_PASSWORD });
      s.made.logoutToken = res.body.access_token;
      return res;
    },
  },
  { call: 'GET /logout', as: TW, run: async (s) => request(s.ctx.app).get('/api/logout').set(CSRF).set(bearer(String(s.made.logoutToken))) },
  { call: 'GET /user', as: MY, run: (s) => get(s, '/user', MY) },
  { call: 'GET /users/:id', as: MY, run: (s) => get(s, `/users/${s.userId(MY)}`, MY) },
  {
    call: 'PUT /users/:id',
    as: MY,
    run: async (s) =>
      request(s.ctx.app)
        .put(`/api/users/${s.userId(MY)}`)
        .set(bearer(await s.token(MY)))
        .send({ name: 'Aisyah Rahman', email: MY, phone: '+60123456701' }),
  },
  {
    call: 'POST /users/:id/avatar',
    as: MY,
    run: async (s) =>
      request(s.ctx.app)
        .post(`/api/users/${s.userId(MY)}/avatar`)
        .set(bearer(await s.token(MY)))
        .attach('image', PNG, { filename: 'me.png', contentType: 'image/png' }),
  },
  { call: 'POST /forgot-password', as: 'merchant-ph@demo.test', run: (s) => post(s, '/forgot-password', { email: 'merchant-ph@demo.test' }) },
  {
    call: 'GET /forgot-password/token/:token',
    as: 'merchant-ph@demo.test',
    run: async (s) => {
      const [message] = await mailbox(s.ctx, 'merchant-ph@demo.test');
      s.made.resetToken = message.link?.match(/\/reset-password\/([\w-]+)$/)?.[1];
      return get(s, `/forgot-password/token/${String(s.made.resetToken)}`);
    },
  },
  {
    call: 'POST /forgot-password/change',
    as: 'merchant-ph@demo.test',
    run: (s) =>
      post(s, '/forgot-password/change', { email: 'merchant-ph@demo.test', forgot_password_token: s.made.resetToken, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD }),
  },

  // Trial sign-up and the merchant wizard
  { call: 'GET /trial/getSettings', as: PUBLIC, run: (s) => get(s, '/trial/getSettings') },
  { call: 'POST /trial/verifyEmail', as: PUBLIC, run: (s) => post(s, '/trial/verifyEmail', { email: TRIAL_EMAIL }) },
  { call: 'POST /trial/verify', as: PUBLIC, run: (s) => post(s, '/trial/verify', TRIAL) },
  {
    call: 'POST /trial/resendOTP',
    as: PUBLIC,
    run: async (s) => {
      s.ctx.clock.advance(120);
      return post(s, '/trial/resendOTP', { email: TRIAL_EMAIL });
    },
  },
  { call: 'POST /trial/verifyOTP', as: PUBLIC, run: async (s) => post(s, '/trial/verifyOTP', { email: TRIAL_EMAIL, otp: await latestCode(s.ctx, TRIAL_EMAIL) }) },
  {
    call: 'POST /trial/register',
    as: PUBLIC,
    run: async (s) => {
      const res = await post(s, '/trial/register', REGISTRATION);
      s.made.trialToken = res.body.access_token;
      return res;
    },
  },
  {
    call: 'PATCH /signup/activate/:token',
    as: PUBLIC,
    run: async (s) => {
      const userId = s.userId(SG);
      await s.ctx.db('users').where({ id: userId }).update({ status: 'pending', email_verified_at: null });
      return request(s.ctx.app).patch(`/api/signup/activate/${await issueUserToken(s.ctx.db, 'activation_tokens', userId, s.ctx.clock.now())}`);
    },
  },
  {
    call: 'GET /create-merchant/:token',
    as: PUBLIC,
    run: async (s) => {
      expect((await staffPost(s, '/create-merchant/invite', { email: WIZARD_EMAIL, firstname: 'Nur', lastname: 'Izzah' })).status).toBeLessThan(300);
      s.made.wizardToken = (await mailbox(s.ctx, WIZARD_EMAIL))[0].link?.split('/confirm/')[1];
      return get(s, `/create-merchant/${String(s.made.wizardToken)}`);
    },
  },
  {
    call: 'POST /create-merchant',
    as: PUBLIC,
    run: async (s) => {
      const fields: Record<string, string> = {
        token: String(s.made.wizardToken),
        email: WIZARD_EMAIL,
        firstname: 'Nur',
        lastname: 'Izzah',
        password: 'secret77',
        password_confirmation: 'secret77',
        store_name: 'Izzah Batik',
        store_owner: 'Nur Izzah',
        store_email: 'batik@contract.test',
        telephone: '+60312345678',
        address: '5 Jalan Batik',
        country: 'MY',
        state_or_region: 'Kelantan',
        shop_category: '1',
      };
      let call = request(s.ctx.app).post('/api/create-merchant');
      for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
      const res = await call.attach('storeImage', PNG, { filename: 'store.png', contentType: 'image/png' });
      s.made.wizardMerchantToken = res.body.access_token;
      return res;
    },
  },

  // Billing: reads
  { call: 'GET /users/billing/all', as: MY, run: (s) => get(s, '/users/billing/all', MY) },
  {
    call: 'GET /users/billing/plan-change-preview',
    as: MY,
    run: async (s) => get(s, '/users/billing/plan-change-preview', MY, { package_id: await packageId(s.ctx, 'price_my_growth_monthly') }),
  },
  { call: 'GET /users/billing/credit-balance', as: MY, run: (s) => get(s, '/users/billing/credit-balance', MY) },
  { call: 'POST /users/billing/billing-history', as: SG, run: (s) => post(s, '/users/billing/billing-history', { date_start: 0, date_end: Math.floor(s.ctx.clock.now().getTime() / 1000) }, SG) },
  { call: 'GET /users/usage-addon/get-add-on-package', as: MY, run: (s) => get(s, '/users/usage-addon/get-add-on-package', MY, { store_id: s.ctx.demo.get(MY)?.storeIds[0] }) },
  {
    call: 'GET /users/usage-addon/get-amount-to-pay',
    as: MY,
    run: (s) => get(s, '/users/usage-addon/get-amount-to-pay', MY, { store_id: s.ctx.demo.get(MY)?.storeIds[0], addon_store_quantity: 1 }),
  },
  { call: 'GET /merchants', as: SUPPORT, run: (s) => get(s, '/merchants', SUPPORT, { search: 'Kedai' }) },

  // Billing: changes
  { call: 'POST /sandbox/payment-methods', as: PUBLIC, run: (s) => post(s, '/sandbox/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }) },
  { call: 'POST /users/billing/create-intent', as: MY, run: (s) => post(s, '/users/billing/create-intent', {}, MY) },
  {
    call: 'POST /users/billing/add-card',
    as: MY,
    run: async (s) => {
      s.made.card = await newCard(s.ctx, '5555555555554444');
      return post(s, '/users/billing/add-card', { payment_method: s.made.card }, MY);
    },
  },
  { call: 'POST /users/billing/set-as-primary-card', as: MY, run: (s) => post(s, '/users/billing/set-as-primary-card', { id: s.made.card }, MY) },
  {
    call: 'POST /users/billing/delete-card',
    as: MY,
    run: async (s) => {
      const cards = (await get(s, '/users/billing/all', MY)).body.paymentMethod.data as { id: string }[];
      return post(s, '/users/billing/delete-card', { payment_method: cards.find((card) => card.id !== s.made.card)?.id }, MY);
    },
  },
  { call: 'POST /users/billing/add-coupon', as: MY, run: (s) => post(s, '/users/billing/add-coupon', { coupon: 'WELCOME20' }, MY) },
  {
    call: 'PATCH /users/billing/:id',
    as: MY,
    run: async (s) => {
      const info = (await get(s, '/users/billing/all', MY)).body.billing as Record<string, unknown>;
      const { name, email, address1, address2, city, postal_code, country, state_or_region } = info;
      return request(s.ctx.app)
        .patch(`/api/users/billing/${String(info.user_merchant_id)}`)
        .set(bearer(await s.token(MY)))
        .send({ name, email, address1, address2, city, postal_code, country, state_or_region });
    },
  },
  {
    call: 'POST /users/billing/downgrade-or-upgrade',
    as: MY,
    run: async (s) => post(s, '/users/billing/downgrade-or-upgrade', { package_id: await packageId(s.ctx, 'price_my_starter_monthly'), type: 'downgrade' }, MY),
  },
  { call: 'POST /users/usage-addon/subscribe', as: MY, run: (s) => post(s, '/users/usage-addon/subscribe', { store_id: s.ctx.demo.get(MY)?.storeIds[0], addon_store_quantity: 1 }, MY) },
  { call: 'POST /users/billing/unsubscribe', as: MY, run: (s) => post(s, '/users/billing/unsubscribe', {}, MY) },
  { call: 'POST /users/billing/resume', as: MY, run: (s) => post(s, '/users/billing/resume', {}, MY) },
  {
    call: 'POST /users/billing/cancel-trialing-package',
    as: TH,
    run: async (s) => {
      const all = (await get(s, '/users/billing/all', TH)).body.all as { stripe_status: string; stripe_plan: string }[];
      return post(s, '/users/billing/cancel-trialing-package', { price_id: all.find((sub) => sub.stripe_status === 'trialing')?.stripe_plan }, TH);
    },
  },
  {
    call: 'POST /staff/invoices/:id/:action',
    as: SUPPORT,
    run: async (s) => {
      // The past-due merchant's open invoice, before a later row pays it.
      const invoice = await s.ctx.db('invoices').where({ merchant_id: s.ctx.demo.get(SG)?.merchantId, status: 'open' }).first('id');
      return staffPost(s, `/staff/invoices/${String(invoice.id)}/resend`, { reason: REASON });
    },
  },
  {
    call: 'POST /users/billing/retry-payment',
    as: SG,
    run: async (s) => {
      const card = await newCard(s.ctx, '4242424242424242');
      await post(s, '/users/billing/add-card', { payment_method: card }, SG);
      await post(s, '/users/billing/set-as-primary-card', { id: card }, SG);
      return post(s, '/users/billing/retry-payment', { type: 'default' }, SG);
    },
  },
  { call: 'POST /users/billing/late-subscribe/create-intent', as: NEW, run: (s) => post(s, '/users/billing/late-subscribe/create-intent', {}, NEW) },
  {
    call: 'POST /users/billing/late-subscribe/fpx/create-intent',
    as: NEW,
    run: async (s) => {
      const res = await post(s, '/users/billing/late-subscribe/fpx/create-intent', { package_id: await packageId(s.ctx, 'price_my_starter_monthly'), bank: 'maybank2u' }, NEW);
      s.made.lateFpx = res.body.payment_intent_id;
      return res;
    },
  },
  {
    call: 'POST /users/billing/late-subscribe/fpx',
    as: NEW,
    run: async (s) => {
      await fpxBank(s, String(s.made.lateFpx));
      return post(s, '/users/billing/late-subscribe/fpx', { payment_intent_id: s.made.lateFpx }, NEW);
    },
  },
  {
    call: 'POST /users/billing/late-subscribe',
    as: WIZARD_EMAIL,
    run: async (s) =>
      request(s.ctx.app)
        .post('/api/users/billing/late-subscribe')
        .set(bearer(String(s.made.wizardMerchantToken)))
        .send({ paymentMethod: await newCard(s.ctx, '4242424242424242'), package_id: await packageId(s.ctx, 'price_my_starter_monthly') }),
  },
  {
    call: 'POST /users/billing/confirm-payment',
    as: TRIAL_EMAIL,
    run: async (s) => {
      const trial = bearer(String(s.made.trialToken));
      const held = await request(s.ctx.app)
        .post('/api/users/billing/late-subscribe')
        .set(trial)
        .send({ paymentMethod: await newCard(s.ctx, '4000002760003184'), package_id: await packageId(s.ctx, 'price_my_starter_monthly'), return_url: '/home/dashboard' });
      const intent = held.body.payment_intent?.id as string;
      await request(s.ctx.app).post(`/api/sandbox/3ds/${intent}/complete`).type('form').send({ outcome: 'succeeded' });
      return request(s.ctx.app).post('/api/users/billing/confirm-payment').set(trial).send({ payment_intent: intent });
    },
  },
  {
    call: 'POST /users/billing/retry-payment/fpx/create-intent',
    as: TRIAL_EMAIL,
    run: async (s) => {
      // Past due: the renewal is charged to a card that fails.
      const trial = bearer(String(s.made.trialToken));
      const failing = await newCard(s.ctx, '4000000000000341');
      await request(s.ctx.app).post('/api/users/billing/add-card').set(trial).send({ payment_method: failing });
      await request(s.ctx.app).post('/api/users/billing/set-as-primary-card').set(trial).send({ id: failing });
      const userId = Number((await s.ctx.db('users').where({ email: TRIAL_EMAIL }).first('id')).id);
      await advance(s.ctx, await s.token(SUPPORT), userId, 31 * DAY + 60);
      const res = await request(s.ctx.app).post('/api/users/billing/retry-payment/fpx/create-intent').set(trial).send({ type: 'default', bank: 'maybank2u' });
      s.made.retryFpx = res.body.payment_intent_id;
      return res;
    },
  },
  {
    call: 'POST /users/billing/retry-payment/fpx',
    as: TRIAL_EMAIL,
    run: async (s) => {
      await fpxBank(s, String(s.made.retryFpx));
      return request(s.ctx.app).post('/api/users/billing/retry-payment/fpx').set(bearer(String(s.made.trialToken))).send({ payment_intent_id: s.made.retryFpx });
    },
  },
  {
    call: 'POST /users/billing/ecpay/pay-invoice',
    as: TW,
    run: async (s) => {
      // An open NT$ invoice of the Taiwan merchant: its latest, reopened (the ECPay renewal suite makes one by the clock).
      const invoice = await s.ctx.db('invoices').where({ merchant_id: s.ctx.demo.get(TW)?.merchantId, currency: 'TWD' }).orderBy('seq', 'desc').first('id');
      await s.ctx.db('invoices').where({ id: invoice.id }).update({ status: 'open', paid_at: null });
      return post(s, '/users/billing/ecpay/pay-invoice', { invoice_id: String(invoice.id) }, TW);
    },
  },

  // Public checkout: card, FPX, ECPay
  {
    call: 'POST /create-merchant/stripe/validate-coupon',
    as: PUBLIC,
    run: async (s) => post(s, '/create-merchant/stripe/validate-coupon', { coupon: 'welcome20', package_id: await packageId(s.ctx, 'price_my_starter_monthly') }),
  },
  {
    call: 'POST /create-merchant/stripe',
    as: PUBLIC,
    run: async (s) => {
      const res = await post(s, '/create-merchant/stripe', { email: 'buyer-my@shop.test', name: 'Aminah' });
      s.made.setupStripeId = res.body.stripe_id;
      return res;
    },
  },
  {
    call: 'POST /create-merchant/stripe/set-payment-method',
    as: PUBLIC,
    run: async (s) => {
      s.made.checkoutCard = await newCard(s.ctx, '4242424242424242');
      return post(s, '/create-merchant/stripe/set-payment-method', { ...(await malaysianCheckoutForm(s.ctx)), paymentMethod: s.made.checkoutCard, stripe_id: s.made.setupStripeId });
    },
  },
  {
    call: 'POST /create-merchant/retry',
    as: PUBLIC,
    run: async (s) => {
      const res = await post(s, '/create-merchant/retry', { paymentMethod: s.made.checkoutCard });
      s.made.ticket = res.body.ticket;
      return res;
    },
  },
  { call: 'POST /checkout/ticket-sign-in', as: PUBLIC, run: (s) => post(s, '/checkout/ticket-sign-in', { ticket: s.made.ticket }) },
  {
    call: 'POST /create-merchant/fpx',
    as: PUBLIC,
    run: async (s) => {
      const res = await post(s, '/create-merchant/fpx', await malaysianCheckoutForm(s.ctx, { email: 'buyer-fpx@shop.test', bank: 'maybank2u' }));
      s.made.checkoutFpx = res.body.payment_intent_id;
      return res;
    },
  },
  {
    call: 'POST /create-merchant/fpx/check-and-register',
    as: PUBLIC,
    run: async (s) => {
      await fpxBank(s, String(s.made.checkoutFpx));
      return post(s, '/create-merchant/fpx/check-and-register', { payment_intent_id: s.made.checkoutFpx });
    },
  },
  {
    call: 'POST /ecpay/create-order',
    as: PUBLIC,
    run: async (s) => {
      const country = Number((await s.ctx.db('countries').where({ iso_code: 'TW' }).first('id')).id);
      const state = await s.ctx.db('states').where({ country_id: country }).first('id');
      const res = await request(s.ctx.app)
        .post('/api/ecpay/create-order')
        .set('Host', new URL(s.ctx.config.publicUrl).host)
        .send({
          package_id: await packageId(s.ctx, 'price_tw_starter_monthly'),
          company_name: '好好商行',
          company_reg_no: '12345678',
          first_name: '小明',
          last_name: '王',
          email: 'buyer-tw@shop.test',
          phone: '+886 912 345 678',
          address1: '信義路五段7號',
          postal_code: '110',
          country,
          state_or_region: state ? Number(state.id) : undefined,
          line_id: 'xiaoming',
        });
      s.made.ecpayToken = res.body.data?.token;
      return res;
    },
  },
  { call: 'GET /ecpay/payment-status', as: PUBLIC, run: (s) => get(s, '/ecpay/payment-status', undefined, { token: s.made.ecpayToken }) },

  // Staff console: merchants, money, invoices, clock, audit
  { call: 'GET /staff/me', as: SUPPORT, run: (s) => get(s, '/staff/me', SUPPORT) },
  { call: 'GET /staff/merchants', as: SUPPORT, run: (s) => get(s, '/staff/merchants', SUPPORT) },
  { call: 'GET /staff/search', as: SUPPORT, run: (s) => get(s, '/staff/search', SUPPORT, { q: 'demo' }) },
  { call: 'GET /staff/merchants/attention-counts', as: SUPPORT, run: (s) => get(s, '/staff/merchants/attention-counts', SUPPORT) },
  { call: 'GET /staff/merchants/:userId', as: SUPPORT, run: (s) => get(s, `/staff/merchants/${s.userId(MY)}`, SUPPORT) },
  { call: 'POST /staff/merchants/:userId/visits', as: SUPPORT, run: (s) => post(s, `/staff/merchants/${s.userId(MY)}/visits`, {}, SUPPORT) },
  { call: 'GET /staff/merchants/:userId/timeline', as: SUPPORT, run: (s) => get(s, `/staff/merchants/${s.userId(MY)}/timeline`, SUPPORT) },
  {
    call: 'POST /staff/merchants/:userId/notes',
    as: SUPPORT,
    run: async (s) => {
      const res = await staffPost(s, `/staff/merchants/${s.userId(MY)}/notes`, { body: 'Prefers WhatsApp' });
      s.made.note = res.body.data?.id;
      return res;
    },
  },
  { call: 'GET /staff/merchants/:userId/notes', as: SUPPORT, run: (s) => get(s, `/staff/merchants/${s.userId(MY)}/notes`, SUPPORT) },
  { call: 'PATCH /staff/merchants/:userId/notes/:noteId', as: SUPPORT, run: (s) => staffWrite(s, 'patch', `/staff/merchants/${s.userId(MY)}/notes/${String(s.made.note)}`, { body: 'Prefers e-mail' }) },
  { call: 'POST /staff/merchants/:userId/notes/:noteId/pin', as: SUPPORT, run: (s) => staffPost(s, `/staff/merchants/${s.userId(MY)}/notes/${String(s.made.note)}/pin`, { pinned: true }) },
  { call: 'DELETE /staff/merchants/:userId/notes/:noteId', as: SUPPORT, run: (s) => staffWrite(s, 'delete', `/staff/merchants/${s.userId(MY)}/notes/${String(s.made.note)}`) },
  { call: 'POST /staff/merchants/:userId/tags', as: SUPPORT, run: (s) => staffPost(s, `/staff/merchants/${s.userId(MY)}/tags`, { tag: 'Key Account' }) },
  { call: 'GET /staff/tags', as: SUPPORT, run: (s) => get(s, '/staff/tags', SUPPORT) },
  { call: 'DELETE /staff/merchants/:userId/tags/:tag', as: SUPPORT, run: (s) => staffWrite(s, 'delete', `/staff/merchants/${s.userId(MY)}/tags/key-account`) },
  {
    call: 'POST /staff/merchants/:userId/credit-adjustments/preview',
    as: SUPPORT,
    run: (s) => post(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments/preview`, { direction: 'credit', amount_minor: 500, description: 'Goodwill', reason: REASON }, SUPPORT),
  },
  {
    call: 'POST /staff/merchants/:userId/credit-adjustments',
    as: SUPPORT,
    run: async (s) => {
      const body = { direction: 'credit', amount_minor: 500, description: 'Goodwill', reason: REASON };
      const preview = await post(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments/preview`, body, SUPPORT);
      const res = await staffPost(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments`, { ...body, preview_token: preview.body.preview_token });
      s.made.adjustment = res.body.adjustment?.id;
      return res;
    },
  },
  { call: 'POST /staff/credit-adjustments/:id/reverse', as: ADMIN, run: (s) => staffPost(s, `/staff/credit-adjustments/${String(s.made.adjustment)}/reverse`, { reason: REASON }, ADMIN) },
  {
    call: 'GET /staff/approvals',
    as: ADMIN,
    run: async (s) => {
      const body = { direction: 'credit', amount_minor: 99_999_999, description: 'Large goodwill', reason: REASON };
      const preview = await post(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments/preview`, body, SUPPORT);
      s.made.approval = (await staffPost(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments`, { ...body, preview_token: preview.body.preview_token })).body.adjustment?.id;
      return get(s, '/staff/approvals', ADMIN);
    },
  },
  { call: 'GET /staff/approvals/count', as: ADMIN, run: (s) => get(s, '/staff/approvals/count', ADMIN) },
  { call: 'POST /staff/approvals/:id/:decision', as: ADMIN, run: (s) => staffPost(s, `/staff/approvals/${String(s.made.approval)}/reject`, { reason: REASON }, ADMIN) },
  { call: 'POST /staff/merchants/:userId/:action', as: SUPPORT, run: (s) => staffPost(s, `/staff/merchants/${s.userId(MY)}/password-reset`, { reason: REASON }) },
  { call: 'GET /staff/audit', as: SUPPORT, run: (s) => get(s, '/staff/audit', SUPPORT) },
  { call: 'GET /staff/merchants/:userId/clock', as: SUPPORT, run: (s) => get(s, `/staff/merchants/${s.userId(TH)}/clock`, SUPPORT) },
  { call: 'POST /staff/merchants/:userId/clock/advance', as: SUPPORT, run: (s) => staffPost(s, `/staff/merchants/${s.userId(TH)}/clock/advance`, { by: { days: 1 }, reason: REASON }) },
  { call: 'GET /users/staff-access', as: MY, run: (s) => get(s, '/users/staff-access', MY) },
  // Refunds (issue 25 item 7): a renewal a month on is paid through the configured gateway, then refunded.
  {
    call: 'GET /staff/merchants/:userId/refundable-invoices',
    as: SUPPORT,
    run: async (s) => {
      await advance(s.ctx, await s.token(SUPPORT), s.userId(MY), 31 * DAY + 60);
      const invoice = await s.ctx.db('invoices').where({ merchant_id: s.ctx.demo.get(MY)?.merchantId, status: 'paid', billing_reason: 'subscription_cycle' }).orderBy('seq', 'desc').first('id');
      s.made.refundInvoice = String(invoice.id);
      return get(s, `/staff/merchants/${s.userId(MY)}/refundable-invoices`, SUPPORT);
    },
  },
  {
    call: 'POST /staff/invoices/:id/refunds/preview',
    as: SUPPORT,
    run: async (s) => {
      const res = await post(s, `/staff/invoices/${String(s.made.refundInvoice)}/refunds/preview`, { amount_minor: 100, reason: REASON }, SUPPORT);
      s.made.refundPreview = res.body.preview_token;
      return res;
    },
  },
  {
    call: 'POST /staff/invoices/:id/refunds',
    as: SUPPORT,
    run: (s) => staffPost(s, `/staff/invoices/${String(s.made.refundInvoice)}/refunds`, { amount_minor: 100, reason: REASON, preview_token: s.made.refundPreview }),
  },
  {
    call: 'GET /staff/refund-approvals',
    as: ADMIN,
    run: async (s) => {
      // Credits up to the MYR threshold (500.00) first: the refund on top of them waits for approval.
      const probe = await post(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments/preview`, { direction: 'credit', amount_minor: 1, description: 'Goodwill', reason: REASON }, SUPPORT);
      const credit = { direction: 'credit', amount_minor: 50_000 - (Number(probe.body.window_total_minor) - 1), description: 'Goodwill', reason: REASON };
      const creditPreview = await post(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments/preview`, credit, SUPPORT);
      await staffPost(s, `/staff/merchants/${s.userId(MY)}/credit-adjustments`, { ...credit, preview_token: creditPreview.body.preview_token });
      const preview = await post(s, `/staff/invoices/${String(s.made.refundInvoice)}/refunds/preview`, { amount_minor: 200, reason: REASON }, SUPPORT);
      const held = await staffPost(s, `/staff/invoices/${String(s.made.refundInvoice)}/refunds`, { amount_minor: 200, reason: REASON, preview_token: preview.body.preview_token });
      s.made.heldRefund = held.body.refund?.id;
      return get(s, '/staff/refund-approvals', ADMIN);
    },
  },
  { call: 'POST /staff/refunds/:id/:decision', as: ADMIN, run: (s) => staffPost(s, `/staff/refunds/${String(s.made.heldRefund)}/reject`, { reason: REASON }, ADMIN) },
  // Subscription controls (issue 27 capability 3): a free month for merchant-ph, previewed then committed.
  {
    call: 'POST /staff/merchants/:userId/subscription/:control/preview',
    as: SUPPORT,
    run: async (s) => {
      const res = await post(s, `/staff/merchants/${s.userId('merchant-ph@demo.test')}/subscription/comp-month/preview`, { reason: REASON }, SUPPORT);
      s.made.controlPreview = res.body.preview_token;
      return res;
    },
  },
  {
    call: 'POST /staff/merchants/:userId/subscription/:control',
    as: SUPPORT,
    run: (s) => staffPost(s, `/staff/merchants/${s.userId('merchant-ph@demo.test')}/subscription/comp-month`, { reason: REASON, preview_token: s.made.controlPreview }),
  },
  { call: 'GET /staff/gateway-notices', as: SUPPORT, run: (s) => get(s, '/staff/gateway-notices', SUPPORT, { status: 'all' }) },
  {
    call: 'POST /staff/gateway-notices/:id/review',
    as: SUPPORT,
    run: async (s) => {
      const id = Number((await s.ctx.db('gateway_notices').insert({ gateway: 'ecpay', kind: 'notification_refused', dedupe_key: 'contract', reason: 'amount_mismatch', details: '{}', received_at: 1, last_received_at: 1 }).returning('id'))[0]?.id ?? 0);
      return staffPost(s, `/staff/gateway-notices/${id}/review`, { reason: REASON });
    },
  },

  // Catalog and promotions
  { call: 'GET /staff/catalog', as: ADMIN, run: (s) => get(s, '/staff/catalog', ADMIN, { market: 'MY' }) },
  { call: 'GET /staff/catalog/lists', as: ADMIN, run: (s) => get(s, '/staff/catalog/lists', ADMIN) },
  { call: 'POST /staff/catalog/lists/:list/:id', as: ADMIN, run: (s) => staffPost(s, '/staff/catalog/lists/industries/1', { translations: { zhtw: '汽車與機車' }, reason: REASON }, ADMIN) },
  {
    call: 'POST /staff/catalog/plans/:id/preview',
    as: ADMIN,
    run: async (s) => staffPost(s, `/staff/catalog/plans/${await packageId(s.ctx, 'price_my_starter_monthly')}/preview`, { price: 9900, discount: 0 }, ADMIN),
  },
  {
    call: 'POST /staff/catalog/plans/:id',
    as: ADMIN,
    run: async (s) => {
      const plans = (await get(s, '/staff/catalog', ADMIN, { market: 'MY' })).body.plans as Record<string, unknown>[];
      const plan = plans.find((entry) => entry.id === undefined || entry.call_for_quote === false) as Record<string, unknown>;
      const { name, price, discount, tax, tax_label, image, sort_order, hide, call_for_quote, limits, descriptions } = plan;
      return staffPost(s, `/staff/catalog/plans/${String(plan.id)}`, { name, price, discount, tax, tax_label, image, sort_order, hide, call_for_quote, limits, descriptions, reason: REASON }, ADMIN);
    },
  },
  {
    call: 'POST /staff/catalog/plans',
    as: ADMIN,
    run: (s) =>
      staffPost(
        s,
        '/staff/catalog/plans',
        {
          market: 'MY',
          billing_period: 'monthly',
          group_key: 'contract',
          name: 'Contract',
          price: 19900,
          discount: 0,
          tax: 8,
          tax_label: 'SST',
          image: null,
          sort_order: 90,
          hide: true,
          call_for_quote: false,
          limits: { order: 100, item: 100, channel: 1, staff: 1, warehouse: 1, competitor_products: 0 },
          descriptions: { basic: ['Basic'], features: ['Feature'], report: ['Report'] },
          reason: REASON,
        },
        ADMIN,
      ),
  },
  { call: 'POST /staff/catalog/plans/:id/hide', as: ADMIN, run: async (s) => staffPost(s, `/staff/catalog/plans/${await packageId(s.ctx, 'price_my_starter_monthly')}/hide`, { hide: false, reason: REASON }, ADMIN) },
  {
    call: 'POST /staff/catalog/reorder',
    as: ADMIN,
    run: async (s) => {
      const plans = (await get(s, '/staff/catalog', ADMIN, { market: 'MY' })).body.plans as { id: number; billing_period: string }[];
      return staffPost(s, '/staff/catalog/reorder', { market: 'MY', billing_period: 'monthly', ids: plans.filter((plan) => plan.billing_period === 'monthly').map((plan) => plan.id), reason: REASON }, ADMIN);
    },
  },
  { call: 'GET /staff/promotions', as: ADMIN, run: (s) => get(s, '/staff/promotions', ADMIN) },
  {
    call: 'POST /staff/promotions',
    as: ADMIN,
    run: async (s) => {
      const res = await staffPost(s, '/staff/promotions', { code: 'CONTRACT10', kind: 'percent', percent_off: 10, duration: 'once', reason: REASON }, ADMIN);
      s.made.promotion = res.body.data?.id;
      return res;
    },
  },
  { call: 'GET /staff/promotions/:id/redemptions', as: ADMIN, run: (s) => get(s, `/staff/promotions/${String(s.made.promotion)}/redemptions`, ADMIN) },
  { call: 'POST /staff/promotions/:id/deactivate', as: ADMIN, run: (s) => staffPost(s, `/staff/promotions/${String(s.made.promotion)}/deactivate`, { reason: REASON }, ADMIN) },

  // Staff team (superadmin)
  { call: 'GET /staff/team', as: ADMIN, run: (s) => get(s, '/staff/team', ADMIN) },
  // Console settings (issue 27 capability 4)
  { call: 'GET /staff/settings', as: SUPPORT, run: (s) => get(s, '/staff/settings', SUPPORT) },
  {
    call: 'PUT /staff/settings',
    as: ADMIN,
    run: async (s) =>
      request(s.ctx.app)
        .put('/api/staff/settings')
        .set(bearer(await s.token(ADMIN)))
        .send({ approval_threshold_minor: { MYR: 50_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 }, approval_window_hours: 24, inbox_reply_target_hours: 12, reason: REASON }),
  },
  {
    call: 'POST /staff/team/invitations',
    as: ADMIN,
    run: async (s) => {
      const res = await staffPost(s, '/staff/team/invitations', { email: 'new-staff@demo.test', name: 'New Staff', role: 'support', reason: REASON }, ADMIN);
      s.made.member = res.body.data?.id;
      return res;
    },
  },
  { call: 'POST /staff/team/:userId/role', as: ADMIN, run: (s) => staffPost(s, `/staff/team/${String(s.made.member)}/role`, { role: 'superadmin', reason: REASON }, ADMIN) },
  { call: 'POST /staff/team/:userId/deactivate', as: ADMIN, run: (s) => staffPost(s, `/staff/team/${String(s.made.member)}/deactivate`, { reason: REASON }, ADMIN) },
  { call: 'POST /staff/team/:userId/reactivate', as: ADMIN, run: (s) => staffPost(s, `/staff/team/${String(s.made.member)}/reactivate`, { reason: REASON }, ADMIN) },

  // Support inbox
  {
    call: 'POST /support/conversations',
    as: MY,
    run: async (s) => {
      const res = await request(s.ctx.app)
        .post('/api/support/conversations')
        .set(bearer(await s.token(MY)))
        .field('subject', 'Invoice question')
        .field('message', 'Why was I charged twice?')
        .attach('screenshot', PNG, { filename: 'shot.png', contentType: 'image/png' });
      s.made.conversation = res.body.data?.id;
      return res;
    },
  },
  { call: 'GET /support/conversations', as: MY, run: (s) => get(s, '/support/conversations', MY) },
  { call: 'GET /support/conversations/:id', as: MY, run: (s) => get(s, `/support/conversations/${String(s.made.conversation)}`, MY) },
  { call: 'POST /support/conversations/:id/messages', as: MY, run: (s) => post(s, `/support/conversations/${String(s.made.conversation)}/messages`, { message: 'Also the PDF.' }, MY) },
  { call: 'GET /staff/support', as: SUPPORT, run: (s) => get(s, '/staff/support', SUPPORT) },
  { call: 'GET /staff/support/unread-count', as: SUPPORT, run: (s) => get(s, '/staff/support/unread-count', SUPPORT) },
  { call: 'GET /staff/support/:id', as: SUPPORT, run: (s) => get(s, `/staff/support/${String(s.made.conversation)}`, SUPPORT) },
  { call: 'POST /staff/support/:id/assign', as: SUPPORT, run: (s) => staffPost(s, `/staff/support/${String(s.made.conversation)}/assign`, {}) },
  { call: 'GET /staff/support/assignees', as: SUPPORT, run: (s) => get(s, '/staff/support/assignees', SUPPORT) },
  { call: 'POST /staff/support/:id/replies', as: SUPPORT, run: (s) => staffPost(s, `/staff/support/${String(s.made.conversation)}/replies`, { message: 'Refunded.' }) },
  { call: 'POST /staff/support/:id/internal-notes', as: SUPPORT, run: (s) => staffPost(s, `/staff/support/${String(s.made.conversation)}/internal-notes`, { message: 'Finance confirmed the second charge.' }) },
  { call: 'GET /support/unread', as: MY, run: (s) => get(s, '/support/unread', MY) },
  { call: 'POST /staff/support/:id/close', as: SUPPORT, run: (s) => staffPost(s, `/staff/support/${String(s.made.conversation)}/close`, {}) },

  // The old address's report of a contact change (last: a report signs the user out everywhere)
  {
    call: 'GET /contact-change/:token',
    as: PUBLIC,
    run: async (s) => {
      const owner = 'skip-otp@demo.test';
      await request(s.ctx.app).put(`/api/users/${s.userId(owner)}`).set(bearer(await s.token(owner))).send({ name: 'Skip Otp', email: owner, phone: '+60199990000' }).expect(200);
      const [notice] = await mailbox(s.ctx, owner);
      s.made.contactChange = notice?.link?.match(/\/report-change\/([\w-]+)$/)?.[1];
      return get(s, `/contact-change/${String(s.made.contactChange)}`);
    },
  },
  { call: 'POST /contact-change/:token/report', as: PUBLIC, run: (s) => post(s, `/contact-change/${String(s.made.contactChange)}/report`, {}) },
];

describe('the client contract table', () => {
  const calls = clientCalls();

  it('finds the client calls in the source', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('has every client call parse its answer with the schema of the endpoint it calls', () => {
    const wrong = calls.filter((call) => {
      if (!call.endpoint) return true;
      const [method, endpointPath] = call.endpoint.split(' ');
      return method !== call.method || pathShape(endpointPath) !== pathShape(call.path);
    });
    expect(wrong).toEqual([]);
  });

  it('has one row per call the client makes, and none for a call it does not make', () => {
    const called = [...new Set(calls.map((call) => call.endpoint))].sort();
    expect(rows.map((row) => row.call).sort()).toEqual(called);
    expect(Object.keys(apiResponseSchemas).sort()).toEqual(called);
  });
});

describe.each(testDatabases)('the API answers every client call in the shape the client parses (%s)', (kind) => {
  const session = {} as Session;
  beforeAll(async () => {
    const ctx = await createTestContext(kind);
    const tokens = new Map<string, string>();
    Object.assign(session, {
      ctx,
      made: {},
      userId: (email: string) => ctx.demo.get(email)?.userId as number,
      token: async (email: string) => {
        if (!tokens.has(email)) tokens.set(email, (await signIn(ctx, email)).token);
        return tokens.get(email) as string;
      },
    });
  }, 60_000);
  afterAll(async () => session.ctx.close());

  it.each(rows.map((row) => [row.call, row.as, row] as const))('%s as %s', async (_call, _as, row) => {
    const res = await row.run(session);
    expect({ status: res.status, error: res.status < 300 ? undefined : res.body }).toEqual({ status: expect.any(Number), error: undefined });
    const parsed = apiResponseSchemas[row.call].safeParse(res.body);
    expect(parsed.error?.issues).toBeUndefined();
  });
});
