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

  it('switches the billing period at once with Confirm & switch', async () => {
    const onConfirm = vi.fn();
    renderFeature(<PlanChangeModal target={growthYearly} subscriptions={[sub()]} onClose={vi.fn()} onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm & switch' }));
    expect(onConfirm).toHaveBeenCalledWith({ pkg: growthYearly, requestType: 'upgrade', review: false });
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
