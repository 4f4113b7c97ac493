import { lazyWithPreload } from '@merchant-hub/app-root';

// What the checkout pages draw but only need once touched: the payment forms (@mantine/form, the inputs, the card
// field, the payment calls) and the gateway checkout's language picker (Mantine's input frame). Not in a page's
// first load: the page runs without them (their prerendered markup stays on screen until their code is in and
// hydrates it, see `LazyPart`); the route's preload fetches them beside the page's code.
export const CardPaymentForm = lazyWithPreload(() => import('./card-payment-form').then((module) => module.CardPaymentForm));
export const GatewayPaymentForm = lazyWithPreload(() => import('./gateway-payment-form').then((module) => module.GatewayPaymentForm));
export const LanguageChoice = lazyWithPreload(() => import('./language-choice').then((module) => module.LanguageChoice));
