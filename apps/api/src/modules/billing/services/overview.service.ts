import { channelLimit, isAddOnSectionVisible } from '@merchant-hub/billing-rules';
import type { BillingResponse, Package, SelectedPackage } from '@merchant-hub/domain';
import { iso } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { rawRows } from '../../../db/knex';
import { type CatalogPackage, catalogAt } from '../../packages';
import type { Engine } from '../engine/billing.engine';
import { type BillingAccount, billingAccountOf, billingInfoOf } from '../repositories/billing-accounts.repository';
import { storesAndStaff } from '../repositories/merchants.repository';
import { cardsOf } from '../repositories/payment-methods.repository';
import { type Actor, billingState } from './billing-state';

/** The merchant's sandbox clock offset and the catalog's key (revision, package count). */
const HEAD_SQL =
  'select (select offset_seconds from sandbox_clocks where merchant_id = ?) as offset_seconds, (select revision from catalog_revision where id = 1) as revision, (select count(*) from packages) as packages';

/** `GET users/billing/all`: the plan, the catalog to change to, cards, credit, and what the page may offer. */
export const createOverviewService = (engine: Engine) => {
  const { db } = engine.deps;

  const billingAll = async (actor: Actor): Promise<BillingResponse & Record<string, unknown>> => {
    // One statement for the merchant's clock and the catalog's key; the catalog itself comes from memory
    // unless it changed (a price change is seen at once, on every instance: the key is read per request).
    const [head] = await rawRows<{ offset_seconds: unknown; revision: unknown; packages: unknown }>(db, HEAD_SQL, [actor.merchantId]);
    const now = Math.floor(engine.deps.clock.now().getTime() / 1000) + Number(head?.offset_seconds ?? 0);
    const catalog = await catalogAt(db, `${String(head?.revision)}:${String(head?.packages)}`);
    const account = (await billingAccountOf(db, actor.merchantId, now)) as BillingAccount;
    const { domain, current, currentRecord, addOn } = await billingState(db, actor.merchantId, catalog.byId);
    const plans = catalog.plans(account.market, actor.isStaff);
    if (!current || !currentRecord) {
      throw new AppError('must_subscribe', {
        extra: { code: 0, currency: account.currency, packages: plans.filter((p) => !p.hide || actor.isStaff) },
      });
    }
    const { stores, staff } = await storesAndStaff(db, actor.merchantId);
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
