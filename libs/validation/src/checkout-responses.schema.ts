import { z } from 'zod';
import { loginResponseSchema } from './account-responses.schema.js';
import { couponResponseSchema, packageResponseSchema } from './billing-responses.schema.js';

// What the public checkout reads from the API (GET /packages/{id}, ECPay, card and FPX checkout). The API client
// parses these answers with them (in development and tests) and the API's contract test parses its real answers.

const minor = z.number().int();

/** GET /packages/{id}: the plan a checkout sells, and the market it sells in. */
export const checkoutPackageResponseSchema = z.looseObject({ data: packageResponseSchema.extend({ market: z.string().optional() }) });
export type CheckoutPackage = z.infer<typeof checkoutPackageResponseSchema>['data'];

/** GET /checkout/config: which card entry the checkout mounts. */
export const checkoutConfigResponseSchema = z.looseObject({
  gateway: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().optional(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigResponseSchema>;

/** GET /ecpay/payment-status: where a Taiwan checkout stands, with a sign-in ticket once paid. */
export const paymentStatusResponseSchema = z.looseObject({
  // success, pending, expired, invalid_token, failed, paid_conflict today; the result page shows any status it
  // has no screen for as "not completed", so a status added later must not fail the answer.
  status: z.string(),
  loginInfo: z.looseObject({ email: z.string(), ticket: z.string() }).nullable(),
  order_no: z.string().optional(),
});

/** GET /check-email/{email}: 200 when nobody has signed up with it (409 when taken). */
export const emailAvailableResponseSchema = z.looseObject({ success: z.literal(true), available: z.literal(true) });

/** POST /ecpay/create-order: the AIO form the page posts to the gateway's cashier. */
export const ecpayOrderSchema = z.looseObject({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
  token: z.string(),
  merchant_trade_no: z.string(),
  total_amount: minor,
  currency: z.string(),
});
export type EcpayOrder = z.infer<typeof ecpayOrderSchema>;
export const ecpayOrderResponseSchema = z.looseObject({ data: ecpayOrderSchema });

/** POST /users/billing/ecpay/pay-invoice: the ECPay form that pays an open TWD invoice (periodic: it also starts an agreement). */
export const ecpayInvoiceOrderSchema = ecpayOrderSchema.omit({ token: true }).extend({ invoice_id: z.string(), periodic: z.boolean() });
export type EcpayInvoiceOrder = z.infer<typeof ecpayInvoiceOrderSchema>;
export const ecpayInvoiceOrderResponseSchema = z.looseObject({ data: ecpayInvoiceOrderSchema });

/** POST /checkout/ticket-sign-in: the session a single-use ticket is exchanged for. */
export const ticketSignInResponseSchema = loginResponseSchema;
export type TicketSignInResult = z.infer<typeof ticketSignInResponseSchema>;

/** POST /create-merchant/stripe/validate-coupon. */
export const checkoutCouponResponseSchema = z.looseObject({ data: couponResponseSchema });

/** POST /create-merchant/stripe: the setup intent the buyer's card is confirmed against. */
export const cardSetupResponseSchema = z.looseObject({
  client_secret: z.string(),
  setup_intent_id: z.string(),
  stripe_id: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
});
export type CardSetup = z.infer<typeof cardSetupResponseSchema>;

/** A single-use sign-in ticket: exchanged once, within minutes, for a session. Never a password. */
export const signInTicketResponseSchema = z.looseObject({ email: z.string(), ticket: z.string(), message: z.string().optional() });
export type SignInTicket = z.infer<typeof signInTicketResponseSchema>;

/** POST /create-merchant/fpx: `redirect_url` is the bank's page (the sandbox's, or Stripe's for the chosen bank). */
export const fpxPaymentResponseSchema = z.looseObject({ payment_intent_id: z.string(), client_secret: z.string(), redirect_url: z.string(), amount: minor, currency: z.string() });
export type FpxPayment = z.infer<typeof fpxPaymentResponseSchema>;
