import { currentPlanSubscription, hasPastDueSubscription } from '@merchant-hub/billing-rules';
import type { BillingResponse } from '@merchant-hub/domain';

export type SetupStep = 'pastDue' | 'plan' | 'billingDetails' | 'paymentMethod';

/**
 * The setup steps still open, most urgent first, read from the billing answer. `null` billing means the API
 * said the merchant must subscribe first (error code 0), so choosing a plan is the one thing to do.
 */
export const openSetupSteps = (billing: BillingResponse | null): SetupStep[] => {
  if (billing === null) return ['plan'];
  const steps: SetupStep[] = [];
  if (hasPastDueSubscription(billing.all)) steps.push('pastDue');
  if (currentPlanSubscription(billing.all) === null) steps.push('plan');
  const info = billing.billing;
  if (!info || !info.address1 || !info.city || !info.postal_code) steps.push('billingDetails');
  if (billing.paymentMethod.data.length === 0) steps.push('paymentMethod');
  return steps;
};

/** Whether a billing failure means "no plan yet" rather than a real failure (spec §4 late subscribe: code 0). */
export const isMustSubscribe = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return false;
  const { code, body } = error as { code?: unknown; body?: unknown };
  if (code === 'must_subscribe' || code === 0 || code === '0') return true;
  const legacy = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
  return legacy === 0 || legacy === '0';
};
