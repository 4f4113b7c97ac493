import type { Coupon, LoginResponse, Package, PaymentStatusResponse, RoleName } from '@merchant-hub/domain';
import { checkoutConfigSchema, checkoutPackageSchema, paymentStatusSchema } from '../response-schemas';
import type { CardCheckoutRequestInput, EcpayCreateOrderInput, FpxCheckoutRequestInput } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';

type DataEnvelope<T> = { data: T };

/** A plan as the checkout shows it (GET /packages/{id}); `market` and `currency` say which checkout sells it. */
export type CheckoutPackage = Package & { market?: string };

/** POST /ecpay/create-order: the AIO form the page posts to the gateway's cashier. */
export type EcpayOrder = {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
  token: string;
  merchant_trade_no: string;
  total_amount: number;
  currency: string;
};

/** A single-use sign-in ticket: exchanged once, within minutes, for a session. Never a password. */
export type SignInTicket = { email: string; ticket: string; message?: string };

export type TicketSignInResult = LoginResponse & { role_names: RoleName[]; role_names_expires_in: number };

export type CardSetup = { client_secret: string; setup_intent_id: string; stripe_id: string; gateway: 'sandbox' | 'stripe' };

/** `redirect_url` is the bank's page (the sandbox's, or the one Stripe answered with for the chosen bank). */
export type FpxPayment = { payment_intent_id: string; client_secret: string; redirect_url: string; amount: number; currency: string };

/**
 * GET /ecpay/payment-status (the domain's statuses include `paid_conflict`). `status` is read as any string:
 * the result page shows a status it has no screen for as "not completed" rather than failing.
 */
export type CheckoutPaymentStatus = Omit<PaymentStatusResponse, 'status'> & { status: PaymentStatusResponse['status'] | (string & {}) };

/** GET /checkout/config: which card entry the checkout mounts before the buyer has a session. */
export type CheckoutConfig = { gateway: 'sandbox' | 'stripe'; stripePublishableKey?: string };

export type SetPaymentMethodInput = CardCheckoutRequestInput & { paymentMethod: string; stripe_id: string };

export const fetchCheckoutPackage = async (http: HttpClient, packageId: number, signal?: AbortSignal): Promise<CheckoutPackage> =>
  (await http.get(`/packages/${packageId}`, { schema: checkoutPackageSchema, ...(signal ? { signal } : {}) })).data;

/** GET /check-email/{email}: true when nobody has signed up with it. */
export const checkEmailAvailable = async (http: HttpClient, email: string): Promise<boolean> => {
  try {
    await http.get(`/check-email/${encodeURIComponent(email)}`);
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 409) return false;
    throw error;
  }
};

export const createEcpayOrder = async (http: HttpClient, input: EcpayCreateOrderInput): Promise<EcpayOrder> =>
  (await http.post<DataEnvelope<EcpayOrder>>('/ecpay/create-order', input)).data;

export const fetchCheckoutConfig = (http: HttpClient, signal?: AbortSignal): Promise<CheckoutConfig> =>
  http.get('/checkout/config', { schema: checkoutConfigSchema, ...(signal ? { signal } : {}) });

export const fetchPaymentStatus = (http: HttpClient, token: string, signal?: AbortSignal): Promise<CheckoutPaymentStatus> =>
  http.get('/ecpay/payment-status', { query: { token }, schema: paymentStatusSchema, ...(signal ? { signal } : {}) });

export const signInWithTicket = (http: HttpClient, ticket: string): Promise<TicketSignInResult> =>
  http.post<TicketSignInResult>('/checkout/ticket-sign-in', { ticket });

export const validateCheckoutCoupon = async (http: HttpClient, input: { coupon: string; package_id: number }): Promise<Coupon> =>
  (await http.post<DataEnvelope<Coupon>>('/create-merchant/stripe/validate-coupon', input)).data;

export const createCardSetup = (http: HttpClient, input: { email: string; name?: string }): Promise<CardSetup> =>
  http.post<CardSetup>('/create-merchant/stripe', input);

export const setCheckoutPaymentMethod = (http: HttpClient, input: SetPaymentMethodInput): Promise<SignInTicket> =>
  http.post<SignInTicket>('/create-merchant/stripe/set-payment-method', input);

export const retryCheckoutSignIn = (http: HttpClient, paymentMethod: string): Promise<SignInTicket> =>
  http.post<SignInTicket>('/create-merchant/retry', { paymentMethod });

export const createFpxPayment = (http: HttpClient, input: FpxCheckoutRequestInput): Promise<FpxPayment> =>
  http.post<FpxPayment>('/create-merchant/fpx', input);

export const checkAndRegisterFpx = (http: HttpClient, paymentIntentId: string): Promise<SignInTicket> =>
  http.post<SignInTicket>('/create-merchant/fpx/check-and-register', { payment_intent_id: paymentIntentId });
