import { fromWholeMajor, toWholeMajor } from '@merchant-hub/money';
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../../app-deps';
import { createEcpayGateway, ecpaySettingsFrom } from '../../../gateways/ecpay/ecpay.gateway';
import { createEcpayRefunds } from '../../../gateways/ecpay/ecpay-refund';
import { periodAction, periodTermsFor, verifyPeriodNotification, withPeriodTerms } from '../../../gateways/ecpay/ecpay-periodic';
import type { HostedForm } from '../../../gateways/hosted-form-port';
import { AppError } from '../../../http/errors';
import { noticeKey, recordGatewayNotice } from '../../gateway-notices';
import { type CatalogPackage, findPackage } from '../../packages';
import { billingFor } from '../context/billing.context';
import { findInvoice, type InvoiceRecord } from '../repositories/invoices.repository';
import { retryableSubscription } from '../repositories/subscriptions.repository';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { subscriptionsByIds } from '../repositories/renewals.repository';
import type { Actor } from '../services/billing-state';
import {
  activateAgreement,
  activeAgreementOf,
  agreementByTradeNo,
  type AgreementRecord,
  insertAgreement,
  insertInvoiceOrder,
  insertPeriodCharge,
  latestInvoiceOfSubscription,
  invoiceOrderByTradeNo,
  openRenewalInvoiceFor,
  recordAgreementCancel,
  requestAgreementCancel,
  settleInvoiceOrder,
  staleAgreements,
} from './agreements.repository';
import { periodPaymentIds, recordEcpayPayment } from './ecpay-renewals';
import { ecpayTransportFor } from './ecpay-transport';
import { deliverDueSandboxCharges } from './sandbox-ecpay';

/** ECPay's server calls these (PUBLIC_URL): ReturnURL of invoice orders, PeriodReturnURL of every agreement. */
export const ECPAY_INVOICE_NOTIFY_PATH = '/api/ecpay/invoice-notify';
export const ECPAY_PERIOD_NOTIFY_PATH = '/api/ecpay/period-notify';
/** Where the browser comes back from ECPay after paying an invoice (then on to the billing page). */
export const ECPAY_INVOICE_RESULT_PATH = '/api/ecpay/invoice-result';

/** 20 alphanumerics (ECPay's MerchantTradeNo): `MI` for an invoice order. */
const invoiceTradeNo = (): string => `MI${randomBytes(12).toString('hex').slice(0, 18).toUpperCase()}`;

type Reply = { ok: boolean; reply: string };
const OK: Reply = { ok: true, reply: '1|OK' };

type Refusal = 'check_mac_invalid' | 'order_not_found' | 'amount_mismatch' | 'simulated_payment';
/** What staff see of a refused notification: the fields that find the order or agreement, never the CheckMacValue. */
const KEPT_FIELDS = ['MerchantID', 'MerchantTradeNo', 'RtnCode', 'RtnMsg', 'TradeNo', 'TradeAmt', 'Amount', 'Gwsr', 'TotalSuccessTimes', 'ProcessDate', 'PaymentDate', 'SimulatePaid'] as const;

/**
 * Taiwan renewals through ECPay (issue 25 #4): periodic card agreements made with an ECPay payment (the public
 * checkout's first one, or an invoice paid from the back office), their later charges (PeriodReturnURL) recorded
 * on the renewal invoices, their cancellation (CreditCardPeriodAction) when what they pay for changes, and one-off
 * ECPay orders for any open TWD invoice. No ECPay call is made inside a transaction of ours.
 */
export const createEcpayBillingService = (deps: AppDeps) => {
  const { db, config } = deps;
  const engine = billingFor(deps).engine;
  const settings = ecpaySettingsFrom(config);
  const gateway = createEcpayGateway(settings);
  const periodNotifyUrl = `${config.publicUrl}${ECPAY_PERIOD_NOTIFY_PATH}`;
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  /**
   * A refused notification (of an invoice order or an agreement's charge) is recorded for staff, as the checkout's
   * are (gateway notices: once per distinct notification, ECPay's repeats only counted), and answered `reply`.
   */
  const refuse = async (notify: 'invoice' | 'period', reason: Refusal, body: Record<string, unknown>, reply: string, about: { merchantId?: number | null; amountMinor?: number } = {}): Promise<Reply> => {
    const kept = Object.fromEntries(KEPT_FIELDS.filter((k) => typeof body[k] === 'string' || typeof body[k] === 'number').map((k) => [k, String(body[k]).slice(0, 100)]));
    await recordGatewayNotice(db, {
      gateway: 'ecpay',
      kind: 'notification_refused',
      dedupeKey: `ecpay:${notify}:${noticeKey(reason, JSON.stringify(kept))}`,
      reason,
      reference: kept.MerchantTradeNo ?? null,
      merchantId: about.merchantId ?? null,
      amountMinor: about.amountMinor ?? null,
      currency: about.amountMinor === undefined ? null : 'TWD',
      details: { ...kept, notify_url: notify === 'period' ? ECPAY_PERIOD_NOTIFY_PATH : ECPAY_INVOICE_NOTIFY_PATH },
      at: nowSeconds(),
    });
    return { ok: false, reply };
  };
  /** `SimulatePaid=1` (ECPay's back office, no money moved) counts only with ECPAY_MODE=stage, as at the checkout. */
  const simulatedRefused = (simulated: boolean, paid: boolean): boolean => paid && simulated && settings.mode !== 'stage';

  // ---------------------------------------------------------------------------------------------- agreements

  /**
   * The public checkout's order made periodic (its first charge starts the agreement), when the plan renews at the
   * amount paid now: no coupon, or one that applies forever. The pending agreement is recorded with the order.
   */
  const periodicCheckoutForm = async (form: HostedForm, input: { tradeNo: string; pkg: CatalogPackage; amountMinor: number; couponDuration: string | null; now: number }): Promise<HostedForm> => {
    if (input.couponDuration !== null && input.couponDuration !== 'forever') return form;
    const terms = periodTermsFor(input.pkg.billing_period, toWholeMajor(input.amountMinor, input.pkg.currency), periodNotifyUrl);
    await insertAgreement(db, { tradeNo: input.tradeNo, merchantId: null, subscriptionId: null, packageId: input.pkg.id, amount: input.amountMinor, currency: input.pkg.currency, periodType: terms.periodType, frequency: terms.frequency, execTimes: terms.execTimes, now: input.now });
    return withPeriodTerms(form, terms, settings.keys);
  };

  /** An agreement's first charge recorded (paid `invoice`): active, paying `subscriptionId` from now on. */
  const startAgreement = async (tx: Knex.Transaction, agreement: AgreementRecord, input: { merchantId: number; subscriptionId: number; invoice: InvoiceRecord; gatewayTradeNo: string; now: number }): Promise<void> => {
    await activateAgreement(tx, agreement.id, { merchantId: input.merchantId, subscriptionId: input.subscriptionId, gatewayTradeNo: input.gatewayTradeNo || null, firstChargedAt: input.now, lagSeconds: input.now - input.invoice.periodStart, now: input.now });
    await insertPeriodCharge(tx, { agreementId: agreement.id, key: '1', execNo: 1, succeeded: true, amount: input.invoice.amountDue, rtnCode: '1', rtnMsg: 'first charge', gwsr: '', simulated: false, invoiceId: input.invoice.id, now: input.now });
  };

  /** Checkout: the paid notification provisioned the merchant; its periodic order (if it was one) becomes its agreement. */
  const activateCheckoutAgreement = async (tx: Knex.Transaction, input: { tradeNo: string; merchantId: number; gatewayTradeNo: string; now: number }): Promise<void> => {
    const agreement = await agreementByTradeNo(tx, input.tradeNo);
    if (!agreement || agreement.status !== 'pending') return;
    const sub = await retryableSubscription(tx, input.merchantId, 'default');
    const invoice = sub ? await latestInvoiceOfSubscription(tx, sub.id, 'paid') : null;
    if (!sub || !invoice) return;
    await startAgreement(tx, agreement, { merchantId: input.merchantId, subscriptionId: sub.id, invoice, gatewayTradeNo: input.gatewayTradeNo, now: input.now });
  };

  /**
   * PeriodReturnURL: one charge of an agreement. Recorded once per notification key (TotalSuccessTimes for a paid
   * one), so a redelivery changes nothing; a paid charge pays the subscription's open renewal invoice for its amount,
   * or waits (unapplied) for the renewal the scheduler has not made yet; a refused one starts dunning at once when a
   * renewal was waiting for it. A refused notification is recorded for staff; SimulatePaid=1 counts only on stage.
   */
  const handlePeriodNotification = async (body: Record<string, unknown>): Promise<Reply> => {
    const notification = verifyPeriodNotification(body, settings);
    if (!notification) return refuse('period', 'check_mac_invalid', body, '0|CheckMacValue Error');
    const agreement = await agreementByTradeNo(db, notification.tradeNo);
    if (!agreement || agreement.merchantId === null || agreement.subscriptionId === null) return refuse('period', 'order_not_found', body, '0|Order Not Found');
    const about = { merchantId: agreement.merchantId, amountMinor: agreement.amount };
    if (notification.paid && (!Number.isSafeInteger(notification.amount) || fromWholeMajor(notification.amount, agreement.currency as 'TWD') !== agreement.amount)) return refuse('period', 'amount_mismatch', body, '0|Amount Mismatch', about);
    if (simulatedRefused(notification.simulated, notification.paid)) return refuse('period', 'simulated_payment', body, '0|SimulatePaid Refused', about);
    const key = notification.paid ? String(notification.totalSuccessTimes) : `fail:${notification.gwsr || notification.processDate || notification.code}`;
    const subscriptionId = agreement.subscriptionId;
    await engine.withMerchant(agreement.merchantId, async (ctx) => {
      const applies = notification.paid;
      const invoice = applies ? await openRenewalInvoiceFor(ctx.tx, subscriptionId, agreement.amount) : null;
      const fresh = await insertPeriodCharge(ctx.tx, {
        agreementId: agreement.id,
        key,
        execNo: notification.paid ? notification.totalSuccessTimes : null,
        succeeded: notification.paid,
        amount: fromWholeMajor(Number.isSafeInteger(notification.amount) ? notification.amount : 0, agreement.currency as 'TWD'),
        rtnCode: notification.code,
        rtnMsg: notification.message,
        gwsr: notification.gwsr,
        simulated: notification.simulated,
        invoiceId: invoice?.id ?? null,
        now: ctx.now,
      });
      if (!fresh) return;
      if (invoice) {
        await recordEcpayPayment(engine, ctx.tx, ctx.account, invoice, { ...periodPaymentIds(agreement, key, notification.gwsr), now: ctx.now });
        return;
      }
      if (!notification.paid) {
        const sub = await retryableSubscription(ctx.tx, agreement.merchantId as number, 'default');
        const waiting = sub && sub.id === subscriptionId && sub.status === 'active' && sub.nextRetryAt !== null ? await openRenewalInvoiceFor(ctx.tx, sub.id, agreement.amount) : null;
        if (sub && waiting) await engine.startDunning(ctx.tx, ctx.account, sub, waiting, ctx.now);
      }
    });
    return OK;
  };

  /**
   * Cancels at ECPay every agreement that must stop (see staleAgreements): the intent committed first, then
   * CreditCardPeriodAction (Action=Cancel) outside any transaction, then the answer recorded. One ECPay refuses or
   * cannot be reached for stays `cancel_requested` and is asked again on the next sweep. Never throws.
   */
  const settleAgreements = async (merchantId?: number): Promise<{ canceled: number; failed: number }> => {
    const result = { canceled: 0, failed: 0 };
    try {
      const stale = await staleAgreements(db, merchantId, 100);
      if (stale.length === 0) return result;
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      await db.transaction(async (tx) => {
        for (const agreement of stale) if (agreement.status === 'active') await requestAgreementCancel(tx, agreement.id, agreement.reason, now);
      });
      for (const agreement of stale) {
        let outcome: { ok: true; now: number } | { ok: false; error: string };
        try {
          const answer = await periodAction(settings, ecpayTransportFor(deps), { tradeNo: agreement.tradeNo, action: 'Cancel', timestamp: now });
          outcome = answer.ok ? { ok: true, now } : { ok: false, error: `${answer.code} ${answer.message}` };
        } catch (error) {
          outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
        await recordAgreementCancel(db, agreement.id, outcome);
        if (outcome.ok) result.canceled += 1;
        else {
          result.failed += 1;
          deps.logger?.warn({ tradeNo: agreement.tradeNo, error: outcome.error }, 'ECPay agreement not cancelled yet; asked again on the next sweep');
        }
      }
    } catch (error) {
      deps.logger?.error({ err: error }, 'ECPay agreement sweep failed');
    }
    return result;
  };

  // ------------------------------------------------------------------------------------------ invoice orders

  /**
   * The signed ECPay form that pays an open TWD invoice (`invoiceId`, else the plan's past-due one). When the invoice
   * is a plan's renewal at its full price and no agreement pays that plan, the order is periodic: paying it also
   * makes the agreement that pays the next renewals.
   */
  const createInvoiceOrder = async (actor: Actor, input: { invoiceId?: string; returnUrl: string; resultBase: string }) =>
    engine.withMerchant(actor, async (ctx) => {
      let invoice: InvoiceRecord | null;
      if (input.invoiceId) invoice = await findInvoice(ctx.tx, input.invoiceId);
      else {
        const sub = await retryableSubscription(ctx.tx, actor.merchantId, 'default');
        invoice = sub ? await latestInvoiceOfSubscription(ctx.tx, sub.id, 'open') : null;
      }
      if (!invoice || invoice.merchantId !== actor.merchantId) throw new AppError('not_found', { message: 'Invoice not found' });
      if (invoice.status !== 'open' || invoice.amountDue <= 0) throw new AppError('invoice_already_paid');
      if (invoice.currency !== 'TWD') throw new AppError('package_unavailable', { message: 'ECPay pays New Taiwan dollar invoices only' });
      const totalAmount = toWholeMajor(invoice.amountDue, invoice.currency);
      const sub = invoice.subscriptionId !== null ? ((await subscriptionsByIds(ctx.tx, [invoice.subscriptionId])).get(invoice.subscriptionId) ?? null) : null;
      const pkg = sub ? await findPackage(ctx.tx, sub.packageId) : null;
      const periodic =
        sub !== null &&
        pkg !== null &&
        sub.name === 'default' &&
        ['active', 'past_due'].includes(sub.status) &&
        sub.endsAt === null &&
        sub.promotionCodeId === null &&
        invoice.billingReason === 'subscription_cycle' &&
        invoice.appliedBalance === 0 &&
        invoice.discount === 0 &&
        ctx.account.defaultPaymentMethod === null &&
        (await activeAgreementOf(ctx.tx, sub.id)) === null;
      const tradeNo = invoiceTradeNo();
      await insertInvoiceOrder(ctx.tx, { tradeNo, merchantId: actor.merchantId, invoiceId: invoice.id, amount: invoice.amountDue, currency: invoice.currency, periodic, returnUrl: input.returnUrl, now: ctx.now });
      const resultUrl = `${input.resultBase}${ECPAY_INVOICE_RESULT_PATH}/${tradeNo}`;
      let form = gateway.createOrder({
        tradeNo,
        totalAmount,
        tradeDate: deps.clock.now(),
        description: `Merchant Hub invoice ${invoice.number}`,
        itemNames: [`Invoice ${invoice.number} NT$${totalAmount} x 1`],
        notifyUrl: `${config.publicUrl}${ECPAY_INVOICE_NOTIFY_PATH}`,
        resultUrl,
        backUrl: resultUrl,
      });
      if (periodic && pkg && sub) {
        const terms = periodTermsFor(pkg.billing_period, totalAmount, periodNotifyUrl);
        await insertAgreement(ctx.tx, { tradeNo, merchantId: actor.merchantId, subscriptionId: sub.id, packageId: pkg.id, amount: invoice.amountDue, currency: invoice.currency, periodType: terms.periodType, frequency: terms.frequency, execTimes: terms.execTimes, now: ctx.now });
        form = withPeriodTerms(form, terms, settings.keys);
      }
      return { action: form.action, method: form.method, fields: form.fields, merchant_trade_no: tradeNo, invoice_id: invoice.id, total_amount: totalAmount, currency: invoice.currency, periodic };
    });

  /**
   * ReturnURL of an invoice order: a paid, verified notification pays the invoice once (the order settles once: a
   * redelivery changes nothing); an invoice paid meanwhile another way is left alone and the order marked
   * `paid_elsewhere` for staff to refund. A refused notification is recorded for staff; SimulatePaid=1 counts only on stage.
   */
  const handleInvoiceNotification = async (body: Record<string, unknown>): Promise<Reply> => {
    const notification = gateway.verifyNotification(body);
    if (!notification) return refuse('invoice', 'check_mac_invalid', body, '0|CheckMacValue Error');
    const order = await invoiceOrderByTradeNo(db, notification.tradeNo);
    if (!order) return refuse('invoice', 'order_not_found', body, '0|Order Not Found');
    const about = { merchantId: order.merchantId, amountMinor: order.amount };
    if (notification.paid && (!Number.isSafeInteger(notification.amount) || fromWholeMajor(notification.amount, order.currency as 'TWD') !== order.amount)) return refuse('invoice', 'amount_mismatch', body, '0|Amount Mismatch', about);
    if (simulatedRefused(notification.simulated, notification.paid)) return refuse('invoice', 'simulated_payment', body, '0|SimulatePaid Refused', about);
    const paid = notification.paid;
    const settled = await engine.withMerchant(order.merchantId, async (ctx) => {
      if (!paid) {
        await settleInvoiceOrder(ctx.tx, order.tradeNo, 'failed', notification.gatewayTradeNo, ctx.now);
        return null;
      }
      const invoice = await findInvoice(ctx.tx, order.invoiceId);
      if (!invoice || invoice.status !== 'open' || invoice.amountDue !== order.amount) {
        const first = await settleInvoiceOrder(ctx.tx, order.tradeNo, 'paid_elsewhere', notification.gatewayTradeNo, ctx.now);
        return first ? { elsewhere: true as const, number: invoice?.number ?? null } : null;
      }
      if (!(await settleInvoiceOrder(ctx.tx, order.tradeNo, 'paid', notification.gatewayTradeNo, ctx.now))) return null;
      await recordEcpayPayment(engine, ctx.tx, ctx.account, invoice, { id: `ecpay_${notification.gatewayTradeNo || order.tradeNo}`.slice(0, 64), key: `ecpay:${order.tradeNo}`, now: ctx.now });
      const agreement = order.periodic ? await agreementByTradeNo(ctx.tx, order.tradeNo) : null;
      if (agreement && agreement.status === 'pending' && invoice.subscriptionId !== null) {
        await startAgreement(ctx.tx, agreement, { merchantId: order.merchantId, subscriptionId: invoice.subscriptionId, invoice, gatewayTradeNo: notification.gatewayTradeNo, now: ctx.now });
      }
      return null;
    });
    if (settled?.elsewhere) await refundPaidElsewhere(order, notification.gatewayTradeNo, settled.number);
    return OK;
  };

  /**
   * An ECPay payment of an invoice paid meanwhile another way (issue 25 item 1: every reported payment recorded
   * once, a second one for a paid invoice refunded automatically): refunded through DoAction after the commit, and
   * shown to staff as a gateway notice; a refund ECPay refuses or cannot take is shown so, for staff to finish.
   */
  const refundPaidElsewhere = async (order: { tradeNo: string; merchantId: number; invoiceId: string; amount: number; currency: string }, gatewayTradeNo: string, invoiceNumber: string | null) => {
    const transport = ecpayTransportFor(deps);
    const refunds = createEcpayRefunds(settings, settings.mode === 'sandbox' ? {} : { post: async (url, form) => ({ status: 200, text: await transport(url, Object.fromEntries(form)) }) });
    let outcome: { refund_status: string; message: string };
    try {
      const done = await refunds.refund({ merchantTradeNo: order.tradeNo, tradeNo: gatewayTradeNo, totalAmount: toWholeMajor(order.amount, 'TWD') });
      outcome = { refund_status: done.simulated ? 'simulated' : 'succeeded', message: done.message };
    } catch (error) {
      outcome = { refund_status: 'failed', message: error instanceof Error ? error.message.slice(0, 200) : 'ECPay refund failed' };
      deps.logger?.warn({ tradeNo: order.tradeNo, invoiceId: order.invoiceId }, 'ECPay paid an invoice that was settled meanwhile and the refund failed: refund it by hand');
    }
    await recordGatewayNotice(db, {
      gateway: 'ecpay',
      kind: 'payment.duplicate_refunded',
      dedupeKey: `duplicate:ecpay:${order.tradeNo}`,
      reason: outcome.refund_status === 'failed' ? 'refund_failed' : 'duplicate',
      reference: order.tradeNo,
      merchantId: order.merchantId,
      invoiceId: order.invoiceId,
      amountMinor: order.amount,
      currency: order.currency,
      details: { ...outcome, invoice_number: invoiceNumber, ecpay_trade_no: gatewayTradeNo },
      at: nowSeconds(),
    });
  };

  /** Where the browser goes after ECPay's page: the page that sent it there (validated when the order was made). */
  const invoiceOrderReturn = async (tradeNo: string): Promise<string | null> => (await invoiceOrderByTradeNo(db, tradeNo))?.returnUrl ?? null;

  // ------------------------------------------------------------------------------------------------- sandbox

  /** ECPAY_MODE=sandbox: the agreements' charges that fell due on the merchant's test clock, delivered now. */
  const deliverSandboxCharges = async (merchantId: number): Promise<number> => {
    if (settings.mode !== 'sandbox') return 0;
    return deliverDueSandboxCharges(db, settings, merchantId, await engine.nowFor(db, merchantId), async (url, fields) => {
      if (!url.endsWith(ECPAY_PERIOD_NOTIFY_PATH)) return '0|Unknown PeriodReturnURL';
      return (await handlePeriodNotification(fields)).reply;
    });
  };

  /** Whether any agreement pays the merchant's plan now (the billing page says so). */
  const activeAgreementFor = async (merchantId: number): Promise<AgreementRecord | null> => {
    const account = await readBillingAccount(db, merchantId);
    const sub = account ? await retryableSubscription(db, merchantId, 'default') : null;
    return sub ? activeAgreementOf(db, sub.id) : null;
  };

  return { periodicCheckoutForm, activateCheckoutAgreement, handlePeriodNotification, settleAgreements, createInvoiceOrder, handleInvoiceNotification, invoiceOrderReturn, deliverSandboxCharges, activeAgreementFor };
};

export type EcpayBillingService = ReturnType<typeof createEcpayBillingService>;

const services = new WeakMap<AppDeps, EcpayBillingService>();
/** One per app, like the billing context. */
export const ecpayBillingFor = (deps: AppDeps): EcpayBillingService => {
  let service = services.get(deps);
  if (!service) services.set(deps, (service = createEcpayBillingService(deps)));
  return service;
};
