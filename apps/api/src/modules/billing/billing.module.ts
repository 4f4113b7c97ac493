import {
  addCardSchema,
  addCouponSchema,
  billingHistoryQuerySchema,
  billingInfoUpdateSchema,
  cancelTrialingPackageSchema,
  createIntentSchema,
  creditBalanceQuerySchema,
  deleteCardSchema,
  downgradeOrUpgradeSchema,
  lateSubscribeFpxIntentSchema,
  lateSubscribeFpxSchema,
  lateSubscribeSchema,
  resumeSchema,
  retryPaymentSchema,
  setPrimaryCardSchema,
  unsubscribeSchema,
} from '@merchant-hub/validation';
import { seedBillingDemo } from '../../db/seeds/billing-demo';
import type { ApiModule } from '../registry';
import { billingRouter, planChangePreviewQuerySchema, userIdQuerySchema } from './billing.router';

export const billingModule: ApiModule = {
  name: 'billing',
  router: (deps) => billingRouter(deps),
  seed: seedBillingDemo,
  docs: [
    { method: 'get', path: '/api/users/billing/all', summary: 'The billing response (spec §3); 402 with code 0 when the merchant must subscribe', auth: true, query: userIdQuerySchema },
    { method: 'get', path: '/api/users/billing/plan-change-preview', summary: 'Prorated lines and totals a plan change would charge now', auth: true, query: planChangePreviewQuerySchema },
    { method: 'post', path: '/api/users/billing/downgrade-or-upgrade', summary: 'Upgrade (immediate, prorated), period switch (new cycle) or schedule a downgrade', auth: true, body: downgradeOrUpgradeSchema },
    { method: 'post', path: '/api/users/billing/cancel-trialing-package', summary: 'Cancel the scheduled plan change', auth: true, body: cancelTrialingPackageSchema },
    { method: 'post', path: '/api/users/billing/unsubscribe', summary: 'End the plan at the period end (grace)', auth: true, body: unsubscribeSchema },
    { method: 'post', path: '/api/users/billing/resume', summary: 'Keep a plan that was set to end', auth: true, body: resumeSchema },
    { method: 'post', path: '/api/users/billing/retry-payment', summary: 'Charge the open invoice of a past_due subscription', auth: true, body: retryPaymentSchema },
    { method: 'post', path: '/api/users/billing/add-coupon', summary: 'Apply a promotion code to the plan', auth: true, body: addCouponSchema },
    { method: 'patch', path: '/api/users/billing/{id}', summary: 'Update billing details (id = user_merchant_id)', auth: true, body: billingInfoUpdateSchema },
    { method: 'post', path: '/api/users/billing/set-as-primary-card', summary: 'Make a card the default', auth: true, body: setPrimaryCardSchema },
    { method: 'post', path: '/api/users/billing/delete-card', summary: 'Remove a card', auth: true, body: deleteCardSchema },
    { method: 'post', path: '/api/users/billing/create-intent', summary: 'Setup intent for adding a card (client_secret)', auth: true, body: createIntentSchema },
    { method: 'post', path: '/api/users/billing/add-card', summary: 'Save a confirmed payment method', auth: true, body: addCardSchema },
    { method: 'post', path: '/api/users/billing/billing-history', summary: 'Invoices by UTC day range or start_after cursor', auth: true, body: billingHistoryQuerySchema },
    { method: 'get', path: '/api/users/billing/credit-balance', summary: 'Credit balance and ledger, cursor paging both ways', auth: true, query: creditBalanceQuerySchema },
    { method: 'post', path: '/api/users/billing/late-subscribe/create-intent', summary: 'Setup intent for late subscribe (stripeIntent)', auth: true, body: createIntentSchema },
    { method: 'post', path: '/api/users/billing/late-subscribe', summary: 'Subscribe after the plan ended, by card', auth: true, body: lateSubscribeSchema },
    { method: 'post', path: '/api/users/billing/late-subscribe/fpx/create-intent', summary: 'FPX payment for late subscribe: redirect to the bank', auth: true, body: lateSubscribeFpxIntentSchema },
    { method: 'post', path: '/api/users/billing/late-subscribe/fpx', summary: 'Confirm late subscribe after the FPX redirect', auth: true, body: lateSubscribeFpxSchema },
    { method: 'get', path: '/api/invoices/{id}', summary: 'Hosted invoice page (HTML); {id}.pdf for the PDF', auth: true },
  ],
};
