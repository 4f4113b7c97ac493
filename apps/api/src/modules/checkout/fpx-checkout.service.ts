import type { FpxBankCode } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { bankChoiceRequired, declineDetails, GatewayError, type GatewayPayment } from '../../gateways/port';
import { AppError, validationError } from '../../http/errors';
import { hashPassword, newOpaqueToken, sha256Hex } from '../../security/crypto';
import { type CatalogPackage, findPackage } from '../packages';
import type { CardCheckoutService } from './card-checkout.service';
import { type CardOrderInput, type CheckoutCore, newTradeNo, nowSeconds, returnAddress, type ReturnTo } from './checkout-core';
import { type CheckoutOrder, findOrderByPaymentRef, findOrderByTradeNo, insertOrder, lockOrderForNotification, markOrderFailed, markOrderPaid, recordExternalPayment, setDefaultCard } from './checkout.repository';
import { inTransaction } from '../../db/rows';

/** FPX checkout (Malaysia): the bank redirect, then settling the order from the bank's redirect or the webhook. */
export const createFpxCheckoutService = (deps: AppDeps, core: CheckoutCore, card: CardCheckoutService) => {
  const { db, config } = deps;

  /** POST create-merchant/fpx: a pending order and the bank redirect (Malaysia only, single-use). */
  const createFpxPayment = async (input: CardOrderInput & { bank?: FpxBankCode }, place: { countryId: number; countryName: string; state: { id: number; name: string } }, back: ReturnTo) => {
    const pkg = await core.packageFor(input.package_id, 'fpx');
    const gateway = gatewayFor(deps);
    if (!input.bank && bankChoiceRequired(gateway)) throw validationError({ bank: 'validation:fpx.bankRequired' });
    await core.assertEmailFree(input.email);
    const now = nowSeconds(deps);
    const promotion = await core.promotionFor(db, input.coupon_code, pkg, now);
    const total = core.firstInvoiceTotal(pkg, promotion, now);
    const form = card.buyerFromCardForm(input, place);
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
        returnUrl: returnAddress(back, `/subscribe-payment/${pkg.id}?type=fpx`),
        idempotencyKey: `checkout:${tradeNo}`,
        metadata: { purpose: 'checkout', trade_no: tradeNo, package_id: String(pkg.id) },
      });
    } catch (error) {
      // The bank refused to start (offline, maintenance): the page shows the provider's words.
      if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message, details: declineDetails(error.code) });
      throw error;
    }
    await insertOrder(db, { channel: 'fpx', tradeNo, resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: promotion?.code ?? null, amount: total, currency: pkg.currency, paymentRef: redirect.payment.id, now });
    return { payment_intent_id: redirect.payment.id, client_secret: redirect.client_secret, redirect_url: redirect.redirect_url, amount: total, currency: pkg.currency };
  };

  /** The order a payment pays: by the order reference in its metadata (card), else by the payment's id (FPX). */
  const orderOfPayment = async (payment: GatewayPayment): Promise<CheckoutOrder | null> => {
    const order = payment.metadata.trade_no ? await findOrderByTradeNo(db, payment.metadata.trade_no) : await findOrderByPaymentRef(db, payment.id);
    if (!order) return null;
    if (order.channel === 'fpx') return order.paymentRef === payment.id ? order : null;
    // A card order names the card it was placed with; its payment must have been made with that card.
    if (order.channel === 'card' && order.form.card && (order.status !== 'pending' || order.paymentRef === payment.payment_method)) return order;
    return null;
  };

  /**
   * Settles an FPX order, or a card order (charged after the order was committed, or back from 3-D Secure), from
   * the payment the gateway reports; repeated calls (the returning page, the webhook, the charge's own answer)
   * agree, and only the first creates the merchant.
   */
  const settleOrderPayment = async (payment: GatewayPayment): Promise<CheckoutOrder | null> => {
    const order = await orderOfPayment(payment);
    if (!order) return null;
    if (order.status !== 'pending') return order;
    const now = nowSeconds(deps);
    const byCard = order.channel === 'card' ? (order.form.card ?? null) : null;
    if (payment.status !== 'succeeded') {
      if (payment.status === 'failed' || payment.status === 'requires_payment_method') {
        // A card order lets go of its card, so the buyer may try it again (a new order).
        await markOrderFailed(db, order.id, { code: payment.failure_code ?? payment.status, message: payment.failure_message ?? (byCard ? 'Your card was declined.' : 'FPX payment failed'), paymentRef: byCard ? null : payment.id }, now);
      }
      return findOrderByTradeNo(db, order.tradeNo);
    }
    if (payment.amount !== order.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
    const pkg = (await findPackage(db, order.packageId)) as CatalogPackage;
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const created = await inTransaction(db, async (tx) => {
      const locked = await lockOrderForNotification(tx, order.id, now);
      if (!locked || locked.status !== 'pending') return false;
      const { card: _card, ...form } = locked.form;
      const { userId, merchantId } = await core.provision(tx, {
        form,
        pkg,
        couponCode: locked.couponCode,
        passwordHash,
        paymentType: byCard ? 'card' : 'fpx',
        // FPX cannot charge again by itself: each renewal is an invoice paid by a new bank payment.
        collectionMethod: byCard ? 'charge_automatically' : 'send_invoice',
        now,
        paymentIntentId: payment.id,
        beforeInvoice: byCard ? (account) => setDefaultCard(tx, account.merchantId, byCard.customer, byCard, now) : undefined,
        pay: async (account, invoice) => {
          if (invoice.total !== payment.amount) throw new AppError('fpx_payment_failed', { message: 'The paid amount does not match the plan price' });
          await recordExternalPayment(tx, { id: payment.id, merchantId: account.merchantId, invoiceId: invoice.id, methodType: byCard ? 'card' : 'fpx', paymentMethod: payment.payment_method, amount: payment.amount, currency: invoice.currency, now });
          await core.billing().mailInvoice(tx, account, 'invoicePaid', invoice, now);
        },
      });
      await markOrderPaid(tx, order.id, { code: 'succeeded', message: byCard ? 'Card payment succeeded' : 'FPX payment succeeded', paymentRef: order.paymentRef ?? payment.id, userId, merchantId }, now);
      return true;
    });
    if (created) await core.sendWelcome(order.form, pkg);
    return findOrderByTradeNo(db, order.tradeNo);
  };

  /** POST create-merchant/fpx/check-and-register: after the bank's redirect, register and sign in. */
  const checkAndRegisterFpx = async (paymentIntentId: string) => {
    const payment = await gatewayFor(deps).retrievePayment(paymentIntentId);
    if (!payment || payment.metadata.purpose !== 'checkout') throw new AppError('not_found', { message: 'Payment not found' });
    const order = await settleOrderPayment(payment);
    if (!order) throw new AppError('not_found', { message: 'Payment not found' });
    if (order.status !== 'paid') throw new AppError('fpx_payment_failed');
    const ticket = await core.issueTicket(order, nowSeconds(deps));
    if (!ticket) throw new AppError('checkout_session_expired');
    return { message: 'Welcome to Merchant Hub!', ...ticket };
  };

  const markFpxFailed = async (payment: GatewayPayment): Promise<void> => {
    const order = await orderOfPayment(payment);
    if (order && order.status === 'pending') {
      await markOrderFailed(db, order.id, { code: payment.failure_code ?? 'payment_failed', message: payment.failure_message ?? 'Payment failed', paymentRef: order.channel === 'card' ? null : payment.id }, nowSeconds(deps));
    }
  };

  return { createFpxPayment, settleOrderPayment, checkAndRegisterFpx, markFpxFailed };
};
