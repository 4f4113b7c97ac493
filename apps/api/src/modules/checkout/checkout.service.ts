import type { Coupon, Market, PaymentStatusResponse } from '@merchant-hub/domain';
import type { CouponTerms } from '@merchant-hub/money';
import type { FpxBankCode } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { createEcpayGateway, ecpaySettingsFrom } from '../../gateways/ecpay/ecpay.gateway';
import type { HostedForm, HostedFormGateway } from '../../gateways/hosted-form-port';
import { bankChoiceRequired, GatewayError, type GatewayPayment } from '../../gateways/port';
import { AppError, validationError } from '../../http/errors';
import { hashPassword, newOpaqueToken, sha256Hex } from '../../security/crypto';
import { findUserByEmail, findUserById, insertMerchantWithStore, insertUser, roleNamesOf } from '../accounts/accounts.repository';
import { createAuthService, type LoginResult, type RequestMeta } from '../auth/auth.service';
import { billingFor } from '../billing/billing.context';
import { invoiceTotals, nextPeriodEnd } from '../billing/billing.engine';
import {
  type BillingAccount,
  ensureBillingAccount,
  findPromotionByCode,
  type InvoiceRecord,
  type PromotionRecord,
  readBillingAccount,
  toCoupon,
  toSubscriptionRecord,
} from '../billing/billing.repository';
import { couponProblem } from '../billing/coupon-rules';
import { type CatalogPackage, findPackage } from '../packages/packages.repository';
import { writeAudit } from '../staff/audit.repository';
import {
  applyCouponToSubscription,
  attachInvoiceToSubscription,
  type BuyerForm,
  type CheckoutChannel,
  type CheckoutOrder,
  consumeTicket,
  countryByIso,
  findOrderByPaymentRef,
  findOrderByResultToken,
  findOrderByTicket,
  findOrderByTradeNo,
  insertOrder,
  lockOrderForNotification,
  markOrderFailed,
  markOrderPaid,
  markOrderPaidConflict,
  merchantOwnedBy,
  recordExternalPayment,
  saveBillingDetails,
  setDefaultCard,
  storeTicket,
} from './checkout.repository';

/** A ticket is exchanged by the page that received it, seconds later; five minutes covers slow networks. */
export const TICKET_TTL_SECONDS = 5 * 60;
/** After this, the result page and the retry call stop signing anyone in: the buyer logs in normally. */
export const SIGN_IN_WINDOW_SECONDS = 30 * 60;
/** An unpaid gateway order is given up after a day (ECPay's own payment pages expire well before). */
export const PENDING_ORDER_TTL_SECONDS = 24 * 60 * 60;

/** Which markets each checkout sells to: ECPay is Taiwan's, FPX Malaysia's, cards every other market's. */
const CHANNEL_MARKETS: Readonly<Record<CheckoutChannel, readonly Market[]>> = {
  ecpay: ['TW'],
  fpx: ['MY'],
  card: ['MY', 'SG', 'PH', 'TH'],
};

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

export type CheckoutConfig = { gateway: 'sandbox' | 'stripe'; stripePublishableKey?: string };

const SUPPORT_ALERT_KIND = 'support_alert' as const;

const nowSeconds = (deps: AppDeps): number => Math.floor(deps.clock.now().getTime() / 1000);

/** 20 alphanumerics, as ECPay's MerchantTradeNo allows. */
const newTradeNo = (): string => `MH${randomBytes(12).toString('hex').slice(0, 18).toUpperCase()}`;

export const createCheckoutService = (deps: AppDeps) => {
  const { db, config, notifier } = deps;
  const auth = createAuthService(deps);
  const billing = () => billingFor(deps).engine;
  let ecpay: HostedFormGateway | null = null;
  const ecpayGateway = (): HostedFormGateway => (ecpay ??= createEcpayGateway(ecpaySettingsFrom(config)));

  // -------------------------------------------------------------------------------------------- shared

  const packageFor = async (packageId: number, channel: CheckoutChannel): Promise<CatalogPackage> => {
    const pkg = await findPackage(db, packageId);
    if (!pkg || pkg.is_addon || pkg.hide || !CHANNEL_MARKETS[channel].includes(pkg.market)) throw new AppError('package_unavailable');
    if (pkg.descriptions.report.length === 0 && pkg.price === 0) throw new AppError('package_unavailable', { message: 'This plan is quoted on request: please contact us' });
    return pkg;
  };


  const promotionFor = async (exec: Knex | Knex.Transaction, code: string | null | undefined, pkg: CatalogPackage, now: number): Promise<PromotionRecord | null> => {
    if (!code) return null;
    const promotion = await findPromotionByCode(exec, code, pkg.currency);
    const problem = couponProblem(promotion, pkg.currency, now);
    if (problem) throw problem;
    return promotion;
  };

  const termsOf = (promotion: PromotionRecord): CouponTerms => ({ percent_off: promotion.coupon.percent_off, amount_off: promotion.coupon.amount_off, currency: promotion.coupon.currency }) as CouponTerms;

  /** What the first invoice will total, computed exactly as the invoice itself will be. */
  const firstInvoiceTotal = (pkg: CatalogPackage, promotion: PromotionRecord | null, now: number): number => {
    const periodEnd = nextPeriodEnd(now, pkg.billing_period, now);
    return invoiceTotals([billing().planLine(pkg, now, periodEnd)], promotion ? termsOf(promotion) : null, pkg.tax, pkg.currency).total;
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
      const row = await applyCouponToSubscription(tx, { subscriptionId: sub.id, promotionId: promotion.promotionId, couponId: promotion.coupon.id, merchantId, now });
      // The first invoice used the coupon once: a `once` coupon is spent, the others count on.
      await engine.useCoupon(tx, toSubscriptionRecord(row));
    }
    return { userId, merchantId };
  };

  const sendWelcome = async (form: BuyerForm, pkg: CatalogPackage): Promise<void> => {
    await notifier.send({
      channel: 'email',
      to: form.email,
      subject: 'Welcome to Merchant Hub!',
      text:
        `Welcome to Merchant Hub, ${form.first_name || form.email}! Your ${pkg.name} plan (${pkg.billing_period}) is active. ` +
        `Choose your password at ${config.publicUrl}/forgot-password to sign in next time: ${config.publicUrl}/signin`,
      kind: 'welcome',
    });
  };

  const alertSupportOfConflict = async (order: CheckoutOrder, pkg: CatalogPackage, gatewayTradeNo: string): Promise<void> => {
    await notifier.send({
      channel: 'email',
      to: config.supportEmail,
      subject: `Paid checkout order ${order.tradeNo} needs attention`,
      text:
        `Checkout order ${order.tradeNo} (${order.channel}${gatewayTradeNo ? `, gateway trade no ${gatewayTradeNo}` : ''}) was paid: ` +
        `${order.currency} ${(order.amount / 100).toFixed(2)} for ${pkg.name} (${pkg.billing_period}). ` +
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

  // -------------------------------------------------------------------------------------------- ECPay

  const buyerFromGatewayForm = (input: GatewayOrderInput, countryId: number, countryName: string, state: { id: number; name: string } | null): BuyerForm => ({
    email: input.email.toLowerCase(),
    first_name: input.first_name,
    last_name: input.last_name,
    company_name: input.company_name,
    company_reg_no: input.company_reg_no,
    phone: input.phone,
    line_id: input.line_id,
    address1: input.address1,
    address2: input.address2 ?? null,
    city: null,
    postal_code: input.postal_code,
    country_id: countryId,
    country_name: countryName,
    state_id: state?.id ?? null,
    state_name: state?.name ?? null,
    ref_code: input.ref_code ?? null,
  });

  /** POST /ecpay/create-order: a pending order and the signed AIO form the page posts to the cashier. */
  const createEcpayOrder = async (input: GatewayOrderInput, place: { countryId: number; countryName: string; state: { id: number; name: string } | null }) => {
    const now = nowSeconds(deps);
    const pkg = await packageFor(input.package_id, 'ecpay');
    await assertEmailFree(input.email);
    const promotion = await promotionFor(db, input.coupon, pkg, now);
    const total = firstInvoiceTotal(pkg, promotion, now);
    // TWD amounts are whole dollars counted in minor units: ECPay's TotalAmount is the dollar figure.
    const totalAmount = Math.round(total / 100);
    if (totalAmount <= 0) throw new AppError('package_unavailable', { message: 'This order has nothing to pay' });
    const token = newOpaqueToken();
    const tradeNo = newTradeNo();
    const form = buyerFromGatewayForm(input, place.countryId, place.countryName, place.state);
    await insertOrder(db, { channel: 'ecpay', tradeNo, resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: promotion?.code ?? null, amount: total, currency: pkg.currency, paymentRef: null, now });
    const hosted: HostedForm = ecpayGateway().createOrder({
      tradeNo,
      totalAmount,
      tradeDate: deps.clock.now(),
      description: `Merchant Hub ${pkg.name}`,
      itemNames: [`${pkg.name} (${pkg.billing_period}) NT$${totalAmount} x 1`],
      notifyUrl: `${config.publicUrl}/api/ecpay/notify`,
      resultUrl: `${config.publicUrl}/api/ecpay/order-result/${token}`,
      backUrl: `${config.publicUrl}/subscribe-payment-result/${token}`,
    });
    return { action: hosted.action, method: hosted.method, fields: hosted.fields, token, merchant_trade_no: tradeNo, total_amount: totalAmount, currency: pkg.currency };
  };

  /**
   * ECPay's server notification. Answers `1|OK` once the order is settled (now or by an earlier copy of the
   * same notification); anything else makes ECPay send it again later.
   */
  const handleEcpayNotification = async (body: Record<string, unknown>): Promise<{ ok: boolean; reply: string }> => {
    const notification = ecpayGateway().verifyNotification(body);
    if (!notification) return { ok: false, reply: '0|CheckMacValue Error' };
    const order = await findOrderByTradeNo(db, notification.tradeNo);
    if (!order || order.channel !== 'ecpay') return { ok: false, reply: '0|Order Not Found' };
    if (notification.paid && notification.amount * 100 !== order.amount) return { ok: false, reply: '0|Amount Mismatch' };
    const pkg = (await findPackage(db, order.packageId)) as CatalogPackage;
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const now = nowSeconds(deps);
    const outcome = await db.transaction(async (tx): Promise<'created' | 'settled' | 'conflict'> => {
      const locked = await lockOrderForNotification(tx, order.id, now);
      if (!locked || locked.status !== 'pending') return 'settled';
      const result = { code: notification.code, message: notification.message, paymentRef: notification.gatewayTradeNo || null };
      if (!notification.paid) {
        await markOrderFailed(tx, order.id, result, now);
        return 'settled';
      }
      // The e-mail was free when the order was placed but someone registered it before the payment came in.
      // ECPay keeps repeating a notification until it reads `1|OK`, and no retry can change this: the
      // order is settled as a conflict that staff resolve by hand.
      const holder = await findUserByEmail(tx, locked.form.email);
      if (holder) {
        await markOrderPaidConflict(tx, order.id, result, now);
        await writeAudit(tx, {
          // The audit log needs an actor: the account now holding the e-mail is the one staff will look at.
          actorUserId: holder.id,
          merchantId: await merchantOwnedBy(tx, holder.id),
          action: 'checkout.paid_conflict',
          details: { trade_no: locked.tradeNo, gateway_trade_no: notification.gatewayTradeNo, email: locked.email, amount: locked.amount, currency: locked.currency, package_id: locked.packageId },
          at: now,
        });
        return 'conflict';
      }
      const { userId, merchantId } = await provision(tx, {
        form: locked.form,
        pkg,
        couponCode: locked.couponCode,
        passwordHash,
        paymentType: 'manual',
        // ECPay's AIO payment is one-off: renewals are invoices the merchant pays, not automatic charges.
        collectionMethod: 'send_invoice',
        now,
        pay: async (account, invoice) => {
          if (invoice.total !== locked.amount) throw new AppError('internal_error', { message: 'The paid amount does not match the order' });
          await recordExternalPayment(tx, { id: `ecpay_${notification.gatewayTradeNo || locked.tradeNo}`, merchantId: account.merchantId, invoiceId: invoice.id, methodType: 'ecpay', paymentMethod: null, amount: invoice.total, currency: invoice.currency, now });
        },
      });
      await markOrderPaid(tx, order.id, { ...result, userId, merchantId }, now);
      return 'created';
    });
    if (outcome === 'created') await sendWelcome(order.form, pkg);
    if (outcome === 'conflict') await alertSupportOfConflict(order, pkg, notification.gatewayTradeNo);
    return { ok: true, reply: '1|OK' };
  };

  /** GET /ecpay/payment-status: drives the result page; a paid order answers with a fresh sign-in ticket. */
  const paymentStatus = async (token: string | undefined): Promise<CheckoutPaymentStatus> => {
    if (!token) return { status: 'invalid_token', loginInfo: null };
    const order = await findOrderByResultToken(db, sha256Hex(token));
    if (!order) return { status: 'invalid_token', loginInfo: null };
    const now = nowSeconds(deps);
    if (order.status === 'failed') return { status: 'failed', loginInfo: null };
    // The order number is what the buyer quotes to support; the alert to staff carries the same one.
    if (order.status === 'paid_conflict') return { status: 'paid_conflict', loginInfo: null, order_no: order.tradeNo };
    if (order.status === 'pending') return { status: now - order.createdAt > PENDING_ORDER_TTL_SECONDS ? 'expired' : 'pending', loginInfo: null };
    const ticket = await issueTicket(order, now);
    return ticket ? { status: 'success', loginInfo: ticket } : { status: 'expired', loginInfo: null };
  };

  /** Exchanges a ticket for a session, once. */
  const signInWithTicket = async (ticket: string, meta: RequestMeta): Promise<{ body: LoginResult; token: string; expiresAt: Date }> => {
    const hash = sha256Hex(ticket);
    const order = await findOrderByTicket(db, hash);
    if (!order || order.userId === null || !(await consumeTicket(db, hash, nowSeconds(deps)))) throw new AppError('checkout_ticket_invalid');
    const user = await findUserById(db, order.userId);
    if (!user) throw new AppError('checkout_ticket_invalid');
    return auth.startSession(user, await roleNamesOf(db, user.id), meta);
  };

  // -------------------------------------------------------------------------------------------- cards & FPX

  /**
   * GET /checkout/config: which card entry the page mounts. The buyer has no session yet, so this is the
   * checkout's counterpart of the gateway a signed-in setup intent reports; nothing secret is in it.
   */
  const checkoutConfig = (): CheckoutConfig =>
    config.paymentGateway === 'stripe' && config.stripePublishableKey
      ? { gateway: 'stripe', stripePublishableKey: config.stripePublishableKey }
      : { gateway: config.paymentGateway };

  const buyerFromCardForm = (input: CardOrderInput, place: { countryId: number; countryName: string; state: { id: number; name: string } }): BuyerForm => {
    const [first, ...rest] = input.name.trim().split(/\s+/);
    return {
      email: input.email.toLowerCase(),
      first_name: first ?? '',
      last_name: rest.join(' '),
      company_name: input.company_name || null,
      company_reg_no: null,
      phone: input.phone,
      line_id: null,
      address1: input.address1,
      address2: input.address2 ?? null,
      city: input.city,
      postal_code: input.postal_code,
      country_id: place.countryId,
      country_name: place.countryName,
      state_id: place.state.id,
      state_name: place.state.name,
      ref_code: null,
    };
  };

  /** POST create-merchant/stripe/validate-coupon: the coupon as the summary shows it, or why it cannot apply. */
  const validateCoupon = async (code: string, packageId: number): Promise<{ data: Coupon }> => {
    const pkg = await findPackage(db, packageId);
    if (!pkg || pkg.is_addon) throw new AppError('package_unavailable');
    const promotion = await promotionFor(db, code, pkg, nowSeconds(deps));
    return { data: toCoupon(promotion as PromotionRecord) };
  };

  /** POST create-merchant/stripe: a customer and a setup intent for the card field to confirm. */
  const createCardSetup = async (input: { email: string; name?: string | null }) => {
    await assertEmailFree(input.email);
    const gateway = gatewayFor(deps);
    const customer = await gateway.createCustomer({ merchantId: 0, email: input.email.toLowerCase(), name: input.name ?? '' });
    const intent = await gateway.createSetupIntent({ customer });
    return { client_secret: intent.client_secret, setup_intent_id: intent.id, stripe_id: customer, gateway: gateway.name };
  };

  /**
   * POST create-merchant/stripe/set-payment-method: creates the merchant and charges the first invoice with
   * the confirmed card, in one transaction. Sent again with the same card after success (a timed-out
   * first attempt), it signs the buyer in instead of charging twice.
   */
  const subscribeWithCard = async (input: CardOrderInput & { paymentMethod: string; stripe_id: string }, place: { countryId: number; countryName: string; state: { id: number; name: string } }) => {
    const existing = await findOrderByPaymentRef(db, input.paymentMethod);
    if (existing) return retrySignIn(input.paymentMethod);
    const pkg = await packageFor(input.package_id, 'card');
    await assertEmailFree(input.email);
    const taken = await db('billing_accounts').where({ gateway_customer_id: input.stripe_id }).first('merchant_id');
    if (taken) throw new AppError('card_error', { message: 'This card cannot be used' });
    const form = buyerFromCardForm(input, place);
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const gateway = gatewayFor(deps);
    const now = nowSeconds(deps);
    const token = newOpaqueToken();
    let paidTotal = 0;
    await db.transaction(async (tx) => {
      const { userId, merchantId } = await provision(tx, {
        form,
        pkg,
        couponCode: input.coupon_code ?? null,
        passwordHash,
        paymentType: 'card',
        collectionMethod: 'charge_automatically',
        now,
        beforeInvoice: async (account) => {
          let card;
          try {
            card = await gateway.attachPaymentMethod({ customer: input.stripe_id, paymentMethod: input.paymentMethod }, tx);
          } catch (error) {
            if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message });
            throw error;
          }
          await setDefaultCard(tx, account.merchantId, input.stripe_id, card, now);
        },
        pay: async (account, invoice) => {
          paidTotal = invoice.total;
          if (invoice.status === 'paid') return;
          const paid = await billing().payInvoice(tx, account, invoice, { now, offSession: false, paymentMethod: input.paymentMethod });
          if (!paid.ok) throw billing().paymentError(paid);
        },
      });
      await insertOrder(tx, { channel: 'card', tradeNo: newTradeNo(), resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: input.coupon_code ?? null, amount: paidTotal, currency: pkg.currency, paymentRef: input.paymentMethod, now });
      const order = (await findOrderByPaymentRef(tx, input.paymentMethod)) as CheckoutOrder;
      await markOrderPaid(tx, order.id, { code: 'succeeded', message: 'Card payment succeeded', paymentRef: input.paymentMethod, userId, merchantId }, now);
    });
    await sendWelcome(form, pkg);
    const order = (await findOrderByPaymentRef(db, input.paymentMethod)) as CheckoutOrder;
    const ticket = await issueTicket(order, now);
    return { message: 'Success, Logging you in!', token, ...(ticket as SignInTicket) };
  };

  /** POST create-merchant/retry: the timed-out buyer's way back in, by the card (or FPX payment) they paid with. */
  const retrySignIn = async (paymentRef: string) => {
    const order = await findOrderByPaymentRef(db, paymentRef);
    if (!order || order.status !== 'paid') throw new AppError('checkout_ticket_invalid');
    const ticket = await issueTicket(order, nowSeconds(deps));
    if (!ticket) throw new AppError('checkout_session_expired');
    return { message: 'Success, Logging you in!', ...ticket };
  };

  /** POST create-merchant/fpx: a pending order and the bank redirect (Malaysia only, single-use). */
  const createFpxPayment = async (input: CardOrderInput & { bank?: FpxBankCode }, place: { countryId: number; countryName: string; state: { id: number; name: string } }) => {
    const pkg = await packageFor(input.package_id, 'fpx');
    const gateway = gatewayFor(deps);
    if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
    await assertEmailFree(input.email);
    const now = nowSeconds(deps);
    const promotion = await promotionFor(db, input.coupon_code, pkg, now);
    const total = firstInvoiceTotal(pkg, promotion, now);
    const form = buyerFromCardForm(input, place);
    const customer = await gateway.createCustomer({ merchantId: 0, email: form.email, name: input.name });
    const tradeNo = newTradeNo();
    const token = newOpaqueToken();
    let redirect;
    try {
      redirect = await gateway.createBankRedirect({
        customer,
        amount: total,
        currency: pkg.currency,
        bank: input.bank,
        returnUrl: `${config.publicUrl}/subscribe-payment/${pkg.id}?type=fpx`,
        idempotencyKey: `checkout:${tradeNo}`,
        metadata: { purpose: 'checkout', trade_no: tradeNo, package_id: String(pkg.id) },
      });
    } catch (error) {
      // The bank refused to start (offline, maintenance): the page shows the provider's words.
      if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message });
      throw error;
    }
    await insertOrder(db, { channel: 'fpx', tradeNo, resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: promotion?.code ?? null, amount: total, currency: pkg.currency, paymentRef: redirect.payment.id, now });
    return { payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount: total, currency: pkg.currency };
  };

  /** Settles an FPX order from the payment the gateway reports; repeated calls (page and webhook) agree. */
  const settleFpx = async (payment: GatewayPayment): Promise<CheckoutOrder | null> => {
    const order = await findOrderByPaymentRef(db, payment.id);
    if (!order || order.channel !== 'fpx') return null;
    if (order.status !== 'pending') return order;
    const now = nowSeconds(deps);
    if (payment.status !== 'succeeded') {
      if (payment.status === 'failed' || payment.status === 'requires_payment_method') {
        await markOrderFailed(db, order.id, { code: payment.failure_code ?? payment.status, message: payment.failure_message ?? 'FPX payment failed', paymentRef: payment.id }, now);
      }
      return findOrderByPaymentRef(db, payment.id);
    }
    if (payment.amount !== order.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
    const pkg = (await findPackage(db, order.packageId)) as CatalogPackage;
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const created = await db.transaction(async (tx) => {
      const locked = await lockOrderForNotification(tx, order.id, now);
      if (!locked || locked.status !== 'pending') return false;
      const { userId, merchantId } = await provision(tx, {
        form: locked.form,
        pkg,
        couponCode: locked.couponCode,
        passwordHash,
        paymentType: 'fpx',
        // FPX cannot charge again by itself: each renewal is an invoice paid by a new bank payment.
        collectionMethod: 'send_invoice',
        now,
        paymentIntentId: payment.id,
        pay: async (account, invoice) => {
          if (invoice.total !== payment.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
          await recordExternalPayment(tx, { id: payment.id, merchantId: account.merchantId, invoiceId: invoice.id, methodType: 'fpx', paymentMethod: payment.payment_method, amount: payment.amount, currency: invoice.currency, now });
        },
      });
      await markOrderPaid(tx, order.id, { code: 'succeeded', message: 'FPX payment succeeded', paymentRef: payment.id, userId, merchantId }, now);
      return true;
    });
    if (created) await sendWelcome(order.form, pkg);
    return findOrderByPaymentRef(db, payment.id);
  };

  /** POST create-merchant/fpx/check-and-register: after the bank's redirect, register and sign in. */
  const checkAndRegisterFpx = async (paymentIntentId: string) => {
    const payment = await gatewayFor(deps).retrievePayment(paymentIntentId);
    if (!payment || payment.metadata.purpose !== 'checkout') throw new AppError('not_found', { message: 'Payment not found' });
    const order = await settleFpx(payment);
    if (!order) throw new AppError('not_found', { message: 'Payment not found' });
    if (order.status !== 'paid') throw new AppError('fpx_payment_failed');
    const ticket = await issueTicket(order, nowSeconds(deps));
    if (!ticket) throw new AppError('checkout_session_expired');
    return { message: 'Welcome to Merchant Hub!', ...ticket };
  };

  const markFpxFailed = async (payment: GatewayPayment): Promise<void> => {
    const order = await findOrderByPaymentRef(db, payment.id);
    if (order && order.channel === 'fpx' && order.status === 'pending') {
      await markOrderFailed(db, order.id, { code: payment.failure_code ?? 'payment_failed', message: payment.failure_message ?? 'FPX payment failed', paymentRef: payment.id }, nowSeconds(deps));
    }
  };

  return {
    checkoutConfig,
    createEcpayOrder,
    handleEcpayNotification,
    paymentStatus,
    signInWithTicket,
    validateCoupon,
    createCardSetup,
    subscribeWithCard,
    retrySignIn,
    createFpxPayment,
    checkAndRegisterFpx,
    settleFpx,
    markFpxFailed,
    ecpayGateway,
  };
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;
