// The staff console. staff-api owns `timeline.*` and `clock.*` (title keys the API answers with); screens add
// their own subtrees beside them.
export const staff = {
  timeline: {
    subscription: {
      created: 'Subscribed to {{plan}}',
      changeScheduled: 'Change to {{plan}} scheduled',
      canceled: 'Plan {{plan}} cancelled',
      pastDue: 'Plan {{plan}} is past due',
    },
    invoice: {
      open: 'Invoice {{number}} issued',
      paid: 'Invoice {{number}} paid',
      void: 'Invoice {{number}} voided',
      uncollectible: 'Invoice {{number}} marked uncollectible',
      draft: 'Invoice {{number}} drafted',
    },
    payment: {
      succeeded: 'Payment received for {{number}}',
      failed: 'Payment for {{number}} failed: {{failure}}',
      pending: 'Payment for {{number}} is waiting ({{status}})',
    },
    dunning: {
      retryScheduled: 'Payment retry {{attempt}} scheduled',
    },
    coupon: {
      redeemed: 'Coupon {{code}} applied',
    },
    credit: {
      entry: 'Credit ledger: {{description}}',
    },
    email: {
      sent: 'E-mail sent: {{subject}}',
    },
    staff: {
      viewed: 'Staff opened the account',
      creditAdjusted: 'Staff adjusted the credit balance',
      creditRequested: 'Staff asked for a credit adjustment to be approved',
      creditApproved: 'Staff approved a credit adjustment',
      creditRejected: 'Staff rejected a credit adjustment',
      creditReversed: 'Staff reversed a credit adjustment',
      invoiceVoided: 'Staff voided an invoice',
      invoiceUncollectible: 'Staff marked an invoice uncollectible',
      invoiceResent: 'Staff resent an invoice e-mail',
      wizardInvite: 'Staff sent the merchant set-up invite',
      passwordReset: 'Staff sent a password-reset link',
      signInBanLifted: 'Staff lifted the sign-in ban',
      clockAdvanced: 'Staff advanced the test clock',
      billing: 'Staff acted on the billing page ({{action}})',
      refused: 'Staff action refused ({{action}})',
    },
  },
  clock: {
    renewal: '{{plan}} renewed',
    retry: 'Payment retried for {{number}}',
    scheduledChange: 'Scheduled change applied: now on {{plan}}',
    cancellation: '{{plan}} cancelled',
    expiry: '{{plan}} trial ended',
  },
};
