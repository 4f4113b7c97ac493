import type { CurrencyCode, IsoDateTime, Package, PaymentType, Subscription, SubscriptionStatus } from '@merchant-hub/domain';

/**
 * Statuses under which a subscription still counts. `canceled`, `incomplete` and `unpaid` rows can linger in
 * the API's list after a plan ended or a first payment never went through; they are no current plan.
 */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Statuses that mean the add-on is waiting for money (spec §4: "pending payment"). */
const ADD_ON_UNPAID_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'incomplete', 'unpaid'];

export type CurrentPlanAction = 'resume' | 'unsubscribe' | 'retryPayment';
export type PlanHeadingColor = 'red' | 'default';
export type AddOnAction = 'subscribe' | 'retryPayment';

export type PendingPlanChange = {
  subscription: Subscription;
  /** When the scheduled plan starts: the pending subscription's `trial_ends_at`. */
  commencesAt: IsoDateTime | null;
};

const isLivePlan = (subscription: Subscription): boolean =>
  subscription.name === 'default' && LIVE_STATUSES.includes(subscription.stripe_status);

/**
 * The plan the merchant is on now. A scheduled change is a second `default` subscription in `trialing`, so
 * a non-trialing plan wins over a trialing one; a lone trialing plan is a first subscription still in trial.
 */
export const currentPlanSubscription = (subscriptions: readonly Subscription[]): Subscription | null => {
  const live = subscriptions.filter(isLivePlan);
  return live.find((s) => s.stripe_status !== 'trialing') ?? live[0] ?? null;
};

/** The plan change waiting for the period end ("Changed To"), if any. */
export const pendingPlanChange = (subscriptions: readonly Subscription[]): PendingPlanChange | null => {
  const current = currentPlanSubscription(subscriptions);
  if (current === null) return null;
  const pending = subscriptions.find((s) => s !== current && isLivePlan(s) && s.stripe_status === 'trialing');
  return pending === undefined ? null : { subscription: pending, commencesAt: pending.trial_ends_at };
};

/**
 * The action the Current Plan card offers. A first subscription still in its trial offers none: the spec
 * names actions for `active` and `past_due` only.
 */
export const currentPlanAction = (subscription: Subscription | null): CurrentPlanAction | null => {
  if (subscription === null) return null;
  switch (subscription.stripe_status) {
    case 'active':
      return subscription.ends_at === null ? 'unsubscribe' : 'resume';
    case 'past_due':
      return 'retryPayment';
    default:
      return null;
  }
};

export const planHeadingColor = (subscription: Subscription | null): PlanHeadingColor =>
  subscription?.stripe_status === 'past_due' ? 'red' : 'default';

/** Choosing another plan drops the current subscription's coupon, so the user must acknowledge it first. */
export const mustAcknowledgeCouponRemoval = (subscriptions: readonly Subscription[]): boolean =>
  (currentPlanSubscription(subscriptions)?.coupon ?? null) !== null;

/**
 * Spec §4: the add-on section shows "only with an active subscription without ends_at, or with ends_at plus
 * a trialing one" — the second case is a plan that ends at the period end because a downgrade takes over.
 */
export const isAddOnSectionVisible = (subscriptions: readonly Subscription[]): boolean => {
  const current = currentPlanSubscription(subscriptions);
  if (current === null || current.stripe_status !== 'active') return false;
  return current.ends_at === null || pendingPlanChange(subscriptions) !== null;
};

/** Retry Payment replaces Subscribe while the add-on subscription waits for payment. */
export const addOnAction = (input: {
  subscriptions: readonly Subscription[];
  /** The billing response's `addOnIsPastDue`, when the caller has it. */
  addOnIsPastDue?: boolean;
}): AddOnAction => {
  const unpaid = input.subscriptions.some(
    (s) => s.name === 'multistore' && ADD_ON_UNPAID_STATUSES.includes(s.stripe_status),
  );
  return unpaid || input.addOnIsPastDue === true ? 'retryPayment' : 'subscribe';
};

/**
 * Whether a subscription is for this package. The embedded package is authoritative; without it the price
 * id (`stripe_plan` = the package's `stripe_id`) identifies the plan.
 */
export const isSubscriptionFor = (subscription: Subscription, pkg: Package): boolean =>
  subscription.package !== null ? subscription.package.id === pkg.id : subscription.stripe_plan === pkg.stripe_id;

export const hasPastDueSubscription = (subscriptions: readonly Subscription[]): boolean =>
  subscriptions.some((s) => s.stripe_status === 'past_due');

/** A way to pay an open invoice the billing page offers: a retry on the saved card, FPX at the bank, or adding a card first. */
export type RetryMethod = 'card' | 'fpx' | 'addCard';

/**
 * The ways a past-due merchant can actually pay (issue 31 #4), the one it pays by first: FPX only in ringgit;
 * the card retry only with a card on file (without one it can only fail); a merchant that pays by FPX, or has no
 * card, sees FPX first. Without a card, adding one is offered; it is last unless nothing else is possible.
 */
export const retryMethods = (input: { currency: CurrencyCode; hasCard: boolean; paymentType: PaymentType }): RetryMethod[] => {
  const fpx = input.currency === 'MYR';
  if (!input.hasCard) return fpx ? ['fpx', 'addCard'] : ['addCard'];
  if (!fpx) return ['card'];
  return input.paymentType === 'fpx' ? ['fpx', 'card'] : ['card', 'fpx'];
};
