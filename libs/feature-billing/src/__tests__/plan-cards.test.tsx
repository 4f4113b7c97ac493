import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlanCards } from '../components/plan-cards';
import { pkg, sub } from './fixtures';
import { renderFeature } from './render';

const monthly = [1, 2, 3, 4, 5, 6].map((n) => pkg({ id: n, name: `Plan ${n}`, sort_order: n, stripe_id: `price_${n}` }));
const quote = pkg({ id: 7, name: 'Custom Plan', sort_order: 9, price: 0, subtotal: 0, stripe_id: 'price_custom', descriptions: { basic: [], features: [], report: [] } });
const yearly = pkg({ id: 8, name: 'Plan 1 Yearly', billing_period: 'yearly', subtotal: 95040, price: 118800, discount: 20, stripe_id: 'price_1y' });
const hidden = pkg({ id: 9, name: 'Legacy', hide: true, sort_order: 0, stripe_id: 'price_legacy' });

describe('PlanCards', () => {
  it('shows at most five priced plans, Call for Quote and the placeholder card per tab', async () => {
    renderFeature(<PlanCards packages={[...monthly, quote, yearly, hidden]} subscriptions={[sub({ package: monthly[0], stripe_plan: 'price_1' })]} isStaff={false} onOrder={vi.fn()} />);
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getAllByTestId(/^plan-\d+$/).map((el) => el.dataset.testid)).toEqual(['plan-1', 'plan-2', 'plan-3', 'plan-4', 'plan-5', 'plan-7']);
    expect(within(panel).getByTestId('plan-placeholder')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-7')).getByRole('link', { name: 'Call for Quote' })).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-7')).getByText('Customizable staff accounts')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-1')).getByRole('button', { name: 'Selected Plan' })).toBeDisabled();
  });

  it('labels the yearly tab Save 20% and lists the yearly plans there', async () => {
    renderFeature(<PlanCards packages={[...monthly, yearly]} subscriptions={[]} isStaff={false} onOrder={vi.fn()} />);
    await userEvent.click(await screen.findByRole('tab', { name: /Yearly/ }));
    expect(screen.getByRole('tab', { name: /Yearly/ })).toHaveTextContent('Save 20%');
    expect(await screen.findByTestId('plan-8')).toHaveTextContent('RM 950.40');
    expect(screen.getByTestId('plan-8')).toHaveTextContent('20% off');
  });

  it('shows hidden plans to staff only and orders the chosen plan', async () => {
    const onOrder = vi.fn();
    renderFeature(<PlanCards packages={[monthly[1], hidden]} subscriptions={[]} isStaff onOrder={onOrder} />);
    expect(await screen.findByTestId('plan-9')).toHaveTextContent('Hidden plan');
    await userEvent.click(within(screen.getByTestId('plan-2')).getByRole('button', { name: 'Order Plan' }));
    expect(onOrder).toHaveBeenCalledWith(monthly[1]);
  });

  it('lists the features in the page language where the catalog has them, in English where it has none (issue 31 #5)', async () => {
    const translated = pkg({ id: 11, name: 'Growth', stripe_id: 'price_growth', descriptions: { basic: [], features: ['Live chat support'], report: ['Sales report'], translations: { zhtw: { basic: [], features: ['線上客服'], report: [] } } } });
    const english = pkg({ id: 12, name: 'Pro', sort_order: 2, stripe_id: 'price_pro', descriptions: { basic: [], features: ['API access'], report: ['Sales report'] } });
    renderFeature(<PlanCards packages={[translated, english]} subscriptions={[]} isStaff={false} onOrder={vi.fn()} />, { lng: 'zhtw' });
    expect(await within(screen.getByTestId('plan-11')).findByText('線上客服')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-11')).queryByText('Live chat support')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('plan-12')).getByText('API access')).toBeInTheDocument();
  });

  it('disables ordering while a subscription is past due', async () => {
    renderFeature(<PlanCards packages={monthly.slice(0, 2)} subscriptions={[sub({ stripe_status: 'past_due' })]} isStaff={false} onOrder={vi.fn()} />);
    expect(within(await screen.findByTestId('plan-2')).getByRole('button', { name: 'Order Plan' })).toBeDisabled();
  });
});
