import { PLAN_BUTTON_TEXT, planButtonState } from '../index';
import { makePackage, makeSubscription, subscriptionFor } from './fixtures';

const basic = makePackage({ id: 30, sort_order: 1 });
const pro = makePackage({ id: 31, sort_order: 2 });
const business = makePackage({ id: 32, sort_order: 3 });

describe('planButtonState', () => {
  const running = subscriptionFor(pro);
  const scheduled = subscriptionFor(basic, { stripe_status: 'trialing', trial_ends_at: '2026-12-01T00:00:00Z' });

  it('marks the current plan as selected and disables it', () => {
    expect(planButtonState({ pkg: pro, subscriptions: [running, scheduled] })).toEqual({
      label: 'selectedPlan',
      disabled: true,
    });
  });

  it('marks the scheduled plan as next billing and disables it', () => {
    expect(planButtonState({ pkg: basic, subscriptions: [running, scheduled] })).toEqual({
      label: 'nextBillingSelectedPlan',
      disabled: true,
    });
  });

  it('offers any other plan for order', () => {
    expect(planButtonState({ pkg: business, subscriptions: [running, scheduled] })).toEqual({
      label: 'orderPlan',
      disabled: false,
    });
  });

  it('offers every plan for order without a subscription', () => {
    expect(planButtonState({ pkg: pro, subscriptions: [] })).toEqual({ label: 'orderPlan', disabled: false });
  });

  it('disables ordering while the plan is past due', () => {
    const pastDue = subscriptionFor(pro, { stripe_status: 'past_due' });
    expect(planButtonState({ pkg: business, subscriptions: [pastDue] })).toEqual({
      label: 'orderPlan',
      disabled: true,
    });
    expect(planButtonState({ pkg: pro, subscriptions: [pastDue] }).label).toBe('selectedPlan');
  });

  it('disables ordering while the add-on is past due', () => {
    const addOn = makeSubscription({ name: 'multistore', stripe_status: 'past_due' });
    expect(planButtonState({ pkg: business, subscriptions: [running, addOn] })).toEqual({
      label: 'orderPlan',
      disabled: true,
    });
  });

  it('treats a first subscription in trial as the selected plan', () => {
    const trial = subscriptionFor(pro, { stripe_status: 'trialing' });
    expect(planButtonState({ pkg: pro, subscriptions: [trial] }).label).toBe('selectedPlan');
  });

  it('has the English texts of the spec', () => {
    expect(PLAN_BUTTON_TEXT).toEqual({
      selectedPlan: 'Selected Plan',
      nextBillingSelectedPlan: 'Next Billing Selected Plan',
      orderPlan: 'Order Plan',
    });
  });
});
