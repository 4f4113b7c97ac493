import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { type FakeRoute, installFakeApi } from '@merchant-hub/api-client/testing';
import { createAppI18n } from '@merchant-hub/ui-kit';
import type { MerchantDetail, MerchantRow, TimelineEvent } from '@merchant-hub/validation';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppRoot } from '../app/app-root';
import { routes } from '../app/routes';

export type { Call, FakeRoute } from '@merchant-hub/api-client/testing';

const api = installFakeApi();

export const staffMe = { id: 1, email: 'support@demo.test', name: 'Sam Support', role: 'support' };

export const row = (overrides: Partial<MerchantRow> = {}): MerchantRow => ({
  user_id: 21,
  merchant_id: 7,
  merchant_name: 'Lion City Goods',
  owner_email: 'merchant-sg@demo.test',
  owner_phone: '+6591234567',
  stores: ['Lion City Goods Orchard'],
  market: 'SG',
  currency: 'SGD',
  plan_name: 'Growth',
  period: 'monthly',
  state: 'past_due',
  mrr_minor: 4900,
  next_billing_at: 1_790_000_000,
  attention: ['past_due'],
  tags: [],
  ...overrides,
});

export const detail = (overrides: Partial<MerchantDetail> = {}): MerchantDetail => ({
  merchant: row(),
  owner: { id: 21, name: 'Wei Ling', email: 'merchant-sg@demo.test', phone: '+6591234567', locale: 'en', sign_in_banned_until: null, setup_pending: false },
  stores: [{ id: 30, name: 'Lion City Goods Orchard', email: 'orchard@demo.test', country: 'SG' }],
  users: [{ id: 21, name: 'Wei Ling', email: 'merchant-sg@demo.test', roles: ['main_user'] }],
  subscription: { package_id: 2, plan_name: 'Growth', period: 'monthly', status: 'past_due', ends_at: null, trial_ends_at: null, current_period_end: 1_790_000_000, scheduled_change: null },
  next_billing_at: 1_790_000_000,
  mrr_minor: 4900,
  credit_balance_minor: 1500,
  cards: [{ id: 'pm_1', brand: 'visa', last4: '0341', exp_month: 4, exp_year: 2031, is_default: true }],
  open_invoices: [{ id: 'in_9', number: 'INV-0009', amount_due_minor: 4900, currency: 'SGD', status: 'open' }],
  ...overrides,
});

export const failedRenewal: TimelineEvent = {
  id: 'pay-1',
  at: 1_780_000_000,
  kind: 'payment_failed',
  title_key: 'timeline.payment.failed',
  params: { number: 'INV-0009', failure: 'Your card was declined' },
  amount_minor: 4900,
  currency: 'SGD',
};

/**
 * Mounts the console on a memory router (below its basename), the API faked by the shared handlers of
 * `@merchant-hub/api-client/testing` answering from `fakes` (first match wins, unknown calls 404, each fake
 * checked against the API's response schemas). Every request is recorded with its body and headers.
 */
export const renderConsole = (path: string, fakes: FakeRoute[], options: { locale?: string } = {}) => {
  api.use(fakes);
  const i18n = createAppI18n({ search: options.locale ? `?locale=${options.locale}` : '' });
  const missingKeys: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missingKeys.push(`${ns}:${key}`);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<AppRoot i18n={i18n} httpClient={createHttpClient()} queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })} router={router} />);
  return { router, calls: api.calls, missingKeys };
};
