import type { Coupon } from '@merchant-hub/domain';
import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { declineDetails, GatewayError, type GatewayPayment } from '../../gateways/port';
import { AppError } from '../../http/errors';
import { newOpaqueToken, sha256Hex } from '../../security/crypto';
import { chargeOnce, type PromotionRecord, toCoupon } from '../billing';
import { type CardOrderInput, type CheckoutCore, newTradeNo, nowSeconds, returnAddress, type ReturnTo, type SignInTicket } from './checkout-core';
import { type BuyerForm, type CheckoutOrder, findOrderByPaymentRef, findOrderByTradeNo, gatewayCustomerTaken, insertOrder, markOrderFailed } from './checkout.repository';

export type CheckoutConfig = { gateway: 'sandbox' | 'stripe'; stripePublishableKey?: string };

/** Card checkout (MY, SG, PH, TH): the card field's set-up, coupons, and the merchant created with its paid first invoice. */
export const createCardCheckoutService = (deps: AppDeps, core: CheckoutCore, settle: (payment: GatewayPayment) => Promise<CheckoutOrder | null>) => {
  const { db, config } = deps;

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

  /**
   * POST create-merchant/stripe/validate-coupon: the coupon as the summary shows it, or why it cannot apply. Only
   * for a plan this checkout sells (not hidden, not Call for Quote, a card market): the answer would otherwise
   * confirm a code and price a plan no buyer can reach.
   */
  const validateCoupon = async (code: string, packageId: number): Promise<{ data: Coupon }> => {
    const pkg = await core.packageFor(packageId, 'card');
    const promotion = await core.promotionFor(db, code, pkg, nowSeconds(deps));
    return { data: toCoupon(promotion as PromotionRecord) };
  };

  /** POST create-merchant/stripe: a customer and a setup intent for the card field to confirm. */
  const createCardSetup = async (input: { email: string; name?: string | null }) => {
    await core.assertEmailFree(input.email);
    const gateway = gatewayFor(deps);
    const customer = await gateway.createCustomer({ merchantId: 0, email: input.email.toLowerCase(), name: input.name ?? '' });
    const intent = await gateway.createSetupIntent({ customer });
    return { client_secret: intent.client_secret, setup_intent_id: intent.id, stripe_id: customer, gateway: gateway.name };
  };

  /**
   * POST create-merchant/stripe/set-payment-method: the first invoice charged with the confirmed card, then the
   * merchant created from the paid order. No gateway call runs inside a transaction of ours: the card is saved
   * and the pending order (its reference is the charge's idempotency key) committed first, then the charge is
   * made, then the order is settled as its webhook or a return from 3-D Secure would settle it. When the issuer
   * asks for 3-D Secure (Stripe's `requires_action`) the call answers 402 `authentication_required` with the
   * issuer's page, which returns to the checkout page (`?flow=3ds`); `fpx/check-and-register` (or the webhook)
   * then settles the order. Sent again with the same card after success (a timed-out first attempt), it signs
   * the buyer in instead of charging twice.
   */
  const subscribeWithCard = async (input: CardOrderInput & { paymentMethod: string; stripe_id: string }, place: { countryId: number; countryName: string; state: { id: number; name: string } }, back: ReturnTo) => {
    const existing = await findOrderByPaymentRef(db, input.paymentMethod);
    if (existing) return retrySignIn(input.paymentMethod);
    const pkg = await core.packageFor(input.package_id, 'card');
    await core.assertEmailFree(input.email);
    if (await gatewayCustomerTaken(db, input.stripe_id)) throw new AppError('card_error', { message: 'This card cannot be used' });
    const form = buyerFromCardForm(input, place);
    const gateway = gatewayFor(deps);
    const now = nowSeconds(deps);
    const promotion = await core.promotionFor(db, input.coupon_code, pkg, now);
    const total = core.firstInvoiceTotal(pkg, promotion, now);
    let card;
    try {
      card = await gateway.attachPaymentMethod({ customer: input.stripe_id, paymentMethod: input.paymentMethod });
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message, details: declineDetails(error.code) });
      throw error;
    }
    const tradeNo = newTradeNo();
    const token = newOpaqueToken();
    await insertOrder(db, {
      channel: 'card',
      tradeNo,
      resultTokenHash: sha256Hex(token),
      packageId: pkg.id,
      form: { ...form, card: { customer: input.stripe_id, ...card } },
      couponCode: promotion?.code ?? null,
      amount: total,
      currency: pkg.currency,
      paymentRef: input.paymentMethod,
      now,
    });
    const payment: GatewayPayment =
      total === 0
        ? { id: `free_${tradeNo}`, status: 'succeeded', amount: 0, currency: pkg.currency, method_type: 'card', payment_method: input.paymentMethod, failure_code: null, failure_message: null, metadata: { trade_no: tradeNo }, client_secret: null }
        : await chargeOnce(gateway, {
            customer: input.stripe_id,
            paymentMethod: input.paymentMethod,
            amount: total,
            currency: pkg.currency,
            idempotencyKey: `checkout:${tradeNo}`,
            description: `Merchant Hub ${pkg.name}`,
            offSession: false,
            returnUrl: returnAddress(back, `/subscribe-payment/${pkg.id}?flow=3ds`),
            metadata: { purpose: 'checkout', trade_no: tradeNo, package_id: String(pkg.id) },
          }).catch(async (error: unknown) => {
            // Never asked, or no answer: the order lets go of the card; the buyer may try again.
            const order = await findOrderByTradeNo(db, tradeNo);
            if (order) await markOrderFailed(db, order.id, { code: 'gateway_unavailable', message: error instanceof Error ? error.message : 'Payment provider unavailable', paymentRef: null }, now);
            if (error instanceof GatewayError) throw new AppError('payment_failed', { message: error.message, details: declineDetails(error.code) });
            throw error;
          });
    if (payment.status === 'requires_action' && payment.next_action) {
      throw core.billing().authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: payment.next_action });
    }
    const order = await settle(payment);
    if (!order || order.status !== 'paid') {
      const mine = await findOrderByTradeNo(db, tradeNo);
      if (mine?.status === 'pending') await markOrderFailed(db, mine.id, { code: payment.failure_code ?? payment.status, message: payment.failure_message ?? 'Your card was declined.', paymentRef: null }, now);
      throw new AppError('payment_failed', { message: payment.failure_message ?? 'Your card was declined.', details: declineDetails(payment.failure_code ?? 'card_declined') });
    }
    const ticket = await core.issueTicket(order, now);
    return { message: 'Success, Logging you in!', token, ...(ticket as SignInTicket) };
  };

  /** POST create-merchant/retry: the timed-out buyer's way back in, by the card (or FPX payment) they paid with. */
  const retrySignIn = async (paymentRef: string) => {
    const order = await findOrderByPaymentRef(db, paymentRef);
    if (!order || order.status !== 'paid') throw new AppError('checkout_ticket_invalid');
    const ticket = await core.issueTicket(order, nowSeconds(deps));
    if (!ticket) throw new AppError('checkout_session_expired');
    return { message: 'Success, Logging you in!', ...ticket };
  };

  return { checkoutConfig, buyerFromCardForm, validateCoupon, createCardSetup, subscribeWithCard, retrySignIn };
};

export type CardCheckoutService = ReturnType<typeof createCardCheckoutService>;
