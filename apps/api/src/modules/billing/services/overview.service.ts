import { channelLimit, isAddOnSectionVisible } from '@merchant-hub/billing-rules';
import type { BillingResponse, Package, SelectedPackage } from '@merchant-hub/domain';
import { iso } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { type CatalogPackage, marketPlans } from '../../packages';
import type { Engine } from '../engine/billing.engine';
import { type BillingAccount, billingAccountOf, billingInfoOf } from '../repositories/billing-accounts.repository';
import { staffCount, storeIdsOf } from '../repositories/merchants.repository';
import { cardsOf } from '../repositories/payment-methods.repository';
import { type Actor, billingState } from './billing-state';

/** `GET users/billing/all`: the plan, the catalog to change to, cards, credit, and what the page may offer. */
export const createOverviewService = (engine: Engine) => {
  const { db } = engine.deps;

  const billingAll = async (actor: Actor): Promise<BillingResponse & Record<string, unknown>> => {
    const now = await engine.nowFor(db, actor.merchantId);
    const account = (await billingAccountOf(db, actor.merchantId, now)) as BillingAccount;
    const { domain, current, currentRecord, addOn } = await billingState(db, actor.merchantId);
    const plans = await marketPlans(db, account.market, actor.isStaff);
    if (!current || !currentRecord) {
      throw new AppError('must_subscribe', {
        extra: { code: 0, currency: account.currency, packages: plans.filter((p) => !p.hide || actor.isStaff) },
      });
    }
    const stores = await storeIdsOf(db, actor.merchantId);
    const staff = await staffCount(db, stores);
    const currentPkg = current.package as CatalogPackage;
    const listed = plans.some((p) => p.id === currentPkg.id) ? plans : [...plans, currentPkg];
    const selectedPackage: SelectedPackage[] = listed.map((pkg) => {
      const selected = pkg.id === currentPkg.id;
      const data: Package = selected
        ? {
            ...pkg,
            next_billing_date: iso(currentRecord.periodEnd),
            // The usage add-on sells extra sales channels: a paid add-on raises the plan's channel limit.
            max_channel: channelLimit(pkg.max_channel, addOn) ?? pkg.max_channel,
            current_order: 0,
            current_item: 0,
            current_channel: stores.length,
            current_staff: staff,
            current_warehouse: 0,
            current_competitor_products: 0,
          }
        : pkg;
      return { data, selected };
    });
    return {
      billing: billingInfoOf(account),
      selectedPackage,
      all: domain,
      userData: {
        payment_type: account.paymentType,
        default_payment_methods: account.defaultPaymentMethod,
        inventory_users: { inventory_store_users: { store_id: stores[0] ?? 0 } },
      },
      paymentMethod: { data: await cardsOf(db, actor.merchantId) },
      currentBillingPeriod: currentPkg.billing_period,
      addOnIsPastDue: addOn !== null && addOn.status === 'past_due',
      addOnSectionVisible: isAddOnSectionVisible(domain),
      // Spendable credit as a positive amount; the ledger's own sign (negative = credit) is in `balance`.
      creditBalance: Math.max(0, -account.balance),
      balance: account.balance,
      currency: account.currency,
      now: iso(now),
    };
  };

  return { billingAll };
};

export type OverviewService = ReturnType<typeof createOverviewService>;
