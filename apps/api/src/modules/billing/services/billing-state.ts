import { currentPlanSubscription, pendingPlanChange } from '@merchant-hub/billing-rules';
import type { Exec } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { type CatalogPackage, findPackage } from '../../packages';
import type { OnBehalfScope } from '../engine/on-behalf';
import type { BillingAccount } from '../repositories/billing-accounts.repository';
import { liveSubscriptions, toSubscriptions } from '../repositories/subscriptions.repository';

/** `returnUrl`: where the card issuer's 3-D Secure page sends the customer back (the billing page, `flow=3ds`). */
export type Actor = { merchantId: number; isStaff: boolean; returnUrl?: string; scope?: OnBehalfScope };

/** What an on-session payment waiting for 3-D Secure will do once it succeeds. */
export type PendingChange =
  | { purpose: 'subscribe'; details: { package_id: number } }
  | {
      purpose: 'plan_change';
      details: {
        change: 'upgrade' | 'period_switch';
        package_id: number;
        subscription_id: number;
        scheduled_subscription_id: number | null;
        period_end: number;
        /** The target's unit amount the change was quoted at (absent on changes pending from before it was stored). */
        unit_amount?: number;
        add_on: { subscription_id: number; package_id: number; unit_amount?: number } | null;
      };
    }
  | { purpose: 'retry' | 'add_on'; details: { subscription_id: number } };

export type PlanChangeDetails = Extract<PendingChange, { purpose: 'plan_change' }>['details'];

/** A day as people read it in messages and invoice lines (spec §9: DD/MM/YYYY), in UTC like every stored time. */
export const dateOf = (seconds: number): string => {
  const [year, month, day] = new Date(seconds * 1000).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

export const returnUrlOf = (actor: Actor, publicUrl: string): string => actor.returnUrl ?? `${publicUrl}/home/dashboard?flow=3ds`;

/** The merchant's live subscriptions, as records and as the billing rules read them: the plan, the scheduled change, the add-on. */
export const billingState = async (exec: Exec, merchantId: number, packages?: ReadonlyMap<number, CatalogPackage>) => {
  const subs = await liveSubscriptions(exec, merchantId);
  const domain = await toSubscriptions(exec, subs, packages);
  const current = currentPlanSubscription(domain);
  const currentRecord = current ? (subs.find((s) => s.id === current.id) ?? null) : null;
  const pending = pendingPlanChange(domain);
  const pendingRecord = pending ? (subs.find((s) => s.id === pending.subscription.id) ?? null) : null;
  const addOn = subs.find((s) => s.name === 'multistore') ?? null;
  return { subs, domain, current, currentRecord, pendingRecord, addOn };
};

/** A package the merchant may buy: same market, not an add-on, hidden ones for staff only. */
export const purchasable = async (exec: Exec, account: BillingAccount, packageId: number, isStaff: boolean): Promise<CatalogPackage> => {
  const pkg = await findPackage(exec, packageId);
  if (!pkg || pkg.is_addon || pkg.market !== account.market || pkg.currency !== account.currency || (pkg.hide && !isStaff)) {
    throw new AppError('package_unavailable');
  }
  if (pkg.descriptions.report.length === 0 && pkg.price === 0) throw new AppError('package_unavailable', { message: 'This plan is quoted on request: please contact us' });
  return pkg;
};

/** A paid invoice's acknowledgement as the page words it (issue 31 #5), beside the English 'Payment received'. */
export const PAYMENT_RECEIVED = { kind: 'paymentReceived' } as const;
