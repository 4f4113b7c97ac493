import { channelLimit, isAddOnSectionVisible } from '@merchant-hub/billing-rules';
import type { BillingResponse, OpenInvoiceDue, Package, SelectedPackage } from '@merchant-hub/domain';
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type Exec, iso } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { rawRows } from '../../../db/knex';
import { type CatalogPackage, catalogAt } from '../../packages';
import type { Engine } from '../engine/billing.engine';
import { type BillingAccount, billingAccountOf, billingInfoOf } from '../repositories/billing-accounts.repository';
import { storesAndStaff } from '../repositories/merchants.repository';
import { invoicePagePath, openInvoiceOf } from '../repositories/invoices.repository';
import { cardsOf } from '../repositories/payment-methods.repository';
import type { SubscriptionRecord } from '../repositories/subscriptions.repository';
import { type Actor, billingState } from './billing-state';

/**
 * The merchant's sandbox clock offset, the catalog's key (revision, package count) and the merchant's billing
 * revision, which triggers raise on every write to what the answer shows (migration 900).
 */
const HEAD_SQL =
  'select (select offset_seconds from sandbox_clocks where merchant_id = ?) as offset_seconds, (select revision from catalog_revision where id = 1) as revision, (select count(*) from packages) as packages, (select revision from billing_revisions where merchant_id = ?) as billing_revision';

/** Answers kept per instance: one per merchant (and staff view) recently read, about 9 kB each. */
const CACHED_ANSWERS = 2_000;

/**
 * The answer without its last field, `now`, which changes every second: JSON text ending before its `}`, and
 * a digest of that text for the answer's ETag.
 */
type CachedAnswer = { key: string; head: Buffer; digest: string };

/** The answer's bytes and its weak ETag: the digest of everything but `now`, then `now` (seconds). */
export type BillingAllAnswer = { json: Buffer; etag: string };

/** The open invoice each past-due subscription owes, for the page to name it and its amount wherever it asks for payment. */
const openInvoicesDue = async (exec: Exec, subs: readonly SubscriptionRecord[]): Promise<OpenInvoiceDue[]> => {
  const due: OpenInvoiceDue[] = [];
  for (const sub of subs) {
    if (sub.status !== 'past_due' || (sub.name !== 'default' && sub.name !== 'multistore')) continue;
    const invoice = await openInvoiceOf(exec, sub.id);
    if (invoice && invoice.amountDue > 0) {
      due.push({ type: sub.name, id: invoice.id, number: invoice.number, amount_due: invoice.amountDue, currency: invoice.currency, hosted_invoice_url: invoicePagePath(invoice.id) });
    }
  }
  return due;
};

/** `GET users/billing/all`: the plan, the catalog to change to, cards, credit, and what the page may offer. */
export const createOverviewService = (engine: Engine) => {
  const { db } = engine.deps;

  const answers = new LRUCache<string, CachedAnswer>({ max: CACHED_ANSWERS });

  /**
   * The answer as JSON text. While the merchant's billing revision and the catalog's key are those it was made
   * under, it comes from memory with only `now` written anew: one statement instead of seven, no serializing.
   * Every instance reads the revision per request, so a change made through any instance is seen at once.
   * The ETag comes from the same parts, so the answer is not hashed again on every read (issue 12).
   */
  const billingAllAnswer = async (actor: Actor): Promise<BillingAllAnswer> => {
    const [head] = await rawRows<{ offset_seconds: unknown; revision: unknown; packages: unknown; billing_revision: unknown }>(db, HEAD_SQL, [actor.merchantId, actor.merchantId]);
    const now = Math.floor(engine.deps.clock.now().getTime() / 1000) + Number(head?.offset_seconds ?? 0);
    const catalogKey = `${String(head?.revision)}:${String(head?.packages)}`;
    const key = `${catalogKey}:${String(head?.billing_revision ?? 0)}`;
    const slot = `${actor.merchantId}:${actor.isStaff}`;
    let cached = answers.get(slot);
    if (cached?.key !== key) {
      const head = JSON.stringify(await billingAll(actor, now, catalogKey)).slice(0, -1);
      cached = { key, head: Buffer.from(head), digest: hash('sha1', head, 'base64url') };
      answers.set(slot, cached);
    }
    // Bytes kept as bytes: no 8.5 kB string made and encoded again per read.
    return { json: Buffer.concat([cached.head, Buffer.from(`,"now":${JSON.stringify(iso(now))}}`)]), etag: `W/"${cached.digest}-${now}"` };
  };

  /** Everything but `now` (see billingAllJson); `now` is the merchant's clock, for an account made on first use. */
  const billingAll = async (actor: Actor, now: number, catalogKey: string): Promise<BillingResponse & Record<string, unknown>> => {
    // The catalog comes from memory unless it changed (a price change is seen at once, on every instance: the
    // key is read per request).
    const catalog = await catalogAt(db, catalogKey);
    const account = (await billingAccountOf(db, actor.merchantId, now)) as BillingAccount;
    const { subs, domain, current, currentRecord, addOn } = await billingState(db, actor.merchantId, catalog.byId);
    const plans = catalog.plans(account.market, actor.isStaff);
    if (!current || !currentRecord) {
      throw new AppError('must_subscribe', {
        extra: { code: 0, currency: account.currency, packages: plans.filter((p) => !p.hide || actor.isStaff) },
      });
    }
    const { stores, staff } = await storesAndStaff(db, actor.merchantId);
    const openInvoices = await openInvoicesDue(db, subs);
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
      openInvoices,
    };
  };

  return { billingAllAnswer };
};

export type OverviewService = ReturnType<typeof createOverviewService>;
