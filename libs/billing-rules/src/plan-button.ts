import type { Package, Subscription } from '@merchant-hub/domain';
import {
  currentPlanSubscription,
  hasPastDueSubscription,
  isSubscriptionFor,
  pendingPlanChange,
} from './subscription-state';

export type PlanButtonLabel = 'selectedPlan' | 'nextBillingSelectedPlan' | 'orderPlan';

export const PLAN_BUTTON_TEXT: Readonly<Record<PlanButtonLabel, string>> = {
  selectedPlan: 'Selected Plan',
  nextBillingSelectedPlan: 'Next Billing Selected Plan',
  orderPlan: 'Order Plan',
};

export type PlanButtonState = { label: PlanButtonLabel; disabled: boolean };

/**
 * Spec §4: Selected Plan for the current plan, Next Billing Selected Plan for the plan of a pending
 * (trialing second) subscription, Order Plan otherwise; disabled when the plan is selected or when any
 * subscription — plan or add-on — is past due, so nobody orders more while a payment is outstanding. The
 * current plan counts as selected in any live status (a first subscription in trial or a past-due one too).
 */
export const planButtonState = (input: { pkg: Package; subscriptions: readonly Subscription[] }): PlanButtonState => {
  const { pkg, subscriptions } = input;
  const current = currentPlanSubscription(subscriptions);
  const pending = pendingPlanChange(subscriptions);
  const label: PlanButtonLabel =
    current !== null && isSubscriptionFor(current, pkg)
      ? 'selectedPlan'
      : pending !== null && isSubscriptionFor(pending.subscription, pkg)
        ? 'nextBillingSelectedPlan'
        : 'orderPlan';
  return { label, disabled: label !== 'orderPlan' || hasPastDueSubscription(subscriptions) };
};
