import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BillingOverview } from '@merchant-hub/api-client';
import type { Subscription } from '@merchant-hub/domain';
import { CurrentPlanCard } from '../components/current-plan-card';
import { UsageLimitCard } from '../components/usage-limit-card';
import { pkg, sub } from './fixtures';
import { renderFeature } from './render';

const overview = (all: Subscription[]): BillingOverview => ({
  billing: null,
  selectedPackage: [],
  all,
  userData: { payment_type: 'card', default_payment_methods: null, inventory_users: { inventory_store_users: { store_id: 1 } } },
  paymentMethod: { data: [] },
  currentBillingPeriod: 'monthly',
  addOnIsPastDue: false,
  creditBalance: 1250,
  currency: 'MYR',
});

const handlers = {
  onResume: vi.fn(),
  onUnsubscribe: vi.fn(),
  onRetryPayment: vi.fn(),
  onRetryByFpx: vi.fn(),
  onAddCard: vi.fn(),
  onCancelScheduled: vi.fn(),
  onApplyCoupon: vi.fn(),
  onCreditBalance: vi.fn(),
  onHistory: vi.fn(),
};

describe('CurrentPlanCard', () => {
  it('offers Unsubscribe on an active plan and shows the spendable credit', async () => {
    renderFeature(<CurrentPlanCard overview={overview([sub()])} {...handlers} />);
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(screen.getByText(/12\.50/)).toBeInTheDocument();
  });

  it('offers Resume while a cancelled plan is in its grace period', async () => {
    renderFeature(<CurrentPlanCard overview={overview([sub({ ends_at: '2026-06-01T00:00:00Z' })])} {...handlers} />);
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByText('Your plan ends on 01/06/2026')).toBeInTheDocument();
  });

  it('paints the heading red and offers Retry Payment when past due with a card on file', async () => {
    const withCard = { ...overview([sub({ stripe_status: 'past_due' })]), paymentMethod: { data: [{ id: 'pm_1', brand: 'visa' as const, last4: '4242', exp_month: 12, exp_year: 2030 }] } };
    renderFeature(<CurrentPlanCard overview={withCard} {...handlers} />);
    expect(await screen.findByRole('button', { name: 'Retry Payment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Current Plan' })).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
  });

  it('names the open invoice and its amount, and offers an FPX merchant without a card FPX first and no card retry (issue 31 #4)', async () => {
    const owed = {
      ...overview([sub({ stripe_status: 'past_due' })]),
      userData: { payment_type: 'fpx' as const, default_payment_methods: null, inventory_users: { inventory_store_users: { store_id: 1 } } },
      openInvoices: [{ type: 'default' as const, id: 'in_42', number: 'MH-2026-0042', amount_due: 10692, currency: 'MYR' as const, hosted_invoice_url: '/api/invoices/in_42' }],
    };
    renderFeature(<CurrentPlanCard overview={owed} {...handlers} />);
    const block = await screen.findByTestId('past-due-payment');
    expect(block).toHaveTextContent('Invoice MH-2026-0042 for RM 106.92 is unpaid.');
    expect(screen.getByRole('link', { name: 'View invoice MH-2026-0042' })).toHaveAttribute('href', '/api/invoices/in_42');
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Pay with FPX')).toBeGreaterThanOrEqual(0);
    expect(buttons.indexOf('Pay with FPX')).toBeLessThan(buttons.indexOf('Add a card to pay'));
  });

  it('puts FPX before the card retry for a merchant who pays by FPX and has a card too', async () => {
    const both = {
      ...overview([sub({ stripe_status: 'past_due' })]),
      userData: { payment_type: 'fpx' as const, default_payment_methods: 'pm_1', inventory_users: { inventory_store_users: { store_id: 1 } } },
      paymentMethod: { data: [{ id: 'pm_1', brand: 'visa' as const, last4: '4242', exp_month: 12, exp_year: 2030 }] },
    };
    renderFeature(<CurrentPlanCard overview={both} {...handlers} />);
    await screen.findByRole('button', { name: 'Retry Payment' });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Pay with FPX')).toBeLessThan(buttons.indexOf('Retry Payment'));
    expect(buttons).not.toContain('Add a card to pay');
  });

  it('shows a scheduled downgrade as Changed To and offers cancelling it instead of Resume', async () => {
    const lite = pkg({ id: 5, name: 'Lite', stripe_id: 'price_lite_m' });
    const all = [
      sub({ ends_at: '2026-06-01T00:00:00Z' }),
      sub({ id: 11, stripe_status: 'trialing', trial_ends_at: '2026-06-01T00:00:00Z', package: lite, stripe_plan: lite.stripe_id, current_period_start: null, current_period_end: null }),
    ];
    renderFeature(<CurrentPlanCard overview={overview(all)} {...handlers} />);
    expect(await screen.findByText('Changed To: Lite')).toBeInTheDocument();
    expect(screen.getByText('Commences on 01/06/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel scheduled change' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });
});

describe('UsageLimitCard', () => {
  it.each(['ar', 'he', 'en'])('keeps "used / limit" in reading order in %s (a left-to-right isolate)', async (lng) => {
    renderFeature(<UsageLimitCard plan={pkg({ current_order: 0, max_order: 10000 })} />, { lng });
    const amount = await screen.findByText('0 / 10000');
    expect(amount.closest('bdi[dir="ltr"]')).not.toBeNull();
  });

  it('marks a full limit as the exception state and writes Unlimited for *', async () => {
    renderFeature(<UsageLimitCard plan={pkg({ current_channel: 2, max_channel: 2, current_staff: 1 })} />);
    expect(await screen.findByTestId('usage-channel')).toHaveAttribute('data-state', 'exception');
    expect(screen.getByTestId('usage-staff')).toHaveAttribute('data-state', 'normal');
    expect(screen.getByTestId('usage-competitor_products')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('usage-channel')).toHaveTextContent('Limit reached');
  });
});
