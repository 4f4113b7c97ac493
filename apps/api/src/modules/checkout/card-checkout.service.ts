import type { Coupon } from '@merchant-hub/domain';
import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { declineDetails, GatewayError } from '../../gateways/port';
import { AppError } from '../../http/errors';
import { hashPassword, newOpaqueToken, sha256Hex } from '../../security/crypto';
import { type PromotionRecord, toCoupon } from '../billing';
import { type CardOrderInput, type CheckoutCore, newTradeNo, nowSeconds, type SignInTicket } from './checkout-core';
import { type BuyerForm, type CheckoutOrder, findOrderByPaymentRef, gatewayCustomerTaken, insertOrder, markOrderPaid, setDefaultCard } from './checkout.repository';
import { inTransaction } from '../../db/rows';

export type CheckoutConfig = { gateway: 'sandbox' | 'stripe'; stripePublishableKey?: string };

/** Card checkout (MY, SG, PH, TH): the card field's set-up, coupons, and the merchant created with its paid first invoice. */
export const createCardCheckoutService = (deps: AppDeps, core: CheckoutCore) => {
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
   * POST create-merchant/stripe/set-payment-method: creates the merchant and charges the first invoice with
   * the confirmed card, in one transaction. Sent again with the same card after success (a timed-out
   * first attempt), it signs the buyer in instead of charging twice.
   */
  const subscribeWithCard = async (input: CardOrderInput & { paymentMethod: string; stripe_id: string }, place: { countryId: number; countryName: string; state: { id: number; name: string } }) => {
    const existing = await findOrderByPaymentRef(db, input.paymentMethod);
    if (existing) return retrySignIn(input.paymentMethod);
    const pkg = await core.packageFor(input.package_id, 'card');
    await core.assertEmailFree(input.email);
    if (await gatewayCustomerTaken(db, input.stripe_id)) throw new AppError('card_error', { message: 'This card cannot be used' });
    const form = buyerFromCardForm(input, place);
    const passwordHash = await hashPassword(newOpaqueToken(), config.scryptCost);
    const gateway = gatewayFor(deps);
    const now = nowSeconds(deps);
    const token = newOpaqueToken();
    let paidTotal = 0;
    await inTransaction(db, async (tx) => {
      const { userId, merchantId } = await core.provision(tx, {
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
            if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message, details: declineDetails(error.code) });
            throw error;
          }
          await setDefaultCard(tx, account.merchantId, input.stripe_id, card, now);
        },
        pay: async (account, invoice) => {
          paidTotal = invoice.total;
          if (invoice.status === 'paid') return;
          const paid = await core.billing().payInvoice(tx, account, invoice, { now, offSession: false, paymentMethod: input.paymentMethod });
          if (!paid.ok) throw core.billing().paymentError(paid);
        },
      });
      await insertOrder(tx, { channel: 'card', tradeNo: newTradeNo(), resultTokenHash: sha256Hex(token), packageId: pkg.id, form, couponCode: input.coupon_code ?? null, amount: paidTotal, currency: pkg.currency, paymentRef: input.paymentMethod, now });
      const order = (await findOrderByPaymentRef(tx, input.paymentMethod)) as CheckoutOrder;
      await markOrderPaid(tx, order.id, { code: 'succeeded', message: 'Card payment succeeded', paymentRef: input.paymentMethod, userId, merchantId }, now);
    });
    await core.sendWelcome(form, pkg);
    const order = (await findOrderByPaymentRef(db, input.paymentMethod)) as CheckoutOrder;
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
