import { fromWholeMajor, toWholeMajor } from '@merchant-hub/money';
import type { AppDeps } from '../../app-deps';
import { createEcpayGateway, ecpaySettingsFrom } from '../../gateways/ecpay/ecpay.gateway';
import type { HostedForm, HostedFormGateway } from '../../gateways/hosted-form-port';
import { AppError } from '../../http/errors';
import { hashPassword, newOpaqueToken, sha256Hex } from '../../security/crypto';
import { findUserByEmail, findUserById, roleNamesOf } from '../accounts';
import { createAuthService, type LoginResult, type RequestMeta } from '../auth';
import { type CatalogPackage, findPackage } from '../packages';
import { writeAudit } from '../audit';
import { ecpayBillingFor } from '../billing';
import { type CheckoutCore, type CheckoutPaymentStatus, type GatewayOrderInput, newTradeNo, nowSeconds, PENDING_ORDER_TTL_SECONDS, returnAddress, type ReturnTo } from './checkout-core';
import {
  type BuyerForm,
  consumeTicket,
  findOrderByResultToken,
  findOrderByTicket,
  findOrderByTradeNo,
  insertOrder,
  lockOrderForNotification,
  markOrderFailed,
  markOrderPaid,
  markOrderPaidConflict,
  markOrderSimulated,
  merchantOwnedBy,
  recordExternalPayment,
} from './checkout.repository';
import { inTransaction } from '../../db/rows';
import { noticeKey, recordGatewayNotice } from '../gateway-notices';

/** Why a notification was refused (gateway_notices.reason). */
type RefusalReason = 'check_mac_invalid' | 'order_not_found' | 'amount_mismatch' | 'simulated_payment';

/** The notification fields kept with a refusal: what staff need to find the order, nothing secret. */
const NOTICE_FIELDS = ['MerchantID', 'MerchantTradeNo', 'RtnCode', 'RtnMsg', 'TradeNo', 'TradeAmt', 'PaymentDate', 'PaymentType', 'SimulatePaid'] as const;

/** Taiwan's gateway checkout (ECPay AIO): the signed form, the server notification, the result page and its sign-in. */
export const createEcpayCheckoutService = (deps: AppDeps, core: CheckoutCore) => {
  const { db, config } = deps;
  const auth = createAuthService(deps);
  let ecpay: HostedFormGateway | null = null;
  const ecpayGateway = (): HostedFormGateway => (ecpay ??= createEcpayGateway(ecpaySettingsFrom(config)));

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
  const createEcpayOrder = async (input: GatewayOrderInput, place: { countryId: number; countryName: string; state: { id: number; name: string } | null }, back: ReturnTo) => {
    const now = nowSeconds(deps);
    const pkg = await core.packageFor(input.package_id, 'ecpay');
    await core.assertEmailFree(input.email);
    const promotion = await core.promotionFor(db, input.coupon, pkg, now);
    const total = core.firstInvoiceTotal(pkg, promotion, now);
    // TWD amounts are whole dollars counted in minor units: ECPay's TotalAmount is the dollar figure.
    const totalAmount = toWholeMajor(total, pkg.currency);
    if (totalAmount <= 0) throw new AppError('package_unavailable', { message: 'This order has nothing to pay' });
    const token = newOpaqueToken();
    const tradeNo = newTradeNo();
    const form = buyerFromGatewayForm(input, place.countryId, place.countryName, place.state);
    await insertOrder(db, { channel: 'ecpay', tradeNo, resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: promotion?.code ?? null, amount: total, currency: pkg.currency, paymentRef: null, now });
    const oneOff: HostedForm = ecpayGateway().createOrder({
      tradeNo,
      totalAmount,
      tradeDate: deps.clock.now(),
      description: `Merchant Hub ${pkg.name}`,
      itemNames: [`${pkg.name} (${pkg.billing_period}) NT$${totalAmount} x 1`],
      // ECPay's server calls PUBLIC_URL; the buyer's browser comes back to the origin it left from.
      notifyUrl: `${config.publicUrl}/api/ecpay/notify`,
      resultUrl: returnAddress(back, `/api/ecpay/order-result/${token}`),
      backUrl: returnAddress(back, `/subscribe-payment-result/${token}`),
    });
    // Issue 25 #4: the first payment also makes the ECPay periodic agreement that renews the plan (billing owns it).
    const hosted = await ecpayBillingFor(deps).periodicCheckoutForm(oneOff, { tradeNo, pkg, amountMinor: total, couponDuration: promotion?.coupon.duration ?? null, now });
    return { action: hosted.action, method: hosted.method, fields: hosted.fields, token, merchant_trade_no: tradeNo, total_amount: totalAmount, currency: pkg.currency };
  };

  /**
   * A notification refused: recorded for staff (once per distinct notification; ECPay's repeats only count)
   * and answered with `reply`. Only the fields ECPay signs are kept, never the CheckMacValue.
   */
  const refuse = async (reason: RefusalReason, body: Record<string, unknown>, reply: string, extra: { merchantId?: number | null; amountMinor?: number | null; currency?: string | null; details?: Record<string, unknown> } = {}) => {
    const fields: Record<string, string> = {};
    for (const key of NOTICE_FIELDS) if (typeof body[key] === 'string' || typeof body[key] === 'number') fields[key] = String(body[key]).slice(0, 100);
    await recordGatewayNotice(db, {
      gateway: 'ecpay',
      kind: 'notification_refused',
      dedupeKey: `ecpay:${noticeKey(reason, JSON.stringify(fields))}`,
      reason,
      reference: fields.MerchantTradeNo ?? null,
      merchantId: extra.merchantId ?? null,
      amountMinor: extra.amountMinor ?? null,
      currency: extra.currency ?? null,
      details: { ...fields, ...extra.details },
      at: nowSeconds(deps),
    });
    return { ok: false, reply };
  };

  /**
   * ECPay's server notification. Answers `1|OK` once the order is settled (now or by an earlier copy of the
   * same notification); anything else makes ECPay send it again later. A paid notification after a failed
   * one pays the order (the buyer tried again on ECPay's page). `SimulatePaid=1` (no money moved) is accepted
   * only with ECPAY_MODE=stage, and the order is marked simulated; elsewhere it is refused and recorded.
   */
  const handleEcpayNotification = async (body: Record<string, unknown>): Promise<{ ok: boolean; reply: string }> => {
    const gateway = ecpayGateway();
    const notification = gateway.verifyNotification(body);
    if (!notification) return refuse('check_mac_invalid', body, '0|CheckMacValue Error');
    const order = await findOrderByTradeNo(db, notification.tradeNo);
    if (!order || order.channel !== 'ecpay') return refuse('order_not_found', body, '0|Order Not Found');
    if (notification.paid && (!Number.isSafeInteger(notification.amount) || fromWholeMajor(notification.amount, order.currency) !== order.amount)) {
      return refuse('amount_mismatch', body, '0|Amount Mismatch', { amountMinor: order.amount, currency: order.currency, details: { order_amount: toWholeMajor(order.amount, order.currency) } });
    }
    if (notification.paid && notification.simulated && gateway.mode !== 'stage') {
      // ECPay's back office simulated the payment: no money moved, and ECPay says not to deliver for it.
      // Answered 1|OK (a resend would say the same); the order stays pending for a real payment.
      await refuse('simulated_payment', body, '1|OK', { amountMinor: order.amount, currency: order.currency, details: { ecpay_mode: gateway.mode } });
      return { ok: true, reply: '1|OK' };
    }
    const pkg = (await findPackage(db, order.packageId)) as CatalogPackage;
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const now = nowSeconds(deps);
    const simulated = notification.paid && notification.simulated;
    const outcome = await inTransaction(db, async (tx): Promise<'created' | 'settled' | 'conflict'> => {
      const locked = await lockOrderForNotification(tx, order.id, now);
      // Pending, or failed and now paid (a failed attempt does not end an ECPay order): anything else is settled.
      if (!locked || !(locked.status === 'pending' || (locked.status === 'failed' && notification.paid))) return 'settled';
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
          details: { trade_no: locked.tradeNo, gateway_trade_no: notification.gatewayTradeNo, email: locked.email, amount: locked.amount, currency: locked.currency, package_id: locked.packageId, ...(simulated ? { simulated: true } : {}) },
          at: now,
        });
        return 'conflict';
      }
      const { userId, merchantId } = await core.provision(tx, {
        form: locked.form,
        pkg,
        couponCode: locked.couponCode,
        passwordHash,
        paymentType: 'manual',
        // No card is kept: renewals are paid by the ECPay agreement this order made (if it was periodic), else by the merchant.
        collectionMethod: 'send_invoice',
        now,
        pay: async (account, invoice) => {
          if (invoice.total !== locked.amount) throw new AppError('internal_error', { message: 'The paid amount does not match the order' });
          const paymentId = `${simulated ? 'ecpay_simulated_' : 'ecpay_'}${notification.gatewayTradeNo || locked.tradeNo}`;
          await recordExternalPayment(tx, { id: paymentId, merchantId: account.merchantId, invoiceId: invoice.id, methodType: 'ecpay', paymentMethod: null, amount: invoice.total, currency: invoice.currency, now });
          await core.billing().mailInvoice(tx, account, 'invoicePaid', invoice, now);
        },
      });
      await ecpayBillingFor(deps).activateCheckoutAgreement(tx, { tradeNo: locked.tradeNo, merchantId, gatewayTradeNo: notification.gatewayTradeNo, now });
      await markOrderPaid(tx, order.id, { ...result, userId, merchantId }, now);
      if (simulated) {
        await markOrderSimulated(tx, order.id);
        await recordGatewayNotice(tx, {
          gateway: 'ecpay',
          kind: 'simulated_payment',
          dedupeKey: `ecpay:simulated:${locked.tradeNo}`,
          reason: 'simulated_payment',
          reference: locked.tradeNo,
          merchantId,
          amountMinor: locked.amount,
          currency: locked.currency,
          details: { MerchantTradeNo: locked.tradeNo, TradeNo: notification.gatewayTradeNo, ecpay_mode: 'stage' },
          at: now,
        });
      }
      return 'created';
    });
    if (outcome === 'created') await core.sendWelcome(order.form, pkg);
    if (outcome === 'conflict') await core.alertSupportOfConflict(order, pkg, notification.gatewayTradeNo);
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
    const ticket = await core.issueTicket(order, now);
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

  return { ecpayGateway, createEcpayOrder, handleEcpayNotification, paymentStatus, signInWithTicket };
};
