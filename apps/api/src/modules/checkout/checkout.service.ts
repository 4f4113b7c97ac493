import type { AppDeps } from '../../app-deps';
import { createCardCheckoutService } from './card-checkout.service';
import { createCheckoutCore } from './checkout-core';
import { createEcpayCheckoutService } from './ecpay-checkout.service';
import { createFpxCheckoutService } from './fpx-checkout.service';

export { PENDING_ORDER_TTL_SECONDS, SIGN_IN_WINDOW_SECONDS, TICKET_TTL_SECONDS } from './checkout-core';
export type { CardOrderInput, CheckoutPaymentStatus, GatewayOrderInput, SignInTicket } from './checkout-core';
export type { CheckoutConfig } from './card-checkout.service';

/** The public checkout's calls, by channel: ECPay (TW), card (MY, SG, PH, TH) and FPX (MY). */
export const createCheckoutService = (deps: AppDeps) => {
  const core = createCheckoutCore(deps);
  const ecpay = createEcpayCheckoutService(deps, core);
  // The card checkout settles its orders as FPX's are (fpx is made after it, so it is reached lazily).
  const card = createCardCheckoutService(deps, core, (payment) => fpx.settleOrderPayment(payment));
  const fpx = createFpxCheckoutService(deps, core, card);
  return {
    checkoutConfig: card.checkoutConfig,
    createEcpayOrder: ecpay.createEcpayOrder,
    handleEcpayNotification: ecpay.handleEcpayNotification,
    paymentStatus: ecpay.paymentStatus,
    signInWithTicket: ecpay.signInWithTicket,
    validateCoupon: card.validateCoupon,
    createCardSetup: card.createCardSetup,
    subscribeWithCard: card.subscribeWithCard,
    retrySignIn: card.retrySignIn,
    createFpxPayment: fpx.createFpxPayment,
    checkAndRegisterFpx: fpx.checkAndRegisterFpx,
    settleOrderPayment: fpx.settleOrderPayment,
    markFpxFailed: fpx.markFpxFailed,
    ecpayGateway: ecpay.ecpayGateway,
  };
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;
