// The mail namespace (issue 13 §5): every e-mail and text message the API sends, in the recipient's language.
// Rules for every language: a link ends its line (nothing after it but a line break or the end), and a code
// stands between spaces or punctuation, so the dev mailbox and mail clients read them whole.
export const mail = {
  loginCode: {
    subject: 'Your Merchant Hub sign-in code',
    text: 'Your sign-in code is {{code}}. It expires in {{minutes}} minutes. If you did not try to sign in, change your password.',
  },
  loginNotice: {
    subject: 'New sign-in to Merchant Hub',
    text: 'Your account was signed in at {{at}}. If this was not you, reset your password at:\n{{link}}',
  },
  passwordReset: {
    subject: 'Reset your Merchant Hub password',
    text: 'Open this link to choose a new password (valid for {{minutes}} minutes):\n{{link}}\nIf you did not ask for this, ignore this e-mail.',
  },
  passwordChanged: {
    subject: 'Your Merchant Hub password was changed',
    text: 'Your password has been successfully reset. If this was not you, contact support at once.',
  },
  activation: {
    subject: 'Finish setting up your Merchant Hub account',
    text: 'Hello {{name}}, finish setting up your Merchant Hub account with this link:\n{{link}}',
  },
  trialCode: {
    text: 'Merchant Hub: your verification code is {{code}}. It expires in {{minutes}} minutes.',
  },
  signupWelcome: {
    subject: 'Welcome to Merchant Hub!',
    text: 'Welcome to Merchant Hub! Verify your e-mail address with this link:\n{{link}}',
  },
  checkoutWelcome: {
    subject: 'Welcome to Merchant Hub!',
    text: 'Welcome to Merchant Hub, {{name}}! Your {{plan}} plan is active. Choose your password to sign in next time:\n{{link}}',
  },
  merchantInvite: {
    subject: 'Create your Merchant Hub store',
    text: 'Hello {{name}}, finish setting up your merchant account here:\n{{link}}',
  },
  invoiceOpen: {
    subject: 'Invoice {{number}} from Merchant Hub',
    text: 'Your invoice {{number}} for {{amount}} is open. The PDF is attached. View and pay it here:\n{{link}}',
  },
  invoicePaid: {
    subject: 'Receipt for invoice {{number}} from Merchant Hub',
    text: 'Thank you. We received your payment of {{amount}} for invoice {{number}} on {{date}}. The invoice PDF is attached. View it online:\n{{link}}',
  },
  paymentFailed: {
    subject: 'Payment failed for invoice {{number}}',
    text: 'We could not charge {{amount}} for invoice {{number}}. We will try again on {{date}}. To keep your plan, check your card or pay the invoice in your back office:\n{{link}}',
  },
  paymentFailedFinal: {
    subject: 'Your Merchant Hub plan was cancelled',
    text: 'We could not charge {{amount}} for invoice {{number}} after several attempts, so your plan was cancelled on {{date}}. Subscribe again from your back office:\n{{link}}',
  },
  planEnding: {
    subject: 'Your Merchant Hub plan ends on {{date}}',
    text: 'You unsubscribed from {{plan}}. It stays active until {{date}}, and you can resume it before then in your back office:\n{{link}}',
  },
  planCanceledNow: {
    subject: 'Your Merchant Hub plan has ended',
    text: 'Our team cancelled your plan {{plan}} on {{date}}; it has ended. You can subscribe again any time in your back office:\n{{link}}',
  },
  planCanceledNowCredit: {
    subject: 'Your Merchant Hub plan has ended',
    text: 'Our team cancelled your plan {{plan}} on {{date}}; it has ended. The unused time, {{amount}}, was added to your credit balance. You can subscribe again any time in your back office:\n{{link}}',
  },
  planChangeScheduled: {
    subject: 'Your Merchant Hub plan changes on {{date}}',
    text: 'Your plan will change to {{plan}} on {{date}}. Until then you keep your current plan, and you can cancel the change in your back office:\n{{link}}',
  },
  contactChanged: {
    subject: 'Your Merchant Hub {{what}} was changed',
    text: 'The {{what}} of your Merchant Hub account was changed, and this address no longer receives its sign-in and password e-mails. If you did not make this change, report it with this link: we will restore your details, sign out every session and cancel any password reset link.\n{{link}}',
  },
  contactChangedByStaff: {
    subject: 'Merchant Hub support changed your {{what}}',
    text: 'Our support team changed the {{what}} of your Merchant Hub account, and this address no longer receives its sign-in and password e-mails. If you did not ask for this, report it with this link: we will restore your details, sign out every session and cancel any password reset link.\n{{link}}',
  },
  contactChange: {
    email: 'e-mail address',
    phone: 'phone number',
    emailAndPhone: 'e-mail address and phone number',
  },
  period: {
    monthly: 'monthly',
    yearly: 'yearly',
  },
  /** The hosted invoice page and its PDF (issue 31 #5), in the merchant's language. */
  invoiceDocument: {
    title: 'Invoice {{number}}',
    issued: 'Issued {{date}}',
    chargedAutomatically: 'Charged automatically',
    payOnReceipt: 'Pay on receipt',
    billTo: 'Bill to',
    status: 'Status',
    description: 'Description',
    quantity: 'Qty',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    discountCode: 'Discount ({{code}})',
    tax: '{{label}} ({{percent}}%)',
    rounding: 'Rounding',
    total: 'Total',
    appliedBalance: 'Applied credit balance',
    amountPaid: 'Amount paid',
    amountDue: 'Amount due',
    downloadPdf: 'Download PDF',
    statuses: {
      draft: 'Draft',
      open: 'Open',
      paid: 'Paid',
      uncollectible: 'Uncollectible',
      void: 'Void',
    },
  },
};
