/** The slice of Stripe.js the card field uses; typed here because the product does not bundle @stripe/stripe-js. */
export type StripeCardChange = { complete: boolean; empty: boolean; error?: { message: string } };

export type StripeCardElement = {
  mount: (target: HTMLElement) => void;
  destroy: () => void;
  on: (event: 'change', handler: (change: StripeCardChange) => void) => void;
};

export type StripeInstance = {
  elements: (options?: { locale?: string }) => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ error?: { message?: string }; setupIntent?: { payment_method: string | { id: string } | null } }>;
};

type StripeFactory = (publishableKey: string) => StripeInstance;

/**
 * The Stripe Elements locale for a page language (`<html lang>`): the card field's own texts and messages
 * ("Your card number is incomplete.") then read in the page's language (issue 31 #5). Stripe knows `zh-TW`
 * apart from `zh` (Simplified); a language it does not know is left to Stripe (`auto`).
 */
export const stripeLocaleOf = (pageLanguage: string): string => {
  const lang = pageLanguage.toLowerCase();
  if (lang === 'zh-tw' || lang === 'zh-hant' || lang.startsWith('zh-hant-')) return 'zh-TW';
  if (lang.startsWith('zh')) return 'zh';
  const base = lang.split('-')[0] ?? '';
  return ['en', 'ms', 'th'].includes(base) ? base : 'auto';
};

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
