import type { Coupon } from '@merchant-hub/domain';
import {
  addOnAction,
  retryMethods,
  currentPlanAction,
  currentPlanSubscription,
  hasPastDueSubscription,
  isAddOnSectionVisible,
  isSubscriptionFor,
  mustAcknowledgeCouponRemoval,
  pendingPlanChange,
  planHeadingColor,
} from '../index';
import { makePackage, makeSubscription, subscriptionFor } from './fixtures';

const basic = makePackage({ id: 20, sort_order: 1 });
const pro = makePackage({ id: 21, sort_order: 2 });
const coupon: Coupon = { id: 'promo_1', code: 'SAVE10', name: null, object: 'promotion_code', amount_off: 1000, percent_off: null };

describe('currentPlanSubscription', () => {
  it('is null without subscriptions', () => {
    expect(currentPlanSubscription([])).toBeNull();
  });

  it('prefers the running plan over a trialing scheduled one, whatever the list order', () => {
    const scheduled = subscriptionFor(basic, { stripe_status: 'trialing' });
    const running = subscriptionFor(pro);
    expect(currentPlanSubscription([scheduled, running])).toBe(running);
  });

  it('takes a lone trialing plan as the current one', () => {
    const trial = subscriptionFor(basic, { stripe_status: 'trialing' });
    expect(currentPlanSubscription([trial])).toBe(trial);
  });

  it('ignores the add-on and ended subscriptions', () => {
    const addOn = makeSubscription({ name: 'multistore' });
    const ended = subscriptionFor(pro, { stripe_status: 'canceled' });
    expect(currentPlanSubscription([addOn, ended])).toBeNull();
  });

  it('counts a past-due plan as current', () => {
    const pastDue = subscriptionFor(pro, { stripe_status: 'past_due' });
    expect(currentPlanSubscription([pastDue])).toBe(pastDue);
  });
});

describe('pendingPlanChange', () => {
  it('is null without a current plan', () => {
    expect(pendingPlanChange([])).toBeNull();
  });

  it('is null when only the current plan exists', () => {
    expect(pendingPlanChange([subscriptionFor(pro)])).toBeNull();
  });

  it('reports the trialing second subscription and its commencement date', () => {
    const scheduled = subscriptionFor(basic, { stripe_status: 'trialing', trial_ends_at: '2026-12-01T00:00:00Z' });
    expect(pendingPlanChange([subscriptionFor(pro), scheduled])).toEqual({
      subscription: scheduled,
      commencesAt: '2026-12-01T00:00:00Z',
    });
  });

  it('does not take a trialing add-on for a plan change', () => {
    const addOnTrial = makeSubscription({ name: 'multistore', stripe_status: 'trialing' });
    expect(pendingPlanChange([subscriptionFor(pro), addOnTrial])).toBeNull();
  });
});

describe('currentPlanAction and planHeadingColor', () => {
  it.each([
    ['active with ends_at', { stripe_status: 'active', ends_at: '2026-12-01T00:00:00Z' }, 'resume', 'default'],
    ['active without ends_at', { stripe_status: 'active', ends_at: null }, 'unsubscribe', 'default'],
    ['past_due', { stripe_status: 'past_due' }, 'retryPayment', 'red'],
    ['trialing', { stripe_status: 'trialing' }, null, 'default'],
  ] as const)('offers the right action when %s', (_name, overrides, action, color) => {
    const subscription = subscriptionFor(pro, overrides);
    expect(currentPlanAction(subscription)).toBe(action);
    expect(planHeadingColor(subscription)).toBe(color);
  });

  it('offers nothing without a plan', () => {
    expect(currentPlanAction(null)).toBeNull();
    expect(planHeadingColor(null)).toBe('default');
  });
});

describe('mustAcknowledgeCouponRemoval', () => {
  it('is required when the current subscription carries a coupon', () => {
    expect(mustAcknowledgeCouponRemoval([subscriptionFor(pro, { coupon })])).toBe(true);
  });

  it('is not required without a coupon or without a plan', () => {
    expect(mustAcknowledgeCouponRemoval([subscriptionFor(pro)])).toBe(false);
    expect(mustAcknowledgeCouponRemoval([])).toBe(false);
  });

  it('looks at the current plan, not at a scheduled one', () => {
    const scheduled = subscriptionFor(basic, { stripe_status: 'trialing', coupon });
    expect(mustAcknowledgeCouponRemoval([subscriptionFor(pro), scheduled])).toBe(false);
  });
});

describe('isAddOnSectionVisible', () => {
  const scheduled = subscriptionFor(basic, { stripe_status: 'trialing', trial_ends_at: '2026-12-01T00:00:00Z' });

  it('shows with an active plan without ends_at', () => {
    expect(isAddOnSectionVisible([subscriptionFor(pro)])).toBe(true);
  });

  it('shows with an ending plan that a trialing one takes over', () => {
    const ending = subscriptionFor(pro, { ends_at: '2026-12-01T00:00:00Z' });
    expect(isAddOnSectionVisible([ending, scheduled])).toBe(true);
  });

  it('hides with an ending plan and nothing after it', () => {
    expect(isAddOnSectionVisible([subscriptionFor(pro, { ends_at: '2026-12-01T00:00:00Z' })])).toBe(false);
  });

  it.each([
    ['no plan', []],
    ['a past-due plan', [subscriptionFor(pro, { stripe_status: 'past_due' })]],
    ['a first plan still in trial', [subscriptionFor(pro, { stripe_status: 'trialing' })]],
  ])('hides with %s', (_name, subscriptions) => {
    expect(isAddOnSectionVisible(subscriptions)).toBe(false);
  });
});

describe('addOnAction', () => {
  it('offers Subscribe without an add-on or with a paid one', () => {
    expect(addOnAction({ subscriptions: [subscriptionFor(pro)] })).toBe('subscribe');
    expect(addOnAction({ subscriptions: [makeSubscription({ name: 'multistore' })] })).toBe('subscribe');
  });

  it.each(['past_due', 'incomplete', 'unpaid'] as const)('offers Retry Payment for an add-on in %s', (status) => {
    expect(addOnAction({ subscriptions: [makeSubscription({ name: 'multistore', stripe_status: status })] })).toBe(
      'retryPayment',
    );
  });

  it("follows the billing response's addOnIsPastDue flag", () => {
    expect(addOnAction({ subscriptions: [], addOnIsPastDue: true })).toBe('retryPayment');
    expect(addOnAction({ subscriptions: [], addOnIsPastDue: false })).toBe('subscribe');
  });

  it('is not moved by a past-due plan', () => {
    expect(addOnAction({ subscriptions: [subscriptionFor(pro, { stripe_status: 'past_due' })] })).toBe('subscribe');
  });
});

describe('isSubscriptionFor and hasPastDueSubscription', () => {
  it('matches by the embedded package id first', () => {
    const sub = subscriptionFor(pro, { stripe_plan: basic.stripe_id });
    expect(isSubscriptionFor(sub, pro)).toBe(true);
    expect(isSubscriptionFor(sub, basic)).toBe(false);
  });

  it('matches by price id without an embedded package', () => {
    const sub = makeSubscription({ stripe_plan: basic.stripe_id, package: null });
    expect(isSubscriptionFor(sub, basic)).toBe(true);
    expect(isSubscriptionFor(sub, pro)).toBe(false);
  });

  it('spots any past-due subscription, the add-on included', () => {
    expect(hasPastDueSubscription([subscriptionFor(pro), makeSubscription({ name: 'multistore', stripe_status: 'past_due' })])).toBe(true);
    expect(hasPastDueSubscription([subscriptionFor(pro)])).toBe(false);
  });
});

describe('retryMethods: the ways a past-due merchant can actually pay (issue 31 #4)', () => {
  it.each([
    ['a ringgit merchant paying by FPX, with a card', { currency: 'MYR', hasCard: true, paymentType: 'fpx' }, ['fpx', 'card']],
    ['a ringgit merchant paying by card', { currency: 'MYR', hasCard: true, paymentType: 'card' }, ['card', 'fpx']],
    ['a ringgit merchant with no card', { currency: 'MYR', hasCard: false, paymentType: 'fpx' }, ['fpx', 'addCard']],
    ['a Singapore merchant with a card', { currency: 'SGD', hasCard: true, paymentType: 'card' }, ['card']],
    ['a Singapore merchant with no card', { currency: 'SGD', hasCard: false, paymentType: 'card' }, ['addCard']],
  ] as const)('%s: %j', (_case, input, expected) => {
    expect(retryMethods(input)).toEqual(expected);
  });
});
