import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillingUpgradePage } from '../pages/billing-upgrade.page';
import { UsageAddOnPage } from '../pages/usage-add-on.page';
import { pkg, sub } from './fixtures';
import { renderFeature } from './render';

const overview = {
  billing: null,
  selectedPackage: [{ data: pkg(), selected: true }],
  all: [sub()],
  userData: { payment_type: 'card', default_payment_methods: 'pm_1', inventory_users: { inventory_store_users: { store_id: 4 } } },
  paymentMethod: { data: [] },
  currentBillingPeriod: 'monthly',
  addOnIsPastDue: false,
  creditBalance: 0,
  currency: 'MYR',
};
const all = { method: 'GET', path: '/users/billing/all', body: overview };

const quote = (quantity: number, invalidCoupon = false) => ({
  quantity,
  unit_price: 3000,
  tax_percentage: 8,
  tax_label: 'SST - Malaysia',
  prorated_amount: 1500 * quantity,
  discount_amount: 0,
  sub_total_amount: 1500 * quantity,
  tax_amount: 120 * quantity,
  total_amount: 1620 * quantity,
  applied_balance: 0,
  grand_total_amount: 1620 * quantity,
  lock_channel_count: 0,
  billing_cycle_start_date: '2026-05-01T00:00:00Z',
  billing_cycle_end_date: '2026-06-01T00:00:00Z',
  isInvalidCoupon: invalidCoupon,
  currency: 'MYR',
});

const addOnPackage = { method: 'GET', path: '/users/usage-addon/get-add-on-package', body: { data: { id: 50, name: 'Sales Channel Management', billing_period: 'monthly', price: 3000, sub_total: 3000, tax: 8, tax_label: 'SST - Malaysia', currency: 'MYR' } } };

describe('UsageAddOnPage', () => {
  it('shows the cycle in DD/MM/YYYY, ten quantity options and the quote, then subscribes after confirming', async () => {
    const routes = [all, addOnPackage, { method: 'GET', path: '/users/usage-addon/get-amount-to-pay', body: { data: quote(1) } }, { method: 'POST', path: '/users/usage-addon/subscribe', body: { message: 'Add-on subscription is successful', invoice: null } }];
    const { calls } = renderFeature(<UsageAddOnPage />, { routes, path: '/profile/billing/usage-add-on' });
    expect(await screen.findByTestId('add-on-cycle')).toHaveTextContent('01/05/2026 – 01/06/2026');
    expect(screen.getByTestId('add-on-total')).toHaveTextContent('RM 16.20');
    expect(screen.getByRole('button', { name: 'Back to billing' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Number of sales channels' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1 store', '2 stores', '3 stores', '4 stores', '5 stores', '6 stores', '7 stores', '8 stores', '9 stores', '10 stores']);
    await userEvent.click(screen.getByRole('option', { name: '3 stores' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('addon_store_quantity=3'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/users/usage-addon/subscribe')?.body).toEqual({ addon_store_quantity: 3, store_id: 4 }));
  });

  it("says 'Invalid coupon code' when the quote rejects the coupon and does not send it", async () => {
    const routes = [all, addOnPackage, { method: 'GET', path: '/users/usage-addon/get-amount-to-pay', body: { data: quote(1, true) } }];
    const { calls } = renderFeature(<UsageAddOnPage />, { routes, path: '/profile/billing/usage-add-on' });
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid coupon code')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('coupon=NOPE'))).toBe(true);
  });
});

describe('BillingUpgradePage', () => {
  const preview = {
    change: 'upgrade',
    effect: { kind: 'review' },
    must_acknowledge_coupon_removal: false,
    currency: 'MYR',
    package: pkg({ id: 2, name: 'Growth' }),
    lines: [
      { description: 'Unused time on Starter', amount: -4950, proration: true, period: { start: 1777593600, end: 1780272000 } },
      { description: 'Remaining time on Growth', amount: 9950, proration: true, period: { start: 1777593600, end: 1780272000 } },
    ],
    subtotal: 5000,
    tax: 400,
    tax_percent: 8,
    rounding_amount: 0,
    total: 5400,
    applied_balance: 1000,
    amount_due: 4400,
    period_end: '2026-06-01T00:00:00Z',
  };

  it('shows the prorated lines, tax, credit applied and the amount due, then pays', async () => {
    const routes = [all, { method: 'GET', path: '/users/billing/plan-change-preview', body: { data: preview } }, { method: 'POST', path: '/users/billing/downgrade-or-upgrade', body: { message: 'Your plan has been upgraded to Growth', invoice: null } }];
    const { calls } = renderFeature(<BillingUpgradePage />, { routes, path: '/profile/billing/upgrade?package_id=2' });
    expect(await screen.findByTestId('upgrade-total')).toHaveTextContent('RM 44.00');
    expect(screen.getByText('-RM 49.50')).toBeInTheDocument();
    expect(screen.getByText('RM 4.00')).toBeInTheDocument();
    expect(screen.getByText('-RM 10.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package_id: 2, type: 'upgrade', store_id: 4 }));
  });

  it('words the lines and the result in the page language from the server\'s keys and values, not its English (issue 31 #5)', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('n');
    const labelled = {
      ...preview,
      lines: [
        { ...preview.lines[0], label: { kind: 'unused', plan: 'Starter', at: 1777593600 } },
        { ...preview.lines[1], label: { kind: 'remaining', plan: 'Growth', at: 1777593600 } },
      ],
    };
    const result = { message: 'Your plan has been upgraded to Growth', notice: { kind: 'planUpgraded', plan: 'Growth' }, invoice: null };
    const routes = [all, { method: 'GET', path: '/users/billing/plan-change-preview', body: { data: labelled } }, { method: 'POST', path: '/users/billing/downgrade-or-upgrade', body: result }];
    renderFeature(<BillingUpgradePage />, { routes, path: '/profile/billing/upgrade?package_id=2', lng: 'zhtw' });
    await screen.findByTestId('upgrade-total');
    expect(screen.getByText(/^Starter 自 01\/05\/2026 起未使用的時間/)).toBeInTheDocument();
    expect(screen.getByText(/^Growth 自 01\/05\/2026 起的剩餘時間/)).toBeInTheDocument();
    expect(screen.queryByText(/Unused time|Remaining time/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '確認並付款' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: '您的方案已升級為 Growth' })));
    show.mockRestore();
  });

  it('refuses a plan that is not an upgrade', async () => {
    const routes = [all, { method: 'GET', path: '/users/billing/plan-change-preview', body: { data: { ...preview, change: 'downgrade', lines: [] } } }];
    renderFeature(<BillingUpgradePage />, { routes, path: '/profile/billing/upgrade?package_id=2' });
    expect(await screen.findByText('This plan is not an upgrade of your current plan. Choose it from the billing page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm & Pay' })).not.toBeInTheDocument();
  });
});
