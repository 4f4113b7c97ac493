import type { CardBrand, CurrencyCode } from '@merchant-hub/domain';
import type { FpxBankCode } from '@merchant-hub/validation';
import type { Knex } from 'knex';

/**
 * The only thing the billing engine asks of a payment provider: move money and keep cards. The engine owns
 * subscriptions, invoices and balances; a gateway never decides what is owed.
 *
 * `exec` lets the embedded sandbox write its state in the caller's transaction (SQLite has one writer, so a
 * second connection would wait forever); network gateways ignore it.
 */
export type GatewayExec = Knex | Knex.Transaction;

export type GatewayCard = { id: string; brand: CardBrand; last4: string; exp_month: number; exp_year: number };

export type GatewayPaymentStatus = 'succeeded' | 'failed' | 'requires_action' | 'processing' | 'requires_payment_method';

export type GatewayPayment = {
  id: string;
  status: GatewayPaymentStatus;
  amount: number;
  currency: CurrencyCode;
  method_type: 'card' | 'fpx';
  payment_method: string | null;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  client_secret: string | null;
  /** Set while the customer must authenticate (3-D Secure): the provider's page, which returns to `return_url`. */
  next_action?: GatewayNextAction | null;
};

/** Stripe's `next_action` of type `redirect_to_url`, the only kind this product asks for (it always sends a return_url). */
export type GatewayNextAction = { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };

export type GatewayEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

export type GatewayErrorCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_number'
  | 'invalid_expiry'
  | 'authentication_required'
  | 'resource_missing'
  | 'idempotency_key_in_use'
  | 'signature_invalid'
  | 'amount_too_small'
  | 'invalid_request'
  | 'refund_refused'
  | 'gateway_unavailable';

/**
 * Refusals that the same request would meet again (docs.stripe.com/declines/codes, error-codes): the amount is
 * below the gateway's minimum, the card or customer is gone or unusable, the request itself is refused. They are
 * final: never retried as is (no retry with the same key, no dunning retry with the same card); a soft decline
 * (`card_declined`/`generic_decline`, `insufficient_funds`, …) may succeed later and is retried by dunning.
 */
export const PERMANENT_REFUSALS: readonly string[] = [
  'amount_too_small',
  'amount_too_large',
  'invalid_request',
  'resource_missing',
  'expired_card',
  'incorrect_number',
  'invalid_expiry',
  'lost_card',
  'stolen_card',
  'pickup_card',
  'card_not_supported',
  'currency_not_supported',
  'invalid_account',
  'payment_method_not_available',
];

export const isPermanentRefusal = (code: string | null | undefined): boolean => code !== null && code !== undefined && PERMANENT_REFUSALS.includes(code);

/** A provider refusal the customer can act on; `message` is the provider's text, shown as is (spec §8). */
/**
 * What an API error about a card says besides the provider's English message: the decline code, for the page
 * to word the refusal in the merchant's language (issue 31 #5).
 */
export const declineDetails = (code: string): { decline_code: string } => ({ decline_code: code });

export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  constructor(code: GatewayErrorCode, message: string) {
    super(message);
    this.name = 'GatewayError';
    this.code = code;
  }
}

export type ChargeInput = {
  customer: string;
  paymentMethod: string;
  amount: number;
  currency: CurrencyCode;
  /** Same key, same request → the first result again, never a second charge. */
  idempotencyKey: string;
  description: string;
  /** Renewals and retries run without the customer present. */
  offSession: boolean;
  /** On-session only: where the card issuer's authentication page sends the customer back. */
  returnUrl?: string;
  metadata?: Record<string, string>;
};

export type BankRedirectInput = {
  customer: string;
  amount: number;
  currency: CurrencyCode;
  /** The bank the customer picked; Stripe sends the customer straight to it, the sandbox page ignores it. */
  bank?: FpxBankCode;
  returnUrl: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * A refund of a payment the gateway took, in full or in part. `idempotencyKey` makes a retried request (a crash
 * between the call and recording its answer) give the first refund back instead of a second one.
 */
export type RefundInput = {
  /** The gateway's payment id (Stripe: the PaymentIntent). */
  paymentRef: string;
  amountMinor: number;
  idempotencyKey: string;
  /** Our reason code, kept in the refund's metadata; Stripe's own `reason` is left to Stripe's list. */
  reason: string;
  metadata?: Record<string, string>;
};

export type GatewayRefundStatus = 'succeeded' | 'pending' | 'failed';

export type GatewayRefund = { id: string; paymentRef: string; amountMinor: number; currency: CurrencyCode; status: GatewayRefundStatus };

/** `redirect_url` is the bank's page; the bank sends the customer back to `returnUrl` with the outcome. */
export type BankRedirect = { payment: GatewayPayment; client_secret: string; redirect_url: string };

/** Stripe confirms the FPX payment on the server, which needs the bank up front; the sandbox page does not. */
export const bankChoiceRequired = (gateway: Pick<PaymentGateway, 'name'>): boolean => gateway.name === 'stripe';

export type PaymentGateway = {
  name: 'sandbox' | 'stripe';
  createCustomer: (input: { merchantId: number; email: string; name: string }, exec?: GatewayExec) => Promise<string>;
  createSetupIntent: (input: { customer: string }, exec?: GatewayExec) => Promise<{ id: string; client_secret: string }>;
  /** Saves a card for the customer; declined cards throw a {@link GatewayError}. */
  attachPaymentMethod: (input: { customer: string; paymentMethod: string }, exec?: GatewayExec) => Promise<GatewayCard>;
  detachPaymentMethod: (input: { paymentMethod: string }, exec?: GatewayExec) => Promise<void>;
  /** A decline is a `failed` payment, not an exception; exceptions mean the provider could not be asked. */
  charge: (input: ChargeInput, exec?: GatewayExec) => Promise<GatewayPayment>;
  /**
   * Runs several calls (the renewal engine's charges of one batch) as the gateway likes to group them: the
   * sandbox, which keeps its state in our database, in one transaction of its own (one commit, not one per
   * charge); a remote gateway has nothing to group and leaves it out. Never holds any of the caller's rows.
   */
  batch?: <T>(work: (exec: GatewayExec | undefined) => Promise<T>) => Promise<T>;
  /**
   * Several charges at once (a batch of renewals), each answered as {@link charge} alone would answer it: its
   * payment, or the error that call would have thrown. The sandbox asks its tables once for the lot; a remote
   * gateway leaves it out, and null (the sandbox with test faults in play) also means: ask them one by one.
   */
  chargeMany?: (inputs: ChargeInput[], exec?: GatewayExec) => Promise<(GatewayPayment | Error)[] | null>;
  /** FPX: a single-use payment confirmed on the bank's page, which redirects back to `returnUrl`. */
  createBankRedirect: (input: BankRedirectInput, exec?: GatewayExec) => Promise<BankRedirect>;
  retrievePayment: (id: string, exec?: GatewayExec) => Promise<GatewayPayment | null>;
  /**
   * The card payment a {@link charge} made under `idempotencyKey` for `customer`, read back (its metadata
   * `charge_key`); null when none was made. The recovery of a charge whose answer a crash lost (issue 25 item 6).
   */
  findPaymentByKey: (input: { customer: string; idempotencyKey: string }, exec?: GatewayExec) => Promise<GatewayPayment | null>;
  /**
   * Gives back all or part of a succeeded payment. A refusal the provider will repeat (already refunded, more
   * than is left, not a succeeded payment) throws a {@link GatewayError} `refund_refused`; never call it inside
   * a database transaction (record the intent, commit, call, record the result).
   */
  refund: (input: RefundInput, exec?: GatewayExec) => Promise<GatewayRefund>;
  verifyWebhook: (rawBody: string | Buffer, signatureHeader: string | undefined, nowSeconds: number) => GatewayEvent;
};
