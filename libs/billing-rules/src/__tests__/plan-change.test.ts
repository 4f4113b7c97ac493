import type { Coupon } from '@merchant-hub/domain';
import {
  appliesImmediately,
  classifyPlanChange,
  CONFIRM_BUTTON_TEXT,
  confirmButtonLabel,
  decidePlanChange,
  planChangeRequestType,
  type PlanChangeEffect,
} from '../index';
import { makePackage, makeSubscription, subscriptionFor } from './fixtures';

const basic = makePackage({ id: 10, sort_order: 1 });
const pro = makePackage({ id: 11, sort_order: 2 });
const proTwin = makePackage({ id: 12, sort_order: 2 });
const proYearly = makePackage({ id: 13, sort_order: 2, billing_period: 'yearly' });
const hiddenCustom = makePackage({ id: 14, sort_order: 9, hide: true });

const coupon: Coupon = { id: 'co_1', name: 'Welcome', object: 'coupon', amount_off: null, percent_off: 20 };

describe('classifyPlanChange', () => {
  it.each([
    ['no current plan', null, pro, 'upgrade'],
    ['the very same package', pro, pro, 'same'],
    ['another billing period', pro, makePackage({ sort_order: 1, billing_period: 'yearly' }), 'period_switch'],
    ['a higher sort_order in the same period', basic, pro, 'upgrade'],
    ['an equal sort_order in the same period', pro, proTwin, 'upgrade'],
    ['leaving a hidden current plan for a lower one', hiddenCustom, basic, 'upgrade'],
    ['a lower sort_order in the same period', pro, basic, 'downgrade'],
  ] as const)('classifies %s', (_name, current, target, expected) => {
    expect(classifyPlanChange(current, target)).toBe(expected);
  });

  it('treats a period switch as such even towards a cheaper rank', () => {
    expect(classifyPlanChange(proYearly, basic)).toBe('period_switch');
  });
});

describe('appliesImmediately', () => {
  const active = subscriptionFor(pro, { current_period_end: '2026-12-01T00:00:00Z' });

  it('does nothing for the same package', () => {
    expect(appliesImmediately({ subscriptions: [active], change: 'same' })).toEqual({ kind: 'none' });
  });

  it('applies a first plan straight away', () => {
    expect(appliesImmediately({ subscriptions: [], change: 'upgrade' })).toEqual({
      kind: 'immediate',
      reason: 'first_plan',
    });
  });

  it('ignores ended subscriptions when deciding there is no plan', () => {
    const ended = subscriptionFor(pro, { stripe_status: 'canceled' });
    expect(appliesImmediately({ subscriptions: [ended], change: 'upgrade' })).toEqual({
      kind: 'immediate',
      reason: 'first_plan',
    });
  });

  it('applies an upgrade during a trialing first subscription straight away', () => {
    const trial = subscriptionFor(basic, { stripe_status: 'trialing', trial_ends_at: '2026-12-05T00:00:00Z' });
    expect(appliesImmediately({ subscriptions: [trial], change: 'upgrade' })).toEqual({
      kind: 'immediate',
      reason: 'trial',
    });
  });

  it('applies a period switch straight away', () => {
    expect(appliesImmediately({ subscriptions: [active], change: 'period_switch' })).toEqual({
      kind: 'immediate',
      reason: 'period_switch',
    });
  });

  it('sends an upgrade of an active plan to the upgrade page', () => {
    expect(appliesImmediately({ subscriptions: [active], change: 'upgrade' })).toEqual({ kind: 'review' });
  });

  it('schedules a downgrade for the end of the current period', () => {
    expect(appliesImmediately({ subscriptions: [active], change: 'downgrade' })).toEqual({
      kind: 'scheduled',
      effectiveAt: '2026-12-01T00:00:00Z',
    });
  });

  it('schedules a downgrade during a trial for the trial end when no period end is known', () => {
    const trial = subscriptionFor(pro, {
      stripe_status: 'trialing',
      current_period_end: null,
      trial_ends_at: '2026-12-05T00:00:00Z',
    });
    expect(appliesImmediately({ subscriptions: [trial], change: 'downgrade' })).toEqual({
      kind: 'scheduled',
      effectiveAt: '2026-12-05T00:00:00Z',
    });
  });
});

describe('confirmButtonLabel', () => {
  it.each<[PlanChangeEffect, string | null]>([
    [{ kind: 'immediate', reason: 'first_plan' }, 'confirmAndPay'],
    [{ kind: 'immediate', reason: 'trial' }, 'confirmAndPay'],
    [{ kind: 'immediate', reason: 'period_switch' }, 'confirmAndSwitch'],
    [{ kind: 'review' }, 'viewDetails'],
    [{ kind: 'scheduled', effectiveAt: null }, 'confirmAndSwitch'],
    [{ kind: 'none' }, null],
  ])('labels %j as %s', (effect, expected) => {
    expect(confirmButtonLabel(effect)).toBe(expected);
  });

  it('has the English texts of the spec', () => {
    expect(CONFIRM_BUTTON_TEXT).toEqual({
      confirmAndPay: 'Confirm & Pay',
      viewDetails: 'View Details',
      confirmAndSwitch: 'Confirm & switch',
    });
  });
});

describe('planChangeRequestType', () => {
  it.each([
    ['upgrade', 'upgrade'],
    ['period_switch', 'upgrade'],
    ['downgrade', 'downgrade'],
    ['same', null],
  ] as const)('sends %s as %s', (change, expected) => {
    expect(planChangeRequestType(change)).toBe(expected);
  });
});

describe('decidePlanChange', () => {
  it('decides an upgrade of an active plan with a coupon', () => {
    const subscriptions = [subscriptionFor(basic, { coupon })];
    expect(decidePlanChange({ subscriptions, target: pro })).toEqual({
      change: 'upgrade',
      effect: { kind: 'review' },
      confirmLabel: 'viewDetails',
      requestType: 'upgrade',
      mustAcknowledgeCouponRemoval: true,
    });
  });

  it('asks for no coupon acknowledgement when the same package is chosen', () => {
    const subscriptions = [subscriptionFor(pro, { coupon })];
    const decision = decidePlanChange({ subscriptions, target: pro });
    expect(decision.change).toBe('same');
    expect(decision.mustAcknowledgeCouponRemoval).toBe(false);
    expect(decision.confirmLabel).toBeNull();
  });

  it('decides a first plan without any subscription', () => {
    expect(decidePlanChange({ subscriptions: [], target: basic })).toEqual({
      change: 'upgrade',
      effect: { kind: 'immediate', reason: 'first_plan' },
      confirmLabel: 'confirmAndPay',
      requestType: 'upgrade',
      mustAcknowledgeCouponRemoval: false,
    });
  });

  it('finds the current plan in the catalog by price id when the subscription carries no package', () => {
    const subscriptions = [makeSubscription({ stripe_plan: pro.stripe_id, package: null })];
    const decision = decidePlanChange({ subscriptions, target: basic, packages: [basic, pro] });
    expect(decision.change).toBe('downgrade');
    expect(decision.confirmLabel).toBe('confirmAndSwitch');
  });

  it('falls back to an upgrade page review when the current package cannot be found', () => {
    const subscriptions = [makeSubscription({ stripe_plan: 'price_unknown', package: null })];
    const decision = decidePlanChange({ subscriptions, target: basic, packages: [basic] });
    expect(decision.change).toBe('upgrade');
    expect(decision.effect).toEqual({ kind: 'review' });
  });
});
