import type { IsoDateTime, Package, Subscription } from '@merchant-hub/domain';
import { currentPlanSubscription, mustAcknowledgeCouponRemoval } from './subscription-state';

export type PlanChange = 'upgrade' | 'downgrade' | 'period_switch' | 'same';

/** Why a change applies straight away; the confirm button depends on it. */
export type ImmediateReason = 'first_plan' | 'trial' | 'period_switch';

export type PlanChangeEffect =
  | { kind: 'immediate'; reason: ImmediateReason }
  /** Plan details are kept and the user continues on /profile/billing/upgrade. */
  | { kind: 'review' }
  /** A downgrade: starts when the current period ends. */
  | { kind: 'scheduled'; effectiveAt: IsoDateTime | null }
  /** The package is already the current plan. */
  | { kind: 'none' };

export type ConfirmButtonLabel = 'confirmAndPay' | 'viewDetails' | 'confirmAndSwitch';

export const CONFIRM_BUTTON_TEXT: Readonly<Record<ConfirmButtonLabel, string>> = {
  confirmAndPay: 'Confirm & Pay',
  viewDetails: 'View Details',
  confirmAndSwitch: 'Confirm & switch',
};

/** The `type` field of POST users/billing/downgrade-or-upgrade. */
export type PlanChangeRequestType = 'upgrade' | 'downgrade';

/**
 * Spec §4: "Upgrade: no current plan, or same period and current plan hidden or with lower/equal
 * sort_order." Read as `current.sort_order <= target.sort_order`: moving to a plan ranked at or above the
 * current one is an upgrade, and a hidden (custom, staff-assigned) current plan has no rank, so leaving it
 * is an upgrade too.
 */
export const classifyPlanChange = (current: Package | null, target: Package): PlanChange => {
  if (current === null) return 'upgrade';
  if (current.id === target.id) return 'same';
  if (current.billing_period !== target.billing_period) return 'period_switch';
  if (current.hide || current.sort_order <= target.sort_order) return 'upgrade';
  return 'downgrade';
};

/**
 * Spec §4: "With no subscription, a trialing first subscription, or a period switch, the upgrade applies
 * straight away. Otherwise plan details are kept and the user goes to the billing upgrade page." A downgrade
 * with a current plan always waits for the period end, trial or not, because the spec only lets upgrades
 * jump the queue.
 */
export const appliesImmediately = (input: {
  subscriptions: readonly Subscription[];
  change: PlanChange;
}): PlanChangeEffect => {
  const { change } = input;
  if (change === 'same') return { kind: 'none' };
  const current = currentPlanSubscription(input.subscriptions);
  if (current === null) return { kind: 'immediate', reason: 'first_plan' };
  switch (change) {
    case 'period_switch':
      return { kind: 'immediate', reason: 'period_switch' };
    case 'downgrade':
      return { kind: 'scheduled', effectiveAt: current.current_period_end ?? current.trial_ends_at };
    case 'upgrade':
      return current.stripe_status === 'trialing' ? { kind: 'immediate', reason: 'trial' } : { kind: 'review' };
  }
};

/**
 * Spec §4 names three labels for three outcomes. Read as: paying now for a new plan or an immediate upgrade
 * is "Confirm & Pay"; a period switch is "Confirm & switch"; being sent to the upgrade page is "View
 * Details". A downgrade charges nothing now and only schedules the switch, so it reads "Confirm & switch".
 * Returns null when there is nothing to confirm (the package is already the plan).
 */
export const confirmButtonLabel = (effect: PlanChangeEffect): ConfirmButtonLabel | null => {
  switch (effect.kind) {
    case 'immediate':
      return effect.reason === 'period_switch' ? 'confirmAndSwitch' : 'confirmAndPay';
    case 'review':
      return 'viewDetails';
    case 'scheduled':
      return 'confirmAndSwitch';
    case 'none':
      return null;
  }
};

/**
 * A period switch is sent as an upgrade because, like one, it applies at once; the API still classifies
 * the change itself rather than trusting this field.
 */
export const planChangeRequestType = (change: PlanChange): PlanChangeRequestType | null => {
  switch (change) {
    case 'upgrade':
    case 'period_switch':
      return 'upgrade';
    case 'downgrade':
      return 'downgrade';
    case 'same':
      return null;
  }
};

export type PlanChangeDecision = {
  change: PlanChange;
  effect: PlanChangeEffect;
  confirmLabel: ConfirmButtonLabel | null;
  requestType: PlanChangeRequestType | null;
  mustAcknowledgeCouponRemoval: boolean;
};

/** Everything the upgrade/downgrade modal and the API need to know about choosing `target`. */
export const decidePlanChange = (input: {
  subscriptions: readonly Subscription[];
  target: Package;
  /** The catalog, to find the current plan by price id when the subscription carries no package. */
  packages?: readonly Package[];
}): PlanChangeDecision => {
  const current = currentPlanSubscription(input.subscriptions);
  const currentPackage =
    current === null
      ? null
      : (current.package ?? input.packages?.find((p) => p.stripe_id === current.stripe_plan) ?? null);
  const change = classifyPlanChange(currentPackage, input.target);
  const effect = appliesImmediately({ subscriptions: input.subscriptions, change });
  return {
    change,
    effect,
    confirmLabel: confirmButtonLabel(effect),
    requestType: planChangeRequestType(change),
    mustAcknowledgeCouponRemoval: change !== 'same' && mustAcknowledgeCouponRemoval(input.subscriptions),
  };
};
