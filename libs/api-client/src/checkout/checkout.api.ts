import type { Coupon, PaymentStatusResponse } from '@merchant-hub/domain';
import type {
  CardCheckoutRequestInput,
  CardSetup,
  CheckoutConfig,
  CheckoutPackage,
  EcpayCreateOrderInput,
  EcpayOrder,
  FpxCheckoutRequestInput,
  FpxPayment,
  SignInTicket,
  TicketSignInResult,
} from '@merchant-hub/validation';
import { responseOf } from '../response-schemas';
import type { HttpClient } from '../http-client';

export type { CardSetup, CheckoutConfig, CheckoutPackage, EcpayOrder, FpxPayment, SignInTicket, TicketSignInResult } from '@merchant-hub/validation';

/**
 * GET /ecpay/payment-status (the domain's statuses include `paid_conflict`). `status` is read as any string:
 * the result page shows a status it has no screen for as "not completed" rather than failing.
 */
export type CheckoutPaymentStatus = Omit<PaymentStatusResponse, 'status'> & { status: PaymentStatusResponse['status'] | (string & {}) };

export type SetPaymentMethodInput = CardCheckoutRequestInput & { paymentMethod: string; stripe_id: string };

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchCheckoutPackage = async (http: HttpClient, packageId: number, signal?: AbortSignal): Promise<CheckoutPackage> =>
  (await http.get(`/packages/${packageId}`, { schema: responseOf('GET /packages/:id'), ...withSignal(signal) })).data;

/** GET /check-email/{email}: true when nobody has signed up with it. */
export const checkEmailAvailable = async (http: HttpClient, email: string): Promise<boolean> => {
  try {
    await http.get(`/check-email/${encodeURIComponent(email)}`, { schema: responseOf('GET /check-email/:email') });
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 409) return false;
    throw error;
  }
};

export const createEcpayOrder = async (http: HttpClient, input: EcpayCreateOrderInput): Promise<EcpayOrder> =>
  (await http.post('/ecpay/create-order', input, { schema: responseOf('POST /ecpay/create-order') })).data;

export const fetchCheckoutConfig = (http: HttpClient, signal?: AbortSignal): Promise<CheckoutConfig> =>
  http.get('/checkout/config', { schema: responseOf('GET /checkout/config'), ...withSignal(signal) });

export const fetchPaymentStatus = (http: HttpClient, token: string, signal?: AbortSignal): Promise<CheckoutPaymentStatus> =>
  http.get('/ecpay/payment-status', { query: { token }, schema: responseOf('GET /ecpay/payment-status'), ...withSignal(signal) });

export const signInWithTicket = (http: HttpClient, ticket: string): Promise<TicketSignInResult> =>
  http.post('/checkout/ticket-sign-in', { ticket }, { schema: responseOf('POST /checkout/ticket-sign-in') });

export const validateCheckoutCoupon = async (http: HttpClient, input: { coupon: string; package_id: number }): Promise<Coupon> =>
  (await http.post('/create-merchant/stripe/validate-coupon', input, { schema: responseOf('POST /create-merchant/stripe/validate-coupon') })).data;

export const createCardSetup = (http: HttpClient, input: { email: string; name?: string }): Promise<CardSetup> =>
  http.post('/create-merchant/stripe', input, { schema: responseOf('POST /create-merchant/stripe') });

export const setCheckoutPaymentMethod = (http: HttpClient, input: SetPaymentMethodInput): Promise<SignInTicket> =>
  http.post('/create-merchant/stripe/set-payment-method', input, { schema: responseOf('POST /create-merchant/stripe/set-payment-method') });

export const retryCheckoutSignIn = (http: HttpClient, paymentMethod: string): Promise<SignInTicket> =>
  http.post('/create-merchant/retry', { paymentMethod }, { schema: responseOf('POST /create-merchant/retry') });

export const createFpxPayment = (http: HttpClient, input: FpxCheckoutRequestInput): Promise<FpxPayment> =>
  http.post('/create-merchant/fpx', input, { schema: responseOf('POST /create-merchant/fpx') });

export const checkAndRegisterFpx = (http: HttpClient, paymentIntentId: string): Promise<SignInTicket> =>
  http.post('/create-merchant/fpx/check-and-register', { payment_intent_id: paymentIntentId }, { schema: responseOf('POST /create-merchant/fpx/check-and-register') });
