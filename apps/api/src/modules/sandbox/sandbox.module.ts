import type { ApiModule } from '../registry';
import { clockAdvanceSchema, sandboxPaymentMethodSchema, sandboxRouter } from './sandbox.router';

export const sandboxModule: ApiModule = {
  name: 'sandbox',
  router: (deps) => sandboxRouter(deps),
  enabled: (config) => config.paymentGateway === 'sandbox',
  docs: [
    { method: 'post', path: '/api/sandbox/payment-methods', summary: 'Sandbox stand-in for Stripe.js: a payment method from a test card number → { id, brand, last4 }', body: sandboxPaymentMethodSchema },
    { method: 'post', path: '/api/sandbox/clock/advance', summary: 'Staff: move a merchant’s test clock and run what falls due → { now }', auth: true, body: clockAdvanceSchema },
    { method: 'get', path: '/api/sandbox/fpx/{id}', summary: 'Sandbox FPX bank page (Pay / Fail)' },
    { method: 'post', path: '/api/sandbox/fpx/{id}/complete', summary: 'Sandbox FPX bank: pay or fail (outcome), then back to the return URL' },
    { method: 'get', path: '/api/sandbox/3ds/{id}', summary: 'Sandbox 3-D Secure issuer page (Complete / Fail authentication)' },
    { method: 'post', path: '/api/sandbox/3ds/{id}/complete', summary: 'Sandbox 3-D Secure: complete or fail (outcome), then back to the return URL with payment_intent and redirect_status' },
  ],
};
