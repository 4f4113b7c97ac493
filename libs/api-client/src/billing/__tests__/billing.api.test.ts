import { describe, expect, it } from 'vitest';
import { ApiError, parseApiError } from '../../api-error';
import { createHttpClient } from '../../http-client';
import { createLateSubscribeFpxIntent, fetchCreditBalance, fetchPlanChangePreview, mustSubscribeOf, subscribeAddOn } from '../../billing.api';
import type { PlanChangePreview } from '../../billing.api';
import { billingKeys } from '../../billing.queries';
import { installFakeApi } from '../../testing';

const api = installFakeApi();

/** A client whose one call answers `body` (checked against the endpoint's response schema). */
const answering = (method: string, path: string, body: unknown) => ({ http: createHttpClient(), calls: api.use([{ method, path, body }]) });

describe('mustSubscribeOf', () => {
  it('reads the packages of a 402 code 0 answer', () => {
    const error = parseApiError(402, { error: { code: 'must_subscribe', message: 'Please subscribe' }, code: 0, currency: 'MYR', packages: [{ id: 1 }] });
    expect(mustSubscribeOf(error)).toEqual({ packages: [{ id: 1 }], currency: 'MYR' });
  });

  it('ignores other errors', () => {
    expect(mustSubscribeOf(new ApiError({ status: 500, code: 'internal', message: 'x' }))).toBeNull();
    expect(mustSubscribeOf(new Error('x'))).toBeNull();
  });
});

const preview: PlanChangePreview = {
  change: 'upgrade',
  effect: { kind: 'immediate' },
  must_acknowledge_coupon_removal: false,
  currency: 'MYR',
  package: {
    id: 3,
    name: 'Growth',
    billing_period: 'monthly',
    price: 19900,
    discount: 0,
    subtotal: 19900,
    tax: 8,
    tax_label: 'SST',
    currency: 'MYR',
    image: null,
    sort_order: 2,
    hide: false,
    stripe_id: 'price_growth_m',
    descriptions: { basic: [], features: [], report: [] },
    max_order: '*',
    max_item: '*',
    max_channel: 3,
    max_staff: 5,
    max_warehouse: 2,
    max_competitor_products: '*',
  },
  lines: [{ description: 'Remaining time on Growth', amount: 93, proration: true, period: { start: 0, end: 1 } }],
  subtotal: 93,
  tax: 7,
  total: 100,
  applied_balance: 0,
  amount_due: 100,
};

describe('billing calls', () => {
  it('asks for the plan-change preview of a package for a merchant', async () => {
    const { http, calls } = answering('GET', '/users/billing/plan-change-preview', { data: preview });
    await expect(fetchPlanChangePreview(http, { packageId: 3, userId: 9 })).resolves.toEqual(preview);
    expect(calls[0].url).toBe('/api/users/billing/plan-change-preview?package_id=3&user_id=9');
  });

  it('pages the ledger with one cursor and leaves out the empty ones', async () => {
    const { http, calls } = answering('GET', '/users/billing/credit-balance', { balance: { balance: 0, currency: 'MYR' }, balanceTransactions: { data: [], hasNext: false, hasPrevious: false } });
    await fetchCreditBalance(http, { starting_after: 'txn_9' });
    expect(calls[0].url).toBe('/api/users/billing/credit-balance?starting_after=txn_9');
  });

  it('sends the add-on order with the spec field names and drops a blank coupon', async () => {
    const { http, calls } = answering('POST', '/users/usage-addon/subscribe', { message: 'Add-on subscription is successful', invoice: null });
    await subscribeAddOn(http, { quantity: 3, storeId: 4, coupon: '' });
    expect(calls[0].url).toBe('/api/users/usage-addon/subscribe');
    expect(calls[0].body).toEqual({ addon_store_quantity: 3, store_id: 4 });
  });

  it('names the chosen FPX bank by its Stripe code when asking for the bank page', async () => {
    const { http, calls } = answering('POST', '/users/billing/late-subscribe/fpx/create-intent', { payment_intent_id: 'pi_1', client_secret: 's', redirect_url: 'https://bank.test/pi_1', amount: 21492 });
    await expect(createLateSubscribeFpxIntent(http, { packageId: 4, bank: 'maybank2u', userId: 9, returnUrl: '/home/billing' })).resolves.toMatchObject({ redirect_url: 'https://bank.test/pi_1' });
    expect(calls[0].url).toBe('/api/users/billing/late-subscribe/fpx/create-intent');
    expect(calls[0].body).toEqual({ package_id: 4, user_id: 9, bank: 'maybank2u', return_url: '/home/billing' });
  });
});

describe('billingKeys', () => {
  it('keeps every billing read under one prefix so one invalidation refreshes them all', () => {
    for (const key of [billingKeys.detail('self'), billingKeys.preview(5, 2), billingKeys.creditBalance('self', {}), billingKeys.history(5, {}), billingKeys.addOnAmount('self', { quantity: 1, storeId: 1 })]) {
      expect(key[0]).toBe(billingKeys.all[0]);
    }
  });
});
