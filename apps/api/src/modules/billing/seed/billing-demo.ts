import type { Knex } from 'knex';
import type { Clock } from '../../../clock';
import { createSandboxGateway } from '../../../gateways/sandbox.gateway';
import { advanceMerchantClock } from '../scheduler/billing-scheduler';
import { addMonthsUtc } from '../engine/periods';
import { createBillingServices } from '../context/billing.context';
import { createEngine } from '../engine/billing.engine';
import type { SeedContext } from '../../../db/seeds/seed-context';

const DAY = 86_400;
const CURRENCIES = ['MYR', 'SGD', 'PHP', 'THB', 'TWD'] as const;

/** WELCOME20 (20% forever), SAVE10 (10.00 off once, one coupon per currency), EXPIRED5 (expired). */
export const seedDemoCoupons = async (db: Knex, now: number): Promise<void> => {
  await db('coupons').insert([
    { id: 'welcome20', name: 'Welcome 20% off', percent_off: 20, amount_off: null, currency: null, duration: 'forever', created_at: now },
    ...CURRENCIES.map((currency) => ({ id: `save10_${currency.toLowerCase()}`, name: '10.00 off', percent_off: null, amount_off: 1000, currency, duration: 'once', created_at: now })),
    { id: 'expired5', name: '5% off (ended)', percent_off: 5, amount_off: null, currency: null, duration: 'once', redeem_by: now - 30 * DAY, created_at: now - 90 * DAY },
  ]);
  await db('promotion_codes').insert([
    { id: 'promo_welcome20', code: 'WELCOME20', currency: null, coupon_id: 'welcome20', active: true, created_at: now },
    ...CURRENCIES.map((currency) => ({ id: `promo_save10_${currency.toLowerCase()}`, code: 'SAVE10', currency, coupon_id: `save10_${currency.toLowerCase()}`, active: true, created_at: now })),
    { id: 'promo_expired5', code: 'EXPIRED5', currency: null, coupon_id: 'expired5', active: true, expires_at: now - 30 * DAY, created_at: now - 90 * DAY },
  ]);
};

const BILLING_INFO = {
  MY: { address1: '12 Jalan Ampang', city: 'Kuala Lumpur', postal_code: '50450', country: 'Malaysia', state_or_region: 'Kuala Lumpur' },
  SG: { address1: '8 Marina View', city: 'Singapore', postal_code: '01896', country: 'Singapore', state_or_region: 'Central' },
  PH: { address1: '88 Ayala Avenue', city: 'Makati', postal_code: '12260', country: 'Philippines', state_or_region: 'Metro Manila' },
  TH: { address1: '99 Sukhumvit Road', city: 'Bangkok', postal_code: '10110', country: 'Thailand', state_or_region: 'Bangkok' },
  TW: { address1: '7 Xinyi Road', city: 'Taipei', postal_code: '11049', country: 'Taiwan', state_or_region: 'Taipei City' },
} as const;

/**
 * The demo merchants of ARCHITECTURE "Contracts" in their billing states, made by the engine itself on a
 * test clock set back in time and then walked forward, so the history is exactly what the product would
 * have produced: invoices, payments, ledger entries, a failed renewal with its retries.
 */
export const seedBillingDemo = async (ctx: SeedContext): Promise<void> => {
  const { db } = ctx;
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  await seedDemoCoupons(db, now);
  const gateway = createSandboxGateway({ db, clock: ctx.clock as Clock, publicUrl: ctx.config.publicUrl });
  const engine = createEngine({ db, clock: ctx.clock, gateway, publicUrl: ctx.config.publicUrl });
  const { lifecycle, paymentMethods, planChanges } = createBillingServices(engine);
  const priceId = async (stripeId: string): Promise<number> => Number((await db('packages').where({ stripe_id: stripeId }).first('id')).id);
  const card = async (number: string) => (await gateway.createPaymentMethod({ number, exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3, cvc: '123' })).id;

  /** Starts the merchant's story `secondsAgo` in the past and returns a way to walk the clock forward. */
  const story = async (email: string, secondsAgo: number) => {
    const account = ctx.demo.get(email);
    if (!account?.merchantId) return null;
    const merchantId = account.merchantId;
    await db('sandbox_clocks').insert({ merchant_id: merchantId, offset_seconds: -secondsAgo });
    const actor = { merchantId, isStaff: false };
    const market = (account.market ?? 'MY') as keyof typeof BILLING_INFO;
    const user = await db('users').where({ id: account.userId }).first('name', 'email');
    await paymentMethods.updateBillingInfo(actor, merchantId, { name: String(user.name), email: String(user.email), address2: null, ...BILLING_INFO[market] });
    let elapsed = 0;
    return {
      actor,
      walk: async (seconds: number) => {
        elapsed += seconds;
        await advanceMerchantClock(engine, merchantId, seconds);
      },
      finish: async () => {
        await advanceMerchantClock(engine, merchantId, secondsAgo - elapsed);
        await db('sandbox_clocks').where({ merchant_id: merchantId }).delete();
      },
    };
  };

  // merchant-my: Growth monthly since ~2 months ago, 4242 default plus a spare card, three paid invoices, credit.
  const startMy = now - (addMonthsUtc(now, 0) - addMonthsUtc(now, -2)) - 10 * DAY;
  const my = await story('merchant-my@demo.test', now - startMy);
  if (my) {
    await lifecycle.lateSubscribe(my.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_my_growth_monthly') });
    await paymentMethods.addCard(my.actor, { payment_method: await card('5555555555554444') });
    await my.finish();
    // Credit granted after the last renewal, so it is still there for the next charge.
    await engine.withMerchant(my.actor.merchantId, (m) => engine.addLedgerEntry(m.tx, m.account, { type: 'adjustment', description: 'Goodwill credit for a delayed marketplace sync', amount: -2500, now: m.now }));
  }

  // merchant-sg: renewal charged a card that attaches but fails → past_due, the first retry failed too.
  const sg = await story('merchant-sg@demo.test', 32 * DAY);
  if (sg) {
    await lifecycle.lateSubscribe(sg.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_sg_growth_monthly') });
    const failing = await card('4000000000000341');
    await paymentMethods.addCard(sg.actor, { payment_method: failing });
    await paymentMethods.setPrimaryCard(sg.actor, failing);
    await sg.finish();
  }

  // merchant-ph: unsubscribed, inside the grace period.
  const ph = await story('merchant-ph@demo.test', 10 * DAY);
  if (ph) {
    await lifecycle.lateSubscribe(ph.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_ph_starter_monthly') });
    await ph.walk(5 * DAY);
    await lifecycle.unsubscribe(ph.actor);
    await ph.finish();
  }

  // merchant-th: Pro with a downgrade to Starter scheduled for the period end.
  const th = await story('merchant-th@demo.test', 12 * DAY);
  if (th) {
    await lifecycle.lateSubscribe(th.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_th_pro_monthly') });
    await th.walk(6 * DAY);
    await planChanges.downgradeOrUpgrade(th.actor, { package_id: await priceId('price_th_starter_monthly'), type: 'downgrade' });
    await th.finish();
  }

  // merchant-tw: Growth yearly in TWD.
  const tw = await story('merchant-tw@demo.test', 40 * DAY);
  if (tw) {
    await lifecycle.lateSubscribe(tw.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_tw_growth_yearly') });
    await tw.finish();
  }

  // skip-otp: a Starter plan started last week.
  const skip = await story('skip-otp@demo.test', 5 * DAY);
  if (skip) {
    await lifecycle.lateSubscribe(skip.actor, { paymentMethod: await card('4242424242424242'), package_id: await priceId('price_my_starter_monthly') });
    await skip.finish();
  }

  // new-merchant: billing details only, no plan (billing answers code 0).
  const fresh = await story('new-merchant@demo.test', 0);
  if (fresh) await fresh.finish();
};
