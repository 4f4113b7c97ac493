import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlanChangeModal } from '../components/plan-change-modal';
import { pkg, sub } from './fixtures';
import { renderFeature } from './render';

const starter = pkg();
const growth = pkg({ id: 2, name: 'Growth', sort_order: 2, subtotal: 19900, price: 19900, stripe_id: 'price_growth_m' });
const growthYearly = pkg({ id: 3, name: 'Growth Yearly', billing_period: 'yearly', sort_order: 2, stripe_id: 'price_growth_y' });

describe('PlanChangeModal', () => {
  it('sends an upgrade of an active plan to the upgrade page with View Details', async () => {
    const onConfirm = vi.fn();
    renderFeature(<PlanChangeModal target={growth} subscriptions={[sub()]} onClose={vi.fn()} onConfirm={onConfirm} />);
    expect(await screen.findByText('Upgrade to Growth')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    expect(onConfirm).toHaveBeenCalledWith({ pkg: growth, requestType: 'upgrade', review: true });
  });

  it('schedules a downgrade with Confirm & switch and names the date it starts', async () => {
    const onConfirm = vi.fn();
    const current = sub({ package: growth, stripe_plan: growth.stripe_id });
    renderFeature(<PlanChangeModal target={starter} subscriptions={[current]} onClose={vi.fn()} onConfirm={onConfirm} />);
    expect(await screen.findByText(/on 01\/06\/2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & switch' }));
    expect(onConfirm).toHaveBeenCalledWith({ pkg: starter, requestType: 'downgrade', review: false });
  });

  const switchPreview = {
    change: 'period_switch',
    effect: { kind: 'immediate', reason: 'period_switch' },
    must_acknowledge_coupon_removal: false,
    currency: 'MYR',
    package: growthYearly,
    lines: [
      { description: 'Unused time on Starter', amount: -4950, proration: true, period: { start: 1777593600, end: 1780272000 } },
      { description: 'Growth Yearly', amount: 190000, proration: false, period: { start: 1777593600, end: 1809129600 } },
    ],
    subtotal: 185050,
    tax: 14804,
    tax_percent: 8,
    rounding_amount: 0,
    total: 199854,
    applied_balance: 0,
    amount_due: 199854,
    period_end: '2027-05-01T00:00:00Z',
  };

  it('shows the amount due today (credit, charge, tax, total) before Confirm & switch charges it', async () => {
    const onConfirm = vi.fn();
    const routes = [{ method: 'GET', path: '/users/billing/plan-change-preview', body: { data: switchPreview } }];
    const { calls } = renderFeature(<PlanChangeModal target={growthYearly} subscriptions={[sub()]} onClose={vi.fn()} onConfirm={onConfirm} />, { routes });
    const button = await screen.findByRole('button', { name: 'Confirm & switch' });
    expect(await screen.findByTestId('upgrade-total')).toHaveTextContent('RM 1,998.54');
    expect(screen.getByText('Due today')).toBeInTheDocument();
    expect(screen.getByText('-RM 49.50')).toBeInTheDocument();
    expect(screen.getByText('RM 1,900.00')).toBeInTheDocument();
    expect(screen.getByText('RM 148.04')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`/users/billing/plan-change-preview?package_id=${growthYearly.id}`]);
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith({ pkg: growthYearly, requestType: 'upgrade', review: false });
  });

  it('keeps Confirm & switch disabled while the amount is unknown', async () => {
    const routes = [{ method: 'GET', path: '/users/billing/plan-change-preview', status: 500, body: { error: { code: 'internal_error', message: 'boom' } } }];
    renderFeature(<PlanChangeModal target={growthYearly} subscriptions={[sub()]} onClose={vi.fn()} onConfirm={vi.fn()} />, { routes });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm & switch' })).toBeDisabled();
  });

  it('offers Confirm & Pay for a first plan', async () => {
    renderFeature(<PlanChangeModal target={starter} subscriptions={[]} onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Confirm & Pay' })).toBeEnabled();
    expect(screen.getByText('Subscribe to Starter')).toBeInTheDocument();
  });

  it('keeps the button disabled until the coupon removal is acknowledged', async () => {
    const withCoupon = sub({ coupon: { id: 'promo_1', code: 'WELCOME20', name: 'Welcome', object: 'promotion_code', amount_off: null, percent_off: 20 } });
    renderFeature(<PlanChangeModal target={growth} subscriptions={[withCoupon]} onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(await screen.findByText('Your coupon WELCOME20 will be removed when you change plan.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'View Details' });
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I understand that my coupon will be removed'));
    expect(button).toBeEnabled();
  });
});
