/** The slice of Stripe.js the card field uses; typed here because the product does not bundle @stripe/stripe-js. */
export type StripeCardChange = { complete: boolean; empty: boolean; error?: { message: string } };

export type StripeCardElement = {
  mount: (target: HTMLElement) => void;
  destroy: () => void;
  on: (event: 'change', handler: (change: StripeCardChange) => void) => void;
};

export type StripeInstance = {
  elements: () => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ error?: { message?: string }; setupIntent?: { payment_method: string | { id: string } | null } }>;
};

type StripeFactory = (publishableKey: string) => StripeInstance;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | null = null;

/**
 * Adds Stripe.js to the page once, and only when the API runs the Stripe gateway: sandbox users never
 * download it (and never call out to Stripe).
 */
export const loadStripeJs = (doc: Document = document): Promise<StripeFactory> => {
  const existing = (globalThis as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  if (loading) return loading;
  loading = new Promise<StripeFactory>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (globalThis as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without defining Stripe'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    doc.head.appendChild(script);
  });
  return loading;
};
