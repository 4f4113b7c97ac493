import { MARKET_CURRENCY, type Market } from '@merchant-hub/domain';
import {
  type Catalog,
  catalogPriceError,
  type CatalogPlan,
  type PlanEditOutput,
  type PlanPreviewResult,
  type planCreateSchema,
  YEARLY_SAVING_CLAIM_PERCENT,
} from '@merchant-hub/validation';
import { netPrice, yearlySavingPercent } from '@merchant-hub/money';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { type CatalogPackage, findPackage } from '../packages';
import { type CatalogActor, catalogRevision, commitCatalogChange } from './catalog-changes';
import { findInGroup, insertPackage, lockPackage, marketCatalog, plansOf, setHidden, setSortOrders, stripeIdTaken, subscriberCounts, updatePackage } from './plans.repository';

const isQuote = (pkg: CatalogPackage): boolean => !pkg.is_addon && pkg.price === 0 && pkg.descriptions.report.length === 0;

/** The form's view of a package (the edit schema's fields), as the audit log's before/after. */
const summary = (pkg: CatalogPackage): Record<string, unknown> => ({
  name: pkg.name,
  price: pkg.price,
  discount: pkg.discount,
  currency: pkg.currency,
  tax: pkg.tax,
  tax_label: pkg.tax_label,
  sort_order: pkg.sort_order,
  hide: pkg.hide,
  image: pkg.image,
});

/** Plans and add-on packages per market: what superadmins edit and support reads (issue 11 part 1). */
export const createPlansService = (deps: AppDeps) => {
  const { db } = deps;
  const now = (): number => Math.floor(deps.clock.now().getTime() / 1000);

  const assertSuperadmin = (actor: CatalogActor): void => {
    if (actor.role !== 'superadmin') throw new AppError('forbidden');
  };

  /** The yearly saving of a yearly package against its tier's monthly one in the same market. */
  const saving = (pkg: { billing_period: string; is_addon: boolean; group_key: string; market: Market }, yearlySubtotal: number, all: CatalogPackage[]) => {
    if (pkg.billing_period !== 'yearly') return { yearly_saving_percent: null, yearly_claim_holds: true };
    const monthly = all.find((p) => p.billing_period === 'monthly' && p.group_key === pkg.group_key && p.is_addon === pkg.is_addon);
    if (!monthly || monthly.subtotal === 0) return { yearly_saving_percent: null, yearly_claim_holds: true };
    const percent = yearlySavingPercent(monthly.subtotal, yearlySubtotal);
    // The yearly cards' 'Save 20%' holds while the saving is at least that.
    return { yearly_saving_percent: percent, yearly_claim_holds: percent === null || percent >= YEARLY_SAVING_CLAIM_PERCENT };
  };

  const toPlan = (pkg: CatalogPackage, subscribers: number, all: CatalogPackage[]): CatalogPlan => ({
    id: pkg.id,
    name: pkg.name,
    market: pkg.market,
    currency: pkg.currency,
    group_key: pkg.group_key,
    billing_period: pkg.billing_period,
    price: pkg.price,
    discount: pkg.discount,
    subtotal: pkg.subtotal,
    tax: pkg.tax,
    tax_label: pkg.tax_label,
    image: pkg.image,
    sort_order: pkg.sort_order,
    hide: pkg.hide,
    is_addon: pkg.is_addon,
    call_for_quote: isQuote(pkg),
    limits: { order: pkg.max_order, item: pkg.max_item, channel: pkg.max_channel, staff: pkg.max_staff, warehouse: pkg.max_warehouse, competitor_products: pkg.max_competitor_products },
    descriptions: pkg.descriptions,
    subscribers,
    ...saving(pkg, pkg.subtotal, all),
  });

  const catalog = async (market: Market): Promise<Catalog> => {
    const all = await marketCatalog(db, market);
    const counts = await subscriberCounts(db, all.map((p) => p.id));
    const plans = all.map((p) => toPlan(p, counts.get(p.id) ?? 0, all));
    return { market, currency: MARKET_CURRENCY[market], revision: await catalogRevision(db), plans: plans.filter((p) => !p.is_addon), add_ons: plans.filter((p) => p.is_addon) };
  };

  const existing = async (id: number): Promise<CatalogPackage> => {
    const pkg = await findPackage(db, id);
    if (!pkg) throw new AppError('not_found');
    return pkg;
  };

  /** How many subscribers a new price reaches (at their next renewal), and whether 'Save 20%' still holds. */
  const preview = async (actor: CatalogActor, id: number, input: { price: number; discount: number }): Promise<PlanPreviewResult> => {
    assertSuperadmin(actor);
    const pkg = await existing(id);
    priceRule(pkg, input.price);
    const all = await marketCatalog(db, pkg.market);
    const subtotal = netPrice(input.price, input.discount);
    const counts = await subscriberCounts(db, [id]);
    return { subscribers: counts.get(id) ?? 0, current_price: pkg.price, new_price: input.price, new_subtotal: subtotal, currency: pkg.currency, ...saving(pkg, subtotal, all) };
  };

  /** A price the plan's market cannot charge (TW: not whole dollars), as the create schema answers it. */
  const priceRule = (pkg: CatalogPackage, price: number): void => {
    const error = catalogPriceError(pkg.market, price);
    if (error) throw new AppError('validation_failed', { details: { fields: { price: error } } });
  };

  const reportRule = (plan: PlanEditOutput, isAddon: boolean): void => {
    if (!isAddon && !plan.call_for_quote && plan.descriptions.report.length === 0) {
      throw new AppError('validation_failed', { details: { fields: { 'descriptions.report': 'validation:catalog.reportRequired' } } });
    }
  };

  /**
   * Saves every field of a plan or add-on package. A new price only reaches invoices made from now on: past
   * invoices keep their amounts, and each subscriber pays it from their next renewal.
   */
  const edit = async (actor: CatalogActor, id: number, plan: PlanEditOutput) => {
    assertSuperadmin(actor);
    const at = now();
    const current = await existing(id);
    priceRule(current, plan.price);
    reportRule(plan, current.is_addon);
    return commitCatalogChange(db, actor, { action: 'catalog.plan.update', now: at, market: current.market, packageIds: [id] }, async (tx) => {
      const before = await lockPackage(tx, id);
      if (!before) throw new AppError('not_found');
      await updatePackage(tx, id, plan);
      const after = (await lockPackage(tx, id)) as CatalogPackage;
      const counts = await subscriberCounts(tx, [id]);
      return { result: { data: toPlan(after, counts.get(id) ?? 0, await marketCatalog(tx, after.market)) }, before: summary(before), after: summary(after), details: { package_id: id, market: after.market, subscribers: counts.get(id) ?? 0 } };
    });
  };

  const create = async (actor: CatalogActor, input: z.output<typeof planCreateSchema>) => {
    assertSuperadmin(actor);
    const at = now();
    reportRule(input, false);
    return commitCatalogChange(db, actor, { action: 'catalog.plan.create', now: at, market: input.market }, async (tx) => {
      if (await findInGroup(tx, input.market, input.group_key, input.billing_period)) throw new AppError('plan_exists');
      let stripeId = `price_${input.market.toLowerCase()}_${input.group_key.replace(/-/g, '_')}_${input.billing_period}`;
      if (await stripeIdTaken(tx, stripeId)) stripeId = `${stripeId}_${at}`;
      const id = await insertPackage(tx, { ...input, currency: MARKET_CURRENCY[input.market], stripe_id: stripeId, now: at });
      const created = (await lockPackage(tx, id)) as CatalogPackage;
      return { result: { data: toPlan(created, 0, await marketCatalog(tx, input.market)) }, after: summary(created), details: { package_id: id, market: input.market, group_key: input.group_key, billing_period: input.billing_period } };
    });
  };

  const hide = async (actor: CatalogActor, id: number, hidden: boolean) => {
    assertSuperadmin(actor);
    const current = await existing(id);
    return commitCatalogChange(db, actor, { action: hidden ? 'catalog.plan.hide' : 'catalog.plan.show', now: now(), market: current.market, packageIds: [id] }, async (tx) => {
      await setHidden(tx, id, hidden);
      return { result: { ok: true as const }, before: { hide: current.hide }, after: { hide: hidden }, details: { package_id: id, market: current.market } };
    });
  };

  /** Puts the plans of one market and period in this order (sort_order 1, 2, …). */
  const reorder = async (actor: CatalogActor, input: { market: Market; billing_period: string; ids: number[] }) => {
    assertSuperadmin(actor);
    return commitCatalogChange(db, actor, { action: 'catalog.plan.reorder', now: now(), market: input.market, packageIds: input.ids }, async (tx) => {
      const plans = await plansOf(tx, input.market, input.billing_period);
      const known = new Set(plans.map((p) => p.id));
      if (input.ids.length !== plans.length || input.ids.some((id) => !known.has(id))) {
        throw new AppError('validation_failed', { details: { fields: { ids: 'validation:catalog.orderInvalid' } } });
      }
      await setSortOrders(tx, input.ids);
      return { result: { ok: true as const }, before: { ids: plans.map((p) => p.id) }, after: { ids: input.ids }, details: { market: input.market, billing_period: input.billing_period } };
    });
  };

  return { catalog, preview, edit, create, hide, reorder };
};
