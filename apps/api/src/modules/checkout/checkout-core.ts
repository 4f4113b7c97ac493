import { CHECKOUT_CHANNEL_MARKETS, type Market, type PaymentStatusResponse } from '@merchant-hub/domain';
import { type CouponTerms, invoiceTotals, toMajorString } from '@merchant-hub/money';
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Exec } from '../../db/rows';
import { AppError } from '../../http/errors';
import { newOpaqueToken, sha256Hex } from '../../security/crypto';
import { findUserByEmail, insertMerchantWithStore, insertUser } from '../accounts';
import { type BillingAccount, billingFor, couponProblem, ensureBillingAccount, findPromotionByCode, type InvoiceRecord, nextPeriodEnd, type PromotionRecord, readBillingAccount, recordRedemption, toSubscriptionRecord } from '../billing';
import { type CatalogPackage, findPackage } from '../packages';
import { mailText, periodWord } from '../notifications';
import { applyCouponToSubscription, attachInvoiceToSubscription, type BuyerForm, type CheckoutChannel, type CheckoutOrder, countryByIso, saveBillingDetails, storeTicket } from './checkout.repository';

/** A ticket is exchanged by the page that received it, seconds later; five minutes covers slow networks. */
export const TICKET_TTL_SECONDS = 5 * 60;
/** After this, the result page and the retry call stop signing anyone in: the buyer logs in normally. */
export const SIGN_IN_WINDOW_SECONDS = 30 * 60;
/** An unpaid gateway order is given up after a day (ECPay's own payment pages expire well before). */
export const PENDING_ORDER_TTL_SECONDS = 24 * 60 * 60;

/** Which markets each checkout sells to: the rule the checkout pages follow too (libs/domain). */
const CHANNEL_MARKETS: Readonly<Record<CheckoutChannel, readonly Market[]>> = CHECKOUT_CHANNEL_MARKETS;

/** The gateway form after schema parsing (country and state are ids or names, checked here). */
export type GatewayOrderInput = {
  package_id: number;
  coupon?: string;
  company_name: string;
  company_reg_no: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address1: string;
  address2?: string | null;
  postal_code: string;
  country: string;
  state_or_region?: string;
  line_id: string;
  ref_code?: string | null;
};

/** The card / FPX form after schema parsing. */
export type CardOrderInput = {
  package_id: number;
  email: string;
  phone: string;
  company_name?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  postal_code: string;
  country: string;
  state_or_region: string;
  name: string;
  coupon_code?: string;
  paymentMethod?: string;
};

export type SignInTicket = { email: string; ticket: string };

/** The result page's answer (the domain's statuses include `paid_conflict`). */
export type CheckoutPaymentStatus = PaymentStatusResponse;


const SUPPORT_ALERT_KIND = 'support_alert' as const;

/** Where a buyer's browser comes back after a gateway page: the origin it left from and the page's language. */
export type ReturnTo = { base: string; locale: string | null };

// The checkout page's language code as the apps spell it (en, zhtw, zh-TW, th_TH): anything else is dropped.
const RETURN_LOCALE = /^[A-Za-z]{2,4}(?:[-_][A-Za-z0-9]{2,8})?$/;

/** The checkout page's `locale` (body field, beside the form), if it reads like a language code. */
export const returnLocaleOf = (body: unknown): string | null => {
  const locale = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).locale : undefined;
  return typeof locale === 'string' && RETURN_LOCALE.test(locale) ? locale : null;
};

/** `base` + `path`, carrying the language so the page the buyer returns to speaks it (spec §2 `?locale=`). */
export const returnAddress = (back: ReturnTo, path: string): string => {
  const url = new URL(`${back.base}${path}`);
  if (back.locale) url.searchParams.set('locale', back.locale);
  return url.toString();
};

export const nowSeconds = (deps: AppDeps): number => Math.floor(deps.clock.now().getTime() / 1000);

/** 20 alphanumerics, as ECPay's MerchantTradeNo allows. */
export const newTradeNo = (): string => `MH${randomBytes(12).toString('hex').slice(0, 18).toUpperCase()}`;

/**
 * What every checkout channel shares: which packages it sells, coupons, the first invoice's total, creating
 * the buyer's merchant with its paid first invoice (`provision`), the welcome mail and sign-in tickets.
 */
export const createCheckoutCore = (deps: AppDeps) => {
  const { db, config, notifier } = deps;
  const billing = () => billingFor(deps).engine;

  const packageFor = async (packageId: number, channel: CheckoutChannel): Promise<CatalogPackage> => {
    const pkg = await findPackage(db, packageId);
    if (!pkg || pkg.is_addon || pkg.hide || !CHANNEL_MARKETS[channel].includes(pkg.market)) throw new AppError('package_unavailable');
    if (pkg.descriptions.report.length === 0 && pkg.price === 0) throw new AppError('package_unavailable', { message: 'This plan is quoted on request: please contact us' });
    return pkg;
  };

  const promotionFor = async (exec: Exec, code: string | null | undefined, pkg: CatalogPackage, now: number): Promise<PromotionRecord | null> => {
    if (!code) return null;
    const promotion = await findPromotionByCode(exec, code, pkg.currency);
    const problem = couponProblem(promotion, pkg.currency, now, { market: pkg.market, groupKey: pkg.group_key });
    if (problem) throw problem;
    return promotion;
  };

  const termsOf = (promotion: PromotionRecord): CouponTerms => ({ percent_off: promotion.coupon.percent_off, amount_off: promotion.coupon.amount_off, currency: promotion.coupon.currency }) as CouponTerms;

  /** What the first invoice will total, computed exactly as the invoice itself will be. */
  const firstInvoiceTotal = (pkg: CatalogPackage, promotion: PromotionRecord | null, now: number): number => {
    const periodEnd = nextPeriodEnd(now, pkg.billing_period, now);
    return invoiceTotals({ lines: [billing().planLine(pkg, now, periodEnd)], coupon: promotion ? termsOf(promotion) : null, taxPercent: pkg.tax, currency: pkg.currency }).total;
  };

  const assertEmailFree = async (email: string): Promise<void> => {
    if (await findUserByEmail(db, email)) throw new AppError('email_taken', { details: { fields: { email: 'errors:register.emailAlreadySignUp' } } });
  };

  /**
   * Creates the buyer's account, merchant, store and billing account, then the first invoice and the active
   * plan, all in the caller's transaction. `pay` settles the invoice (a card charge or a payment made
   * elsewhere); throwing from it rolls everything back, so a failed payment leaves no merchant behind.
   */
  const provision = async (
    tx: Knex.Transaction,
    input: {
      form: BuyerForm;
      pkg: CatalogPackage;
      couponCode: string | null;
      passwordHash: string;
      paymentType: 'card' | 'fpx' | 'manual';
      collectionMethod: 'charge_automatically' | 'send_invoice';
      now: number;
      beforeInvoice?: (account: BillingAccount) => Promise<void>;
      pay: (account: BillingAccount, invoice: InvoiceRecord) => Promise<void>;
      paymentIntentId?: string | null;
    },
  ): Promise<{ userId: number; merchantId: number }> => {
    const { form, pkg, now } = input;
    const engine = billing();
    if (await findUserByEmail(tx, form.email)) throw new AppError('email_taken', { details: { fields: { email: 'errors:register.emailAlreadySignUp' } } });
    const market = await countryByIso(tx, pkg.market);
    const nowDate = new Date(now * 1000);
    const fullName = `${form.first_name} ${form.last_name}`.trim() || form.email;
    const userId = await insertUser(tx, {
      name: fullName,
      firstName: form.first_name,
      lastName: form.last_name,
      email: form.email,
      passwordHash: input.passwordHash,
      // Checkout does not verify the phone; it stays on the store so it cannot block another account's number.
      phone: null,
      lineId: form.line_id,
      locale: market?.default_locale ?? 'en',
      countryId: market?.id ?? form.country_id,
      status: 'active',
      emailVerifiedAt: null,
      roles: ['main_user'],
      now: nowDate,
    });
    const storeName = form.company_name || fullName;
    const { merchantId } = await insertMerchantWithStore(tx, {
      ownerUserId: userId,
      merchantName: storeName,
      // The market decides prices and taxes; the buyer's own address is the store's and the billing details'.
      countryId: market?.id ?? form.country_id,
      currencyCode: pkg.currency,
      store: {
        name: storeName,
        email: form.email,
        ownerName: fullName,
        telephone: form.phone.slice(0, 32),
        fax: null,
        address1: form.address1,
        address2: form.address2,
        city: form.city,
        zip: form.postal_code,
        countryId: form.country_id,
        stateId: form.state_id,
        industryId: null,
        shopCategoryId: null,
        languageLocale: market?.default_locale ?? 'en',
        image: null,
      },
      now: nowDate,
    });
    await ensureBillingAccount(tx, merchantId, now);
    await saveBillingDetails(tx, merchantId, form, input.paymentType, now);
    let account = (await readBillingAccount(tx, merchantId)) as BillingAccount;
    if (input.beforeInvoice) {
      await input.beforeInvoice(account);
      account = (await readBillingAccount(tx, merchantId)) as BillingAccount;
    }
    const promotion = await promotionFor(tx, input.couponCode, pkg, now);
    const periodEnd = nextPeriodEnd(now, pkg.billing_period, now);
    const invoice = await engine.createInvoice(tx, account, {
      subscriptionId: null,
      lines: [engine.planLine(pkg, now, periodEnd)],
      coupon: promotion ? { terms: termsOf(promotion), code: promotion.code } : null,
      taxPercent: pkg.tax,
      taxLabel: pkg.tax_label,
      billingReason: 'subscription_create',
      collectionMethod: input.collectionMethod,
      applyBalance: false,
      now,
    });
    // The code's use is counted before any money moves: a code whose last use another buyer just took
    // refuses this checkout (and rolls it back) instead of charging a discount it can no longer give.
    if (promotion) await recordRedemption(tx, promotion, merchantId, null, now, invoice.id);
    await input.pay(account, invoice);
    const sub = await engine.insertSubscription(tx, {
      merchantId,
      name: 'default',
      status: 'active',
      pkg,
      periodStart: now,
      periodEnd,
      collectionMethod: input.collectionMethod,
      now,
    });
    await attachInvoiceToSubscription(tx, invoice.id, sub.id, input.paymentIntentId ?? null);
    if (promotion) {
      const row = await applyCouponToSubscription(tx, { subscriptionId: sub.id, promotionId: promotion.promotionId, invoiceId: invoice.id, now });
      // The first invoice used the coupon once: a `once` coupon is spent, the others count on.
      await engine.useCoupon(tx, toSubscriptionRecord(row));
    }
    return { userId, merchantId };
  };

  const sendWelcome = async (form: BuyerForm, pkg: CatalogPackage): Promise<void> => {
    // In the new account's language: its market's, as provisioning stored it.
    const locale = (await findUserByEmail(db, form.email))?.locale ?? 'en';
    const plan = `${pkg.name} (${periodWord(locale, pkg.billing_period)})`;
    const welcome = mailText(locale, 'checkoutWelcome', { name: form.first_name || form.email, plan, link: `${config.publicUrl}/forgot-password` });
    await notifier.send({ channel: 'email', to: form.email, ...welcome, kind: 'welcome' });
  };

  const alertSupportOfConflict = async (order: CheckoutOrder, pkg: CatalogPackage, gatewayTradeNo: string): Promise<void> => {
    await notifier.send({
      channel: 'email',
      to: config.supportEmail,
      subject: `Paid checkout order ${order.tradeNo} needs attention`,
      text:
        `Checkout order ${order.tradeNo} (${order.channel}${gatewayTradeNo ? `, gateway trade no ${gatewayTradeNo}` : ''}) was paid: ` +
        `${order.currency} ${toMajorString(order.amount, order.currency)} for ${pkg.name} (${pkg.billing_period}). ` +
        `No merchant was created because ${order.email} was registered after the order was placed. ` +
        'Refund the payment or give the plan to that account, then tell the buyer.',
      kind: SUPPORT_ALERT_KIND,
    });
  };

  /** A fresh single-use ticket for a paid order whose buyer has not signed in yet. */
  const issueTicket = async (order: CheckoutOrder, now: number): Promise<SignInTicket | null> => {
    if (order.status !== 'paid' || order.signedInAt !== null || order.paidAt === null || now - order.paidAt > SIGN_IN_WINDOW_SECONDS) return null;
    const ticket = newOpaqueToken();
    await storeTicket(db, order.id, sha256Hex(ticket), now + TICKET_TTL_SECONDS, now);
    return { email: order.email, ticket };
  };

  return { billing, packageFor, promotionFor, termsOf, firstInvoiceTotal, assertEmailFree, provision, sendWelcome, alertSupportOfConflict, issueTicket };
};

export type CheckoutCore = ReturnType<typeof createCheckoutCore>;
