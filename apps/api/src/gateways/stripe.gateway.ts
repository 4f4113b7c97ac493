import type { CardBrand, CurrencyCode } from '@merchant-hub/domain';
import { isBusinessFpxBank } from '@merchant-hub/validation';
import Stripe from 'stripe';
import { type BankRedirect, type GatewayCard, GatewayError, type GatewayErrorCode, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './port';

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake; production leaves these unset (api.stripe.com over HTTPS). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

const KNOWN_CODES: readonly GatewayErrorCode[] = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'authentication_required',
  'resource_missing',
  'idempotency_key_in_use',
  'amount_too_small',
];

const cardBrand = (brand: string | undefined): CardBrand =>
  brand === 'visa' || brand === 'mastercard' || brand === 'amex' ? brand : 'unknown';

const toGatewayError = (error: unknown): GatewayError => {
  if (error instanceof GatewayError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const raw = (error.decline_code ?? error.code ?? '') as GatewayErrorCode;
    // A request Stripe refused for what it asks (400/404) is refused again if sent again: final, not an outage.
    const code = KNOWN_CODES.includes(raw) ? raw : error.type === 'StripeCardError' ? 'card_declined' : error.type === 'StripeInvalidRequestError' ? 'invalid_request' : 'gateway_unavailable';
    return new GatewayError(code, error.message);
  }
  return new GatewayError('gateway_unavailable', error instanceof Error ? error.message : 'Payment provider unavailable');
};

/** Pages of a customer's PaymentIntents read to find a charge by its key (500 payments: years of a merchant's). */
const PAYMENT_LOOKUP_PAGES = 5;

const toPayment = (intent: Stripe.PaymentIntent): GatewayPayment => {
  const status: GatewayPayment['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'requires_action' || intent.status === 'requires_confirmation'
          ? 'requires_action'
          : intent.last_payment_error
            ? 'failed'
            : 'requires_payment_method';
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    currency: intent.currency.toUpperCase() as CurrencyCode,
    method_type: intent.payment_method_types.includes('fpx') ? 'fpx' : 'card',
    payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
    failure_code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
    failure_message: intent.last_payment_error?.message ?? null,
    metadata: { ...intent.metadata },
    client_secret: intent.client_secret,
    next_action:
      intent.next_action?.type === 'redirect_to_url' && intent.next_action.redirect_to_url?.url
        ? { type: 'redirect_to_url', redirect_to_url: { url: intent.next_action.redirect_to_url.url, return_url: intent.next_action.redirect_to_url.return_url ?? '' } }
        : null,
  };
};

/** The real provider through the official SDK; Stripe keeps cards and moves money, the engine keeps the books. */
export const createStripeGateway = (options: StripeGatewayOptions): PaymentGateway => {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 15000,
  });

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  return {
    name: 'stripe',

    createCustomer: async ({ merchantId, email, name }) =>
      call(async () => (await stripe.customers.create({ email, name, metadata: { merchant_id: String(merchantId) } })).id),

    createSetupIntent: async ({ customer }) =>
      call(async () => {
        const intent = await stripe.setupIntents.create({ customer, usage: 'off_session', allowed_payment_method_types: ['card'] });
        return { id: intent.id, client_secret: intent.client_secret ?? '' };
      }),

    attachPaymentMethod: async ({ customer, paymentMethod }): Promise<GatewayCard> =>
      call(async () => {
        const pm = await stripe.paymentMethods.attach(paymentMethod, { customer });
        return {
          id: pm.id,
          brand: cardBrand(pm.card?.brand),
          last4: pm.card?.last4 ?? '',
          exp_month: pm.card?.exp_month ?? 0,
          exp_year: pm.card?.exp_year ?? 0,
        };
      }),

    detachPaymentMethod: async ({ paymentMethod }) => {
      await call(() => stripe.paymentMethods.detach(paymentMethod));
    },

    charge: async (input) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customer,
            payment_method: input.paymentMethod,
            confirm: true,
            off_session: input.offSession,
            // With a return_url Stripe answers 3-D Secure with a redirect_to_url action instead of use_stripe_sdk.
            ...(input.offSession || !input.returnUrl ? {} : { return_url: input.returnUrl }),
            description: input.description,
            metadata: input.metadata ?? {},
            allowed_payment_method_types: ['card'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toPayment(intent);
      } catch (error) {
        // A card refusal still created a PaymentIntent: report it as a failed payment, not an outage.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          return {
            id: intent?.id ?? `failed_${input.idempotencyKey}`,
            status: 'failed',
            amount: input.amount,
            currency: input.currency,
            method_type: 'card',
            payment_method: input.paymentMethod,
            failure_code: error.decline_code ?? error.code ?? 'card_declined',
            failure_message: error.message,
            metadata: input.metadata ?? {},
            client_secret: intent?.client_secret ?? null,
          };
        }
        // A request Stripe refuses for what it asks (an amount below its minimum, a customer or card that no
        // longer exists) is a final refusal of this payment, not an outage: answered as a failed payment, so it
        // is recorded once and never retried with the same key (a retry would only meet the same answer).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const refusal = toGatewayError(error);
          return {
            id: `failed_${input.idempotencyKey}`,
            status: 'failed',
            amount: input.amount,
            currency: input.currency,
            method_type: 'card',
            payment_method: input.paymentMethod,
            failure_code: refusal.code,
            failure_message: error.message,
            metadata: input.metadata ?? {},
            client_secret: null,
          };
        }
        throw toGatewayError(error);
      }
    },

    createBankRedirect: async (input): Promise<BankRedirect> =>
      call(async () => {
        if (!input.bank) throw new GatewayError('resource_missing', 'Choose the bank to pay with');
        // Created and confirmed in one call with the bank the page picked, so no Stripe.js FPX element is
        // needed: Stripe answers with the bank's page, and the bank returns to return_url with
        // payment_intent, payment_intent_client_secret and redirect_status.
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customer,
            allowed_payment_method_types: ['fpx'],
            payment_method_data: {
              type: 'fpx',
              fpx: isBusinessFpxBank(input.bank) ? { bank: input.bank, account_holder_type: 'company' } : { bank: input.bank },
            },
            confirm: true,
            return_url: input.returnUrl,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const url = intent.next_action?.redirect_to_url?.url;
        // Without a bank page the payment cannot go on (e.g. the bank is offline): say why, as Stripe put it.
        if (!url) throw new GatewayError('gateway_unavailable', intent.last_payment_error?.message ?? 'The bank is not available right now. Please try again later.');
        return { payment: toPayment(intent), client_secret: intent.client_secret ?? '', redirect_url: url };
      }),

    retrievePayment: async (id) => {
      try {
        return toPayment(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw toGatewayError(error);
      }
    },

    findPaymentByKey: async ({ customer, idempotencyKey }) =>
      call(async () => {
        // The customer's PaymentIntents, newest first (a list is read-after-write consistent; Stripe's search
        // is not): every charge carries its key in metadata `charge_key`. A merchant has a few a month.
        let startingAfter: string | undefined;
        for (let page = 0; page < PAYMENT_LOOKUP_PAGES; page += 1) {
          const list = await stripe.paymentIntents.list({ customer, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
          const found = list.data.find((intent) => intent.metadata?.charge_key === idempotencyKey);
          if (found) return toPayment(found);
          if (!list.has_more || list.data.length === 0) return null;
          startingAfter = list.data[list.data.length - 1].id;
        }
        return null;
      }),

    refund: async (input): Promise<GatewayRefund> => {
      try {
        const made = await stripe.refunds.create(
          { payment_intent: input.paymentRef, amount: input.amountMinor, metadata: { ...input.metadata, reason: input.reason } },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          id: made.id,
          paymentRef: typeof made.payment_intent === 'string' ? made.payment_intent : (made.payment_intent?.id ?? input.paymentRef),
          amountMinor: made.amount,
          currency: made.currency.toUpperCase() as CurrencyCode,
          status: made.status === 'succeeded' ? 'succeeded' : made.status === 'failed' || made.status === 'canceled' ? 'failed' : 'pending',
        };
      } catch (error) {
        // Already refunded, more than is left, no succeeded charge: Stripe gives the same answer every time.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== 'resource_missing') throw new GatewayError('refund_refused', error.message);
        throw toGatewayError(error);
      }
    },

    verifyWebhook: (rawBody, header) => {
      try {
        const event = stripe.webhooks.constructEvent(rawBody, header ?? '', options.webhookSecret);
        return { id: event.id, type: event.type, data: { object: event.data.object as unknown as Record<string, unknown> } };
      } catch {
        throw new GatewayError('signature_invalid', 'Webhook signature does not match');
      }
    },
  };
};
